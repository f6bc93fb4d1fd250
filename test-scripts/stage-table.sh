#!/bin/bash
# The stage table of a make test log (Documentation/testing.md): each
# stage's time next to its budget and the CPU time it took, as budget.sh
# printed them, in the order the stages ended.
# Usage: stage-table.sh LOG
set -eu
log=$1
[ -r "$log" ] || { echo "stage-table: cannot read $log" >&2; exit 1; }
echo "| stage | minutes | CPU minutes | budget | |"
echo "|---|---:|---:|---:|---|"
sed -n 's/^\([a-z0-9.]*: \)\{0,1\}==> \(.*\): done (\([0-9]*\)s\(; [0-9]* s of CPU\)\{0,1\}; \(.*\))$/\1\2|\3|\4|\5/p' "$log" |
	awk -F'|' '{
		cpu = "-"
		if ($3 != "") { c = $3; gsub(/[^0-9]/, "", c); cpu = sprintf("%.1f", c / 60) }
		b = $4; sub(/.*budget (of )?/, "", b); sub(/s$/, "", b)
		flag = ($4 ~ /OVER/) ? "over" : ""
		printf "| %s | %.1f | %s | %.1f | %s |\n", $1, $2 / 60, cpu, b / 60, flag }'
