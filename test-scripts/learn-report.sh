#!/bin/bash
# The host's side of the learn scenario (guest/learn.sh): replay the idle
# periods the guest's kernel saw on the USB stick's disk ("#learn " lines)
# through the decision code of TREE, built in user space by the policy lab
# (policy/replay.c), and print TAP: the lab chooses the kernel's delay and
# counts the kernel's outcome after every period. The replay goes to OUT.
# Usage: learn-report.sh GUEST_TAP TREE OUT
set -eu
tap=$1
kdir=$(realpath "$2")/drivers/base/power
out=$(realpath -m "$3")
here=$(realpath "$(dirname "$0")")
mkdir -p "$out"
# The usb-device class's delay limits (autopm_learn.c).
min_ms=0
max_ms=60000

make -s -C "$here/../policy" KDIR="$kdir" OUT="$out" "$out/replay" > "$out/replay.err" 2>&1 ||
	{ echo "not ok 1 learn report: the replay does not build ($(head -c 300 "$out/replay.err"))"; echo "1..1"; exit 0; }
sed -n 's/^#learn //p' "$tap" | tr -d '\r' > "$out/periods.txt"
n=$(grep -vc '^hist ' "$out/periods.txt" || true)
if [ "$n" -lt 32 ] || ! grep -q '^hist ' "$out/periods.txt"; then
	echo "not ok 1 learn report: $n periods in $tap and no histogram line: 32 and one expected"
elif "$out/replay" "$min_ms" "$max_ms" < "$out/periods.txt" > "$out/replay.txt"; then
	echo "ok 1 learn report: the lab's replay of $n periods chooses the kernel's delay and outcome after each"
else
	echo "not ok 1 learn report: $(tail -n 1 "$out/replay.txt"): see $out/replay.txt"
fi
echo "1..1"
