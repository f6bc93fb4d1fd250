#!/bin/bash
# make test's budgets (issue 37): what each stage may take on a fresh
# 2-core machine, first downloads included, from test-scripts/budgets.
#   budget.sh plan            what make test will run, with the budgets
#   budget.sh done KEY T0 NAME  a stage's end: its time next to its budget
# Wall-clock is printed, never asserted: a stage over its budget says so.
set -eu
budgets=$(dirname "$0")/budgets

budget_of() {
	awk -v k="$1" '$1 == k { print $2; found = 1 } END { exit !found }' "$budgets" ||
		{ echo "budget: no stage $1 in $budgets" >&2; exit 1; }
}

case $1 in
plan)
	echo "==> make test: the stages, their budgets on a fresh 2-core machine (min)"
	awk '/^[^#]/ && $3 != "other" {
		what = $4; for (i = 5; i <= NF; i++) what = what " " $i
		printf "    %-16s %5.1f  %-6s %s\n", $1, $2 / 60, $3, what
		if ($3 == "path") s += $2 }
		END { printf "==> make test: %.1f min along its path (CI stops at 90; our bound is 60)\n", s / 60 }' "$budgets"
	;;
done)
	key=$2
	t=$(($(date +%s) - $3))
	b=$(budget_of "$key")
	verdict="budget ${b}s"
	[ "$t" -le "$b" ] || verdict="OVER its budget of ${b}s"
	echo "==> $4: done (${t}s; $verdict)"
	;;
*)
	echo "budget: usage: budget.sh plan | budget.sh done KEY T0 NAME" >&2
	exit 2
	;;
esac
