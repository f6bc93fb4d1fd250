#!/bin/sh
# The Debian guest (qemu-configs/debian.sh) under whichever kernel booted
# it: after 10 s idle, the device table, the modules loaded (what make
# localmodconfig keeps), the devices udev's hwdb asked to autosuspend (it
# writes power/control=auto for them, which makes them the user's: checked
# where autopm is on), autopm's mode where there is one; then Debian's
# powertop --auto-tune on top, and the table again ("#powertop| " lines).
. /tests/lib.sh
check "debian: systemd is init" [ "$(cat /proc/1/comm)" = systemd ]
check "debian: udev has settled" udevadm settle --timeout=60
sleep 10
emit_table
lsmod | awk 'NR > 1 { print "#lsmod " $1 }'
udevadm info --export-db |
	awk '/^P: / { p = $2 } /^E: ID_AUTOSUSPEND=1$/ { print p }' > /tmp/hwdb
sed 's/^/#hwdb /' /tmp/hwdb
echo "# hwdb: $(grep -c . /tmp/hwdb) devices asked to autosuspend"
mode=$(cat /sys/power/autopm 2>/dev/null || echo none)
echo "# /sys/power/autopm: $mode"
if [ "$mode" = on ]; then
	claimed=0
	while read -r p; do
		[ -f "/sys$p/power/autopm_owner" ] || continue
		claimed=$((claimed + 1))
		check "debian: hwdb's power/control=auto makes $p the user's" \
			[ "$(cat "/sys$p/power/autopm_owner")" = user ]
	done < /tmp/hwdb
	check "debian: autopm saw $claimed of hwdb's devices" [ "$claimed" -gt 0 ]
fi
TERM=linux powertop --auto-tune > /tmp/powertop.out 2>&1
rc=$?
check "debian: powertop --auto-tune ran (exit $rc)" [ $rc = 0 ]
# What powertop set to auto suspends once its delay has run: the USB
# stick's disk 5 s, then the stick 2 s.
sleep 12
/tests/devtable.sh | sed 's/^/#powertop| /'
check "debian: no WARNING or BUG in the kernel log" \
	sh -c '! dmesg | grep -E "WARNING:|BUG:"'
done_testing
