#!/bin/bash
# The power reports' headline, one table row per report
# (test-scripts/power-report.py's power-idle.txt): the stock total, what
# stock's SATA LPM already saves, and what autopm, powertop and both save
# over stock, and each on top of the other, in mW and per cent.
# Usage: power-headline.sh "MACHINE KERNEL=FILE"... (missing files skipped)
set -eu
echo "| machine | kernel | SATA LPM (stock) | stock | stock's LPM saves | autopm saves | powertop saves | both save | powertop on top of autopm | autopm on top of powertop |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for arg in "$@"; do
	file=${arg#*=}
	[ -f "$file" ] || continue
	awk -v label="${arg%%=*}" '
		function w(mw) { return sprintf("%.2f W", mw / 1000) }
		$1 == "total" { stock = $2; both = $(NF - 1) }
		/^SATA LPM: / { lpm = $3; sub(/,$/, "", lpm); if ($4 == "assumed:") lpm = lpm " (assumed)" }
		/^stock Debian.s LPM already saves/ { lpmsave = $6 }
		/ saves [0-9-]+ mW over / {
			what = $0; sub(/ saves .*/, "", what)
			n = split($0, f, " saves ")
			split(f[n], g, " "); pc = $0; sub(/.*\(/, "", pc); sub(/ of .*/, "", pc)
			save[what] = w(g[1]) " (" pc ")"
		}
		END {
			split(label, l, " ")
			printf "| %s | %s | %s | %s | %s | %s | %s | %s (%.1f%%) | %s | %s |\n", l[1], l[2], lpm, w(stock),
				w(lpmsave), save["autopm"], save["powertop"], w(stock - both), 100 * (stock - both) / stock,
				save["powertop on top of autopm"], save["autopm on top of powertop"]
		}' "$file"
done
