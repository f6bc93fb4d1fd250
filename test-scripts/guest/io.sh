#!/bin/sh
# I/O still works on governed devices: once the non-rotating SATA disk and
# the USB stick have runtime-suspended, read them back and compare with what
# the host wrote. The suspend and resume cycles leave nothing in the log.
. /tests/lib.sh
for bus in ata usb; do
	if [ $bus = ata ]; then disk=$(disk_kind ssd); else disk=$(disk_on usb); fi
	node=/dev/$(ls "$disk/block")
	expected=$(cat "/tests/$([ $bus = ata ] && echo sata || echo usb).img.md5")
	check "io: the $bus disk suspends" wait_status "$disk" suspended 30
	echo 3 > /proc/sys/vm/drop_caches
	r0=$(autopm_stat "$disk" resume)
	sum=$(dd if="$node" bs=1M count=8 2>/dev/null | md5sum | cut -d' ' -f1)
	r1=$(autopm_stat "$disk" resume)
	check "io: $node reads back what the host wrote after suspending" [ "$sum" = "$expected" ]
	# Counted, not read from runtime_status: with a learned delay of a
	# few ms the disk may be suspended again by the time we look.
	check "io: the $bus disk resumed for the read ($r0 to $r1 resumes)" [ "$r1" -gt "$r0" ]
	check "io: the $bus disk suspends again after the read" wait_status "$disk" suspended 30
done
check "io: no disk logged its runtime suspends and resumes" quiet_disks
done_testing
