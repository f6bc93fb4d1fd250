#!/bin/bash
# Run checkpatch.pl --strict on every patch of the series: 0 errors and
# 0 warnings (CHECKs are printed, not counted). An exception is a line "PATCH TYPE reason..." in
# PATCHDIR/checkpatch-exceptions; TYPE is checkpatch's message type.
# Usage: check-series.sh TREE PATCHDIR TAP
set -eu
tree=$(realpath "$1")
patches=$(realpath "$2")
tap=$3
exceptions=$patches/checkpatch-exceptions

: > "$tap"
n=0
failed=0
for patch in $(grep -v '^\s*\(#\|$\)' "$patches/series"); do
	n=$((n + 1))
	ignore=$(awk -v p="$patch" '$1 == p { printf "%s,", $2 }' "$exceptions" 2>/dev/null || true)
	rc=0
	out=$(cd "$tree" && ./scripts/checkpatch.pl --strict --terse --no-tree \
		${ignore:+--ignore "$ignore"} "$patches/$patch" 2>&1) || rc=$?
	echo "$out" | grep ': CHECK:' | sed "s|^.*: CHECK:|checkpatch: $patch: CHECK:|" || true
	# Exit 1 with only CHECKs is clean by our bar; anything else is not.
	if [ "$rc" = 0 ] || { [ "$rc" = 1 ] && ! echo "$out" | grep -q ': \(ERROR\|WARNING\):'; }; then
		echo "ok $n checkpatch --strict: $patch" >> "$tap"
	else
		echo "not ok $n checkpatch --strict: $patch" >> "$tap"
		echo "checkpatch: $patch:" >&2
		echo "$out" | grep -v ': CHECK:' | sed 's/^/    /' >&2
		failed=1
	fi
done
echo "checkpatch: $n patches checked"
exit "$failed"
