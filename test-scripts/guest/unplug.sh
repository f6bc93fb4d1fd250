#!/bin/sh
# Devices going away under autopm: the governed USB stick and a governed
# PCI controller behind a PCIe root port hot-unplugged through QMP while
# runtime-suspended, q35's AHCI controller unbound (autopm gives it back)
# and bound again while the mode flips, and every autopm file read after
# each step; the data on the disk reads back intact after every flip.
. /tests/lib.sh
stick=$(usb_stick)
wait_status "$stick" suspended 20 || echo "# the USB stick did not suspend"
debugfs=/sys/kernel/debug/autopm/devices

# duplicates: the debugfs table lists no device twice.
duplicates() {
	awk 'NR > 1 { print $1 }' $debugfs | sort | uniq -d
}

# gone DIR: wait up to 30 s for a device's directory to go.
gone() {
	i=0
	while [ -d "$1" ] && [ $i -lt 60 ]; do sleep 0.5; i=$((i + 1)); done
	[ ! -d "$1" ]
}

qmp device_del id=usbstick0
check "unplug: the USB stick is gone after device_del" gone "$stick"
check "unplug: every autopm file reads after the unplug" read_autopm_files
check "unplug: the debugfs table no longer lists $(basename "$stick")" \
	sh -c "! grep -q '^$(basename "$stick") ' /tmp/table"

# An AHCI controller without disks, hot-added behind the pcie-root-port
# (qemu-configs/default.sh): autopm governs it and its six ports, which
# have no link, so all suspend; then it is hot-unplugged through QMP while
# suspended: QEMU signals the eject through ACPI and acpiphp removes it;
# the root port, a hotplug port, stays on as in stock.
root_port=$(pci_of_class 0604)
qmp device_add driver=ahci id=hotahci bus=rp1
hot=$root_port/0000:01:00.0
i=0
# autopm decides once the probe has returned (the driver link comes before)
while [ "$(cat "$hot/power/autopm_verdict" 2>/dev/null)" != govern ] && [ $i -lt 60 ]; do
	sleep 0.5
	i=$((i + 1))
done
check "unplug: an AHCI controller hot-added behind the root port is bound" \
	[ "$(basename "$(realpath "$hot/driver")")" = ahci ]
check "unplug: it is governed" autopm_says "$hot" govern owner=autopm
check "unplug: it suspends, its ports first" wait_status "$hot" suspended 60
hot_ports=
for p in "$hot"/ata*; do hot_ports="$hot_ports|${p##*/}"; done
echo "# its ports: $hot_ports"
status=$(cat "$hot/power/runtime_status")
qmp device_del id=hotahci
gone "$hot"
check "unplug: it is gone after device_del, sent while it was $status" \
	[ ! -d "$hot" -a "$status" = suspended ]
check "unplug: every autopm file reads after the PCI unplug" read_autopm_files
check "unplug: the debugfs table lists neither it nor its ports" \
	sh -c "! grep -qE '^(${hot##*/}$hot_ports) ' /tmp/table"

# churn_port: the non-rotating disk suspends 100 ms after it idles (0
# would leave it active after a busy attempt), and each read resumes its
# port, whose error handler queues the SCSI rescan, and suspends it again
# from the runtime-PM workqueue. Before the unbind, lockdep has then seen
# the rescan take ap->scsi_scan_mutex and the port's runtime suspend wait
# for the rescan: the lock cycle that patch 3 breaks is reported at the
# unbind on a kernel without it.
churn_port() {
	disk=$(disk_kind ssd)
	port=$(port_above "$disk")
	node=/dev/$(ls "$disk/block")
	echo 100 > "$disk/power/autosuspend_delay_ms"
	for i in 1 2 3 4 5 6; do
		echo 3 > /proc/sys/vm/drop_caches
		dd if="$node" of=/dev/null bs=4k count=1 skip=$i 2>/dev/null
		wait_status "$port" suspended 10 || return 1
	done
}

ahci=$(ssd_ahci)
pci=$(basename "$ahci")
expected=$(cat /tests/sata.img.md5)
for round in 1 2; do
	check "unplug: round $round: the disk's port suspends after each of 6 reads" churn_port
	echo "$pci" > /sys/bus/pci/drivers/ahci/unbind
	given="$(cat "$ahci/power/control") $(cat "$ahci/power/autopm_owner")"
	check "unplug: round $round: unbound, the controller is given back as PCI left it (control, owner: $given)" \
		[ "$given" = "on none" ]
	echo off > /sys/power/autopm
	check "unplug: round $round: every autopm file reads with the controller unbound" \
		read_autopm_files "$ahci"
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
