#!/bin/bash
# The Debian guest's section of the results page (test-scripts/results.sh):
# each device's state under Debian's stock kernel, the patched kernel from
# Debian's config with autopm on and with autopm=off, and powertop
# --auto-tune on top of stock and of autopm; then its power report.
# Usage: results-debian.sh DIR  (DIR: build/SERIES/debian after make test
# or make debian-test)
set -eu
d=$1
series=$(basename "$(dirname "$(realpath "$d")")")
t=$d/tables
for f in debian@stock debian@on debian@off debian@stock+powertop debian@on+powertop; do
	[ -s "$t/$f.txt" ] || { echo "results-debian: no table $t/$f.txt" >&2; exit 1; }
done

# One row per device whose state is not the same in every column.
rows() {
	awk 'FNR == 1 { f++; next }
		{ st[f, $1] = $6 " " $5; if (f == 2) why[$1] = $9 " " $10; seen[$1] = 1 }
		END {
			for (p in seen) {
				same = 1
				for (i = 2; i <= 5; i++) if (st[i, p] != st[1, p]) same = 0
				if (same) continue
				w = why[p]; sub("reason=", "", w)
				printf "| `%s` | %s | %s (%s) | %s | %s | %s |\n", p,
					st[1, p], st[2, p], w, st[3, p], st[4, p], st[5, p]
			}
		}' "$t/debian@stock.txt" "$t/debian@on.txt" "$t/debian@off.txt" \
		"$t/debian@stock+powertop.txt" "$t/debian@on+powertop.txt" | sort
}

stock=$(sed -n 's/.*Linux version \([^ ]*\).*/\1/p' "$d/logs/debian@stock.baseline" | head -1)

suspended() {
	awk 'NR > 1 && $6 == "suspended"' "$t/$1.txt" | wc -l
}

cat <<EOF2

## Debian as it ships ($series)

The Debian guest (Documentation/distro.md): bookworm with systemd 252 and
udev on the default machine, booted by Debian's stock kernel
(\`$stock\`) and by the patched kernel built from Debian's config (its
.deb installed by dpkg), after 10 s idle; then powertop --auto-tune on
top and 12 s more. \`make test\` checks that every difference from stock
is autopm's, with its reason, and that autopm=off equals stock device by
device, also under powertop.

Devices suspended, of $(($(grep -c . "$t/debian@stock.txt") - 1)): stock Debian $(suspended debian@stock), autopm $(suspended debian@on),
autopm=off $(suspended debian@off), powertop on stock $(suspended debian@stock+powertop), powertop on autopm
$(suspended debian@on+powertop).

Debian's stock kernel logs "Runtime PM usage count underflow!"
$(grep -c 'usage count underflow' "$d/logs/debian@stock.baseline" || true) times at power-off after powertop (libahci gives a suspended
port's host reference back twice; "ata: libahci: give a suspended
port's host reference back only once" fixes it); the
patched kernel $(cat "$d/logs/debian@on.console" "$d/logs/debian@off.console" | grep -c 'usage count underflow' || true).

udev's hwdb asked $(grep -c '^#hwdb ' "$d/logs/debian@on.tap") devices to autosuspend (\`power/control=auto\` at add),
which makes each the user's under autopm:
$(sed -n 's|^#hwdb /devices/||p' "$d/logs/debian@on.tap" | sed 's/.*/`&`/' | paste -sd, | sed 's/,/, /g').

Each device whose state differs anywhere (status and power/control):

| device | stock Debian | autopm | autopm=off | powertop | autopm + powertop |
| --- | --- | --- | --- | --- | --- |
$(rows)
EOF2
if [ -f "$d/reports/debian/power-idle.txt" ]; then
	cat <<EOF2

Idle power estimates on the Debian guest: the patched kernel's power
scenario, whose "stock" window is autopm switched off (device by device
the state of Debian's stock kernel, checked above).

\`\`\`
$(cat "$d/reports/debian/power-idle.txt")
\`\`\`
EOF2
fi
