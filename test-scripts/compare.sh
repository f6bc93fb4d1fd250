#!/bin/bash
# Compare two device tables from test-scripts/guest/devtable.sh.
# Usage: compare.sh same-state A B      path, control, status and delay identical
#        compare.sh same-decisions A B  path and autopm verdict and reason identical
#        compare.sh newly-suspended A B N  at least N devices active in A are
#                                          suspended in B, governed by autopm
#        compare.sh explained A B       every device whose control, status or
#                                       delay differ is governed by autopm in B
#                                       (its reason) or, control unchanged,
#                                       suspends with a governed device above
#                                       or below it; none suspended in A is
#                                       active in B; both list the same devices
# Exit 0 if the comparison holds; the differences go to stdout.
set -eu
what=$1
a=$2
b=$3

columns() {
	# A "|" starts the why-active column, which is not compared.
	awk -v cols="$1" 'NR > 1 { n = split(cols, c, ","); line = $1;
		for (i = 1; i <= n; i++) if ($c[i] != "|" && $c[i] != "") line = line " " $c[i];
		print line }' "$2" | sort
}

case "$what" in
same-state | same-decisions)
	cols=5,6,7
	[ "$what" = same-decisions ] && cols=9,10
	[ -s "$a" ] && [ -s "$b" ] || { echo "compare: empty table"; exit 1; }
	diff <(columns "$cols" "$a") <(columns "$cols" "$b")
	;;
newly-suspended)
	want=$4
	got=$(join <(columns 6 "$a" | awk '$2 == "active" { print $1 }') \
		<(awk 'NR > 1 && $6 == "suspended" && / govern .*owner=autopm/ { print $1, $10 }' "$b" | sort) |
		tee /dev/stderr | wc -l)
	echo "compare: $got devices active in $(basename "$a") are suspended in $(basename "$b")"
	[ "$got" -ge "$want" ]
	;;
explained)
	[ -s "$a" ] && [ -s "$b" ] || { echo "compare: empty table"; exit 1; }
	awk -f "$(dirname "$0")/explained.awk" "$a" "$b"
	;;
*)
	echo "usage: compare.sh same-state|same-decisions|newly-suspended|explained A B [N]" >&2
	exit 2
	;;
esac
