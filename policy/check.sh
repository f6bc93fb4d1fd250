#!/bin/bash
# The bounds on the lab's summary lines (policy/main.c), as TAP, on every
# trace x model pair:
#  (a) autopm's energy is never above always-on's;
#  (b) autopm never has both more energy and more demand resumes than the
#      class's stock fixed delay (models.txt says which);
#  (c) where the oracle saves at least 5%: autopm captures at least 95% of
#      its saving and no less than the best fixed delay in hindsight, and
#      no fixed delay has both less energy and fewer demand resumes.
#
# A pair that misses a bound passes as a TAP TODO only if SHORTFALLS lists
# it with the reason and autopm still captures at least the share recorded
# there; a listed pair that meets every bound fails too, so that the list
# only ever says what is true, and so does one that was not run at all.
# Usage: check.sh BENCH_TXT SHORTFALLS
set -eu
n=0
fail=0

# "share<TAB>reason" recorded for trace $1 x model $2, if listed.
listed() {
	awk -v t="$1" -v m="$2" '$1 == t && $2 == m {
		r = $3; $1 = $2 = $3 = ""; sub(/^ +/, ""); print r "\t" $0; exit }' \
		"$SHORTFALLS"
}

# The value of KEY=VALUE in the summary line $line, without a % sign.
field() {
	local f
	for f in $line; do
		case $f in
		"$1"=*) f=${f#*=}; echo "${f%\%}"; return ;;
		esac
	done
	echo "summary line without $1=: $line" >&2
	exit 2
}

# What the pair misses, as words; nothing if it meets every bound.
misses() {
	awk -v e="$energy" -v on="$on" -v st="$stock" -v d="$dres" -v sd="$stock_dres" \
		-v s="$saving" -v a="$autopm" -v b="$best" -v p="$pareto" 'BEGIN {
		if (e > on * 1.000001) printf " (a) more energy than always-on;"
		if (e > st * 1.000001 && d > sd) printf " (b) more energy and demand resumes than stock;"
		if (s >= 5 && a < 95) printf " (c) under 95%% of the oracle;"
		if (s >= 5 && a < b) printf " (c) below best fixed;"
		if (s >= 5 && p != "ok") printf " (c) dominated by a fixed delay;"
	}'
}

judge() {
	local entry recorded why missed

	entry=$(listed "$trace" "$model")
	IFS=$'\t' read -r recorded why <<< "$entry" || true
	missed=$(misses)
	if [ -z "$missed" ]; then
		if [ -n "$entry" ]; then
			echo "not ok $n $what # meets every bound now: drop it from $SHORTFALLS"
			fail=1
		else
			echo "ok $n $what"
		fi
	elif [ -z "$entry" ]; then
		echo "not ok $n $what:$missed"
		fail=1
	elif awk -v a="$autopm" -v r="$recorded" 'BEGIN { exit !(a < r) }'; then
		echo "not ok $n $what:$missed below the $recorded% recorded in $SHORTFALLS"
		fail=1
	else
		echo "not ok $n $what:$missed # TODO $why"
	fi
}

BENCH=$1
SHORTFALLS=$2
while read -r line; do
	n=$((n + 1))
	set -- $line
	trace=$2
	model=$3
	saving=$(field saving)
	autopm=$(field autopm)
	best=$(field best-fixed)
	pareto=$(field pareto)
	energy=$(field energy)
	on=$(field always-on)
	stock=$(field stock)
	dres=$(field dres)
	stock_dres=$(field stock-dres)
	what="policy: $trace x $model: oracle saves $saving%, autopm captures $autopm% (best fixed $best%), pareto $pareto, energy $energy J (always-on $on, stock $stock), demand resumes $dres (stock $stock_dres)"
	judge
done < <(grep '^summary ' "$BENCH")

# A listed pair that was not replayed at all (its trace missing) is no
# shortfall that still holds: it fails.
while read -r trace model _; do
	grep -q "^summary $trace $model " "$BENCH" && continue
	n=$((n + 1))
	echo "not ok $n policy: $trace x $model is listed in $SHORTFALLS but was not run"
	fail=1
done < <(grep -v '^#' "$SHORTFALLS" | grep -v '^[[:space:]]*$')
echo "1..$n"
exit "$fail"
