#!/bin/bash
# Boot the default QEMU machine once and run one guest test.
# Usage: boot.sh NAME KERNEL INITRAMFS TIMEOUT_S [KERNEL_ARGS...]
# The guest test is NAME up to the first '@' (stock@base runs stock.sh).
# Writes $BUILD/logs/NAME.console (ttyS0) and $BUILD/logs/NAME.tap (ttyS1).
# Exit: 0 the guest finished, 124 it hung, 1 it stopped early.
set -eu
name=$1
kernel=$2
initrd=$3
limit=$4
shift 4
BUILD=${BUILD:-build}
machine=${MACHINE:-qemu-configs/default.sh}
# shellcheck source=../qemu-configs/default.sh
. "$machine"

logs=$BUILD/logs
mkdir -p "$logs"
console=$logs/$name.console
tap=$logs/$name.tap
rm -f "$console" "$tap"

# The QMP socket that the guest test drives through monitor.sh.
monitor=$logs/$name.mon
rm -f "$monitor"

# The guest's watchdog (guest/init) fires 45 s short of the limit and dumps
# the tasks that are still waiting, so that a hang says where it hung.
watchdog=""
[ "$limit" -ge 90 ] && watchdog="autopm_watchdog=$((limit - 45))"

# -snapshot: guest writes go to a temporary overlay, so every boot sees the
# disk images exactly as the host wrote them.
rc=0
# shellcheck disable=SC2086
timeout "$limit" "$QEMU_BIN" -machine "$QEMU_MACHINE" -accel "$QEMU_ACCEL" \
	-smp "$QEMU_CPUS" -m "$QEMU_MEM" -no-reboot -display none -snapshot \
	-qmp "unix:$monitor,server=on,wait=off" \
	-serial "file:$console" -serial "file:$tap" \
	-kernel "$kernel" -initrd "$initrd" \
	-append "$QEMU_CMDLINE autopm_test=${name%%@*} $watchdog $*" \
	$QEMU_DEVICES < /dev/null > "$logs/$name.qemu" 2>&1 &
qemu=$!
"$(dirname "$0")/monitor.sh" "$monitor" "$tap" "$qemu" "$limit" \
	> "$logs/$name.monitor" 2>&1 &
monitor_pid=$!
wait "$qemu" || rc=$?
monitor_rc=0
wait "$monitor_pid" || monitor_rc=$?

if grep -q "autopm-guest: watchdog fired" "$console"; then
	echo "boot: $name: the guest hung: its test did not finish within ${limit}s less 45; the tasks' waits and the blocked tasks are in $console" >&2
	exit 124
fi
if [ "$rc" = 124 ]; then
	echo "boot: $name: the guest hung: no poweroff within ${limit}s (see $console)" >&2
	exit 124
fi
if [ "$rc" != 0 ]; then
	echo "boot: $name: QEMU failed with $rc: $(tail -n 3 "$logs/$name.qemu")" >&2
	exit 1
fi
if [ "$monitor_rc" != 0 ]; then
	echo "boot: $name: QEMU refused a QMP command (see $logs/$name.monitor)" >&2
	exit 1
fi
if ! grep -q "autopm-guest: done" "$console"; then
	echo "boot: $name: the guest stopped before its test finished (see $console)" >&2
	exit 1
fi
