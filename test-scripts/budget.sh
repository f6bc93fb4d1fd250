#!/bin/bash
# make test's budgets (issue 37): what each stage may take on a fresh
# 2-core machine, first downloads included, from test-scripts/budgets.
#   budget.sh plan            what make test will run, with the budgets
#   budget.sh done KEY T0 NAME [TIMES]
#                             a stage's end: its time next to its budget,
#                             and the CPU time its processes took, from
#                             TIMES, a file of the shell's `times` (the
#                             second line: its children's user and system)
#   budget.sh start           the clock and the machine's CPU counters now
#   budget.sh total START     the minutes since START (what start printed)
#                             and how busy the machine's cores were
# Wall-clock is printed, never asserted: a stage over its budget says so.
# The CPU time tells a slow stage from a starved one: two cores give two
# CPU seconds a second.
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
	cpu=
	if [ -n "${5:-}" ]; then
		cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
			printf "; %d s of CPU", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$5")
		rm -f "$5"
	fi
	echo "==> $4: done (${t}s$cpu; $verdict)"
	;;
start)
	echo "$(date +%s) $(head -n 1 /proc/stat)"
	;;
total)
	read -r t0 _ user nice system idle iowait irq softirq _ < "$2"
	busy0=$((user + nice + system + irq + softirq))
	all0=$((busy0 + idle + iowait))
	read -r _ user nice system idle iowait irq softirq _ < /proc/stat
	busy=$((user + nice + system + irq + softirq - busy0))
	all=$((busy + idle + iowait - (all0 - busy0)))
	hz=$(getconf CLK_TCK)
	echo "==> make test: $((($(date +%s) - t0) / 60)) min after its packages (bound: 60 with them);" \
		"$((busy / hz / 60)) min of CPU, the $(nproc) cores busy $((100 * busy / (all > 0 ? all : 1)))% of it"
	;;
*)
	echo "budget: usage: budget.sh plan | budget.sh done KEY T0 NAME [TIMES] | start | total START" >&2
	exit 2
	;;
esac
