#!/bin/sh
# A rotating disk in a USB enclosure (qemu-configs/usb-hdd.sh: usb-bot, a
# SCSI disk at 7200 rpm) is governed as bridged-disk with a rotating
# disk's hour: 10 s after a read (more than v3's 5 s delay plus usbcore's
# 2 s, after which its enclosure could spin it down) the disk and its USB
# device are still active. A disk on virtio-scsi, a SCSI host that does not
# ask autopm to govern its disks (as SAS, FC and iSCSI hosts), stays stock
# (scsi-host): scsi_sysfs's forbid stands.
. /tests/lib.sh

# virtio_disk: the SCSI disk on a virtio-scsi host.
virtio_disk() {
	for b in /sys/block/sd*; do
		dev=$(realpath "$b/device")
		case "$dev" in */virtio*) echo "$dev" ;; esac
	done
}

i=0
while [ -z "$(usb_hdd)" ] && [ $i -lt 60 ]; do sleep 0.5; i=$((i + 1)); done
disk=$(usb_hdd)
[ -n "$disk" ] || { echo "not ok 1 bridged: no rotating disk behind USB"; echo "1..1"; exit 0; }
enclosure=$(usb_device_of "$disk")
check "bridged: the enclosure's disk is governed as bridged-disk ($(autopm_line "$disk"))" \
	autopm_says "$disk" govern reason=bridged-disk owner=autopm
delay=$(delay_in_force "$disk")
check "bridged: its delay is a rotating disk's hour or more ($delay ms)" [ "$delay" -ge 3600000 ]
dd if="/dev/$(ls "$disk/block")" of=/dev/null bs=4k count=1 iflag=direct 2>/dev/null
sleep 10
check "bridged: 10 s after a read the disk is active ($(cat "$disk/power/runtime_status"))" \
	[ "$(cat "$disk/power/runtime_status")" = active ]
check "bridged: and so is its USB device, the enclosure ($(cat "$enclosure/power/runtime_status"))" \
	[ "$(cat "$enclosure/power/runtime_status")" = active ]
vdisk=$(virtio_disk)
check "bridged: there is a disk on virtio-scsi (${vdisk:-none})" [ -n "$vdisk" ]
if [ -n "$vdisk" ]; then
	check "bridged: the virtio-scsi disk is stock, its host did not ask ($(autopm_line "$vdisk"))" \
		autopm_says "$vdisk" stock reason=scsi-host owner=none
	check "bridged: and runtime PM stays forbidden ($(cat "$vdisk/power/control"))" \
		[ "$(cat "$vdisk/power/control")" = on ]
fi
done_testing
