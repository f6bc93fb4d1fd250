#!/bin/sh
# Devices going away under autopm: the governed USB stick hot-unplugged
# through the QEMU monitor, q35's AHCI controller unbound and bound again
# while the mode flips, and every autopm file read after each step; the
# data on the disk reads back intact after every flip.
. /tests/lib.sh
stick=$(usb_stick)
wait_status "$stick" suspended 20 || echo "# the USB stick did not suspend"
debugfs=/sys/kernel/debug/autopm/devices

# duplicates: the debugfs table lists no device twice.
duplicates() {
	awk 'NR > 1 { print $1 }' $debugfs | sort | uniq -d
}

echo "autopm-guest: monitor: device_del usbstick0" > /dev/console
i=0
while [ -d "$stick" ] && [ $i -lt 40 ]; do sleep 0.5; i=$((i + 1)); done
check "unplug: the USB stick is gone after device_del" [ ! -d "$stick" ]
check "unplug: every autopm file reads after the unplug" read_autopm_files
check "unplug: the debugfs table no longer lists $(basename "$stick")" \
	sh -c "! grep -q '^$(basename "$stick") ' /tmp/table"

ahci=$(ssd_ahci)
pci=$(basename "$ahci")
expected=$(cat /tests/sata.img.md5)
for round in 1 2; do
	echo "$pci" > /sys/bus/pci/drivers/ahci/unbind
	echo off > /sys/power/autopm
	check "unplug: round $round: every autopm file reads with the controller unbound" \
		read_autopm_files
	echo "$pci" > /sys/bus/pci/drivers/ahci/bind
	echo on > /sys/power/autopm
	i=0
	while [ -z "$(disk_kind ssd)" ] && [ $i -lt 120 ]; do sleep 0.5; i=$((i + 1)); done
	disk=$(disk_kind ssd)
	node=/dev/$(ls "$disk/block")
	echo 3 > /proc/sys/vm/drop_caches
	sum=$(dd if="$node" bs=1M count=8 2>/dev/null | md5sum | cut -d' ' -f1)
	check "unplug: round $round: the disk reads back what the host wrote" [ "$sum" = "$expected" ]
	echo observe > /sys/power/autopm
	echo on > /sys/power/autopm
	check "unplug: round $round: the debugfs table lists no device twice ($(duplicates))" \
		[ -z "$(duplicates)" ]
done
check "unplug: after rebinding, the AHCI controller is governed again" \
	autopm_says "$(ssd_ahci)" govern owner=autopm
check "unplug: after rebinding, the AHCI controller suspends" wait_status "$(ssd_ahci)" suspended 20
sed 's/^/#   /' $debugfs
done_testing
