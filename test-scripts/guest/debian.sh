#!/bin/sh
# The Debian guest (qemu-configs/debian.sh) under whichever kernel booted
# it: after 10 s idle, the device table, the modules loaded (what make
# localmodconfig keeps), the devices udev's hwdb asked to autosuspend (it
# writes power/control=auto for them, which makes them the user's), and
# autopm's mode where there is one.
. /tests/lib.sh
check "debian: systemd is init" [ "$(cat /proc/1/comm)" = systemd ]
check "debian: udev has settled" udevadm settle --timeout=60
sleep 10
emit_table
lsmod | awk 'NR > 1 { print "#lsmod " $1 }'
udevadm info --export-db |
	awk '/^P: / { p = $2 } /^E: ID_AUTOSUSPEND=1$/ { print "#hwdb " p }'
echo "# hwdb: $(udevadm info --export-db | grep -c '^E: ID_AUTOSUSPEND=1$') devices asked to autosuspend"
[ -f /sys/power/autopm ] && echo "# /sys/power/autopm: $(cat /sys/power/autopm)"
check "debian: no WARNING or BUG in the kernel log" \
	sh -c '! dmesg | grep -E "WARNING:|BUG:"'
done_testing
