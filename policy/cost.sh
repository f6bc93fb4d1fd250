#!/bin/bash
# The instruction goals for the decision code, as TAP: callgrind's
# inclusive counts (policy/cost.c, N calls each) divided by N. Counts are
# the compiler's and the machine's, not a timing: one run says it.
# Usage: cost.sh CALLGRIND_OUT N
set -eu
out=$1
n=$2
n_tap=0
fail=0

# goal FUNCTION LIMIT WHAT
goal() {
	local total per

	total=$(callgrind_annotate --inclusive=yes "$out" |
		awk -v f="$1" 'index($0, ":" f " (") && /=>/ { gsub(",", "", $1); print $1; exit }')
	n_tap=$((n_tap + 1))
	if [ -z "$total" ]; then
		echo "not ok $n_tap policy cost: $1() not in $out"
		fail=1
		return
	fi
	per=$((total / n))
	if [ "$per" -le "$2" ]; then
		echo "ok $n_tap policy cost: $1() $per instructions $3 (goal $2)"
	else
		echo "not ok $n_tap policy cost: $1() $per instructions $3, over the goal of $2"
		fail=1
	fi
}

goal autopm_hist_add 100 "a period"
goal autopm_choose_delay_us 2000 "a choice"
echo "1..$n_tap"
exit "$fail"
