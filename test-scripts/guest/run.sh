#!/bin/sh
# make run: let the machine sit idle for 10 s with no userspace input, then
# show every device with runtime PM and what autopm did with it.
. /tests/lib.sh
sleep 10
emit_table
if [ -f /sys/power/autopm ]; then
	echo "# /sys/power/autopm: $(cat /sys/power/autopm)"
fi
echo "# runtime-suspended: $(/tests/devtable.sh | awk '$6 == "suspended"' | wc -l) devices"
