#!/bin/bash
# Write the results page from the device tables of the last `make test`
# on 6.1 (TABLES) and 6.12 (TABLES_6_12), and, if V1LOGS is there
# (test-scripts/against-v1.sh), what v1 failed.
# With LATENCY set to a latency scenario's output (test-scripts/latency-report.sh),
# its per-device report too; with POWER set to a power report's table
# (test-scripts/power-report.py), that table; with POWER_LAPTOP, the
# laptop machine's (POWER_612 and POWER_LAPTOP_612: 6.12's, in the
# headline only); with DEBIAN set to the Debian guest's build directory
# (test-scripts/debian-tests.sh), its table and power report.
# Usage: [LATENCY=DIR] [POWER=FILE] [POWER_LAPTOP=FILE] [POWER_612=FILE] [POWER_LAPTOP_612=FILE] [DEBIAN=DIR] [DEBIAN_612=DIR] results.sh TABLES TABLES_6_12 [V1LOGS] > Documentation/results.md
set -eu
t=$1
t612=$2
v1=${3:-}
stock=$t/stock@base.txt
on=$t/on.txt

# newly STOCK_TABLE ON_TABLE: "device reason" for each device the stock
# kernel keeps active and autopm suspends.
newly() {
	join <(awk 'NR > 1 && $6 == "active" { print $1 }' "$1" | sort) \
		<(awk 'NR > 1 && $6 == "suspended" && / govern .*owner=autopm/ { print $1, $10 }' "$2" | sort)
}
newly=$(newly "$stock" "$on")

cat <<EOF2
# Results on the default QEMU machine

What autopm did on q35 (qemu-configs/default.sh) with no userspace input,
after 10 s idle, as recorded by \`make test\` on $(date -u +%Y-%m-%d) in
build/6.1/tables/on.txt and compared with the unpatched kernel's
build/6.1/tables/stock@base.txt. Regenerate with \`make results\`.

## Devices stock 6.1 keeps active that autopm suspends: $(echo "$newly" | grep -c .)

| device | rule |
| --- | --- |
$(echo "$newly" | awk '{ sub("reason=", "", $2); print "| `" $1 "` | " $2 " |" }')

## Devices autopm looked at that stay active, and why

| device | decision | why active |
| --- | --- | --- |
$(awk 'NR > 1 && $6 == "active" && $9 != "unseen" && $9 != "-" {
	why = $0; sub(/.*\| /, "", why); r = $10; sub("reason=", "", r)
	print "| `" $1 "` | " $9 " " r " | " why " |" }' "$on")

Devices no driver binds to (host bridge, VGA, LPC and SMBus in this
config, USB ports) are not looked at ("unseen") and stay as stock leaves
them.

## The whole table

\`\`\`
$(cat "$on")
\`\`\`

## The same machine on 6.12

On 6.12 autopm suspends $(newly "$t612/stock@base.txt" "$t612/on.txt" | grep -c .) devices that stock 6.12 keeps active.
\`make test\` checks that 6.1 and 6.12 decide the same for every device,
with the same reason (test-scripts/cross-series.py); the devices only
6.12 has are listed with their reason in patches/differences.
EOF2
if [ -f "$t/laptop.txt" ]; then
	cat <<EOF2

## The laptop machine (6.1)

qemu-configs/laptop.sh: the default machine plus NVMe, an SD card behind
sdhci-pci, a UAS disk, ICH9's EHCI with three UHCI companions and on them
a rotating disk in a USB enclosure, a USB network adapter, USB audio, a
mouse and a USB serial adapter, and e1000, after 20 s idle
(build/6.1/tables/laptop.txt). The laptop scenario asserts each device's
verdict, reason and owner, on both series. Every device autopm decided
for (xHCI's USB buses are numbered after EHCI's and UHCI's here):

| device | ID | driver | decision | status |
| --- | --- | --- | --- | --- |
$(awk 'NR > 1 && ($9 == "govern" || $9 == "stock") {
	r = $10; sub("reason=", "", r)
	print "| `" $1 "` | " $3 " | " $4 " | " $9 " " r " | " $6 " |" }' "$t/laptop.txt")

\`\`\`
$(cat "$t/laptop.txt")
\`\`\`
EOF2
fi
if [ -f "${LATENCY:-}/report.txt" ]; then
	cat <<EOF2

## Suspend and resume latency (the latency scenario, 6.1)

perf recorded the \`autopm:*\` and \`rpm:*\` events in the guest while the
non-rotating SATA disk and the USB stick were read with gaps shorter and
longer than their delays (Documentation/perf.md); the host's perf read
them with test-scripts/autopm-report.py. Times are those of QEMU's
emulated devices under TCG.

\`\`\`
$(cat "$LATENCY/report.txt")
\`\`\`
EOF2
fi
if [ -f "${POWER:-}" ]; then
	cat <<EOF2

## Idle power estimates

The idle machine for 12 s under each policy: stock (autopm off), autopm,
powertop --auto-tune, and, in a boot of its own, autopm with powertop on
top. Estimates, not measurements (QEMU's devices draw nothing): each
device's runtime PM residency times the figures of the state it is in
(test-scripts/power-states.txt, each with its source); a port with no
link counts the same in every column; the stock column's SATA links
sleep by the LPM policy Debian's kernel applies to the machine QEMU
stands for (Documentation/power-testing.md). The stock total is an
index of the counted devices, not a machine's wattage.

$("$(dirname "$0")/power-headline.sh" "default 6.1=$POWER" "laptop 6.1=${POWER_LAPTOP:-}" \
	"default 6.12=${POWER_612:-}" "laptop 6.12=${POWER_LAPTOP_612:-}")

For scale, published whole-platform figures (anchors-2026.md, section 5):
SATA LPM on saved 1.0-1.5 W idle on ultrabooks and about 1 W on a Librem
15; HD audio power_save 0.4 W on a T440s; all USB autosuspended, letting
xHCI suspend, 0.4 W; the three together 2.3 W on a T440s (7.9 W to
5.6 W). make test fails an estimate of autopm's saving above 2.3 W.

### The default machine (6.1)

\`\`\`
$(cat "$POWER")
\`\`\`
EOF2
fi
if [ -f "${POWER_LAPTOP:-}" ]; then
	cat <<EOF2

### The laptop machine (6.1)

The same scenario on qemu-configs/laptop.sh: the default machine plus
NVMe, an SD card, USB audio, serial, network and UAS devices, a rotating
USB disk and ICH9's EHCI and UHCI.

\`\`\`
$(cat "$POWER_LAPTOP")
\`\`\`
EOF2
fi
# DEBIAN (and DEBIAN_612 for 6.12's, which make test does not run): the
# Debian guest's build directories.
for d in "${DEBIAN:-}" "${DEBIAN_612:-}"; do
	if [ -f "$d/tables/debian@on.txt" ]; then
		"$(dirname "$0")/results-debian.sh" "$d"
	fi
done
[ -n "$v1" ] && [ -d "$v1" ] || exit 0
cat <<EOF2

## The same boot tests on v1 of the series

\`test-scripts/against-v1.sh\` ran these scenarios on v1 (its first 11
patches); v2 passes all of them. What v1 failed:

\`\`\`
$(grep -h '^not ok' "$v1"/*.tap | sed 's/^not ok [0-9]* //' || true)
\`\`\`
EOF2
