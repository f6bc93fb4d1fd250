#!/bin/sh
# Mode flips during I/O: data written to the governed non-rotating disk
# reads back intact after every flip while a reader keeps the disk busy,
# and every autopm file and the debugfs table read in each mode. Run under
# the debug kernel, where a lock-order, use-after-free or list splat fails
# the run. Writes go to QEMU's -snapshot overlay, not to the host's image.
. /tests/lib.sh
disk=$(disk_kind ssd)
node=/dev/$(ls "$disk/block")
wait_status "$disk" suspended 30 || echo "# the disk did not suspend before the flips"

# reader: read the disk, bypassing the page cache, until /tmp/stop appears.
reader() {
	while [ ! -e /tmp/stop ]; do
		dd if="$node" of=/dev/null bs=64k count=64 iflag=direct 2>/dev/null
	done
}

for round in 1 2 3; do
	dd if=/dev/urandom of=/tmp/block bs=64k count=16 2>/dev/null
	written=$(md5sum < /tmp/block)
	dd if=/tmp/block of="$node" bs=64k seek=$(((round - 1) * 32)) conv=fsync 2>/dev/null
	rm -f /tmp/stop
	reader &
	for mode in off observe on; do
		echo $mode > /sys/power/autopm
		echo "# $(cut -d' ' -f1 /proc/uptime)s: mode $mode"
		sleep 0.3
	done
	touch /tmp/stop
	wait
	echo "# $(cut -d' ' -f1 /proc/uptime)s: reader stopped"
	check "flips: round $round: every autopm file reads" read_autopm_files
	echo 3 > /proc/sys/vm/drop_caches
	read=$(dd if="$node" bs=64k skip=$(((round - 1) * 32)) count=16 iflag=direct 2>/dev/null | md5sum)
	check "flips: round $round: the disk reads back what was written before the flips" \
		[ "$read" = "$written" ]
done
check "flips: the disk suspends again after the flips" wait_status "$disk" suspended 30
check "flips: the mode is on" [ "$(cat /sys/power/autopm)" = on ]
done_testing
