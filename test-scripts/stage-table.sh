#!/bin/bash
# The stage table of a make test log (Documentation/testing.md): each
# stage's time next to its budget, as budget.sh printed them, in the
# order the stages ended.
# Usage: stage-table.sh LOG
set -eu
log=$1
[ -r "$log" ] || { echo "stage-table: cannot read $log" >&2; exit 1; }
echo "| stage | minutes | budget | |"
echo "|---|---:|---:|---|"
sed -n 's/^\(debian: \)\{0,1\}==> \(.*\): done (\([0-9]*\)s; \(.*\))$/\1\2|\3|\4/p' "$log" |
	awk -F'|' '{
		b = $3; sub(/.*budget (of )?/, "", b); sub(/s$/, "", b)
		flag = ($3 ~ /OVER/) ? "over" : ""
		printf "| %s | %.1f | %.1f | %s |\n", $1, $2 / 60, b / 60, flag }'
