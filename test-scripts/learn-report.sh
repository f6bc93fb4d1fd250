#!/bin/bash
# The host's side of the learn scenario (guest/learn.sh): replay the idle
# periods the guest's kernel saw on the USB stick's disk ("#learn " lines)
# through REPLAY, the series' decision code built in user space by the
# policy lab (policy/replay.c; the Makefile builds it before the build
# after each patch checks older commits out of the tree), and print TAP:
# at each check the lab chooses the delay the kernel had chosen. The
# replay's input and output go to OUT.
# Usage: learn-report.sh GUEST_TAP REPLAY OUT
set -eu
tap=$1
replay=$2
out=$(realpath -m "$3")
here=$(realpath "$(dirname "$0")")
mkdir -p "$out"
# The usb-device class's delay limits under autopm.aggressive, which the
# scenario boots with, as the lab keeps them (policy/models.txt, the same
# as autopm_learn.c's).
read -r min_ms max_ms < <(awk '$1 == "usb-device" { print $10, $8 }' "$here/../policy/models.txt")

if [ ! -x "$replay" ]; then
	echo "not ok 1 learn report: no replay program at $replay (make $replay)"
	echo "1..1"
	exit 0
fi
sed -n 's/^#learn //p' "$tap" | tr -d '\r' > "$out/learn.txt"
n=$(grep -c '^period ' "$out/learn.txt" || true)
checks=$(grep -c '^check ' "$out/learn.txt" || true)
hists=$(grep -c '^hist ' "$out/learn.txt" || true)
if [ "$n" -lt 18 ] || [ "$checks" != 4 ] || [ "$hists" != 1 ]; then
	echo "not ok 1 learn report: $tap has $n periods, $checks checks, $hists histograms (at least 18, half the reads; 4; 1 expected)"
elif "$replay" "$min_ms" "$max_ms" < "$out/learn.txt" > "$out/replay.txt"; then
	echo "ok 1 learn report: replayed through the lab, $n periods give the kernel's delay at all four checks ($(grep -o 'kernel [0-9]* ms' "$out/replay.txt" | paste -sd, -))"
else
	echo "not ok 1 learn report: $(grep -v '^replay' "$out/replay.txt" | paste -sd';' -)"
fi
echo "1..1"
