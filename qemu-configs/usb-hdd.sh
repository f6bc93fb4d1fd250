# shellcheck shell=sh
# The default machine plus a rotating disk in a USB enclosure: a USB
# bulk-only bridge (usb-bot) with a SCSI disk that reports 7200 rpm, which
# autopm governs as bridged-disk; and a non-rotating disk on virtio-scsi, a
# host that does not ask autopm to govern its disks (as SAS, FC, iSCSI),
# which stays stock. Sourced by test-scripts/boot.sh with
# MACHINE=qemu-configs/usb-hdd.sh (the bridged scenario). The disks read
# the rotating SATA disk's image; -snapshot gives each its own overlay.
# shellcheck source=default.sh
. qemu-configs/default.sh

QEMU_DEVICES="$QEMU_DEVICES
 -device usb-bot,id=bot,bus=xhci.0
 -drive if=none,id=usbhdd,format=raw,file=$HDD_IMG
 -device scsi-hd,bus=bot.0,drive=usbhdd,rotation_rate=7200
 -device virtio-scsi-pci,id=vscsi
 -drive if=none,id=vdisk,format=raw,file=$HDD_IMG
 -device scsi-hd,bus=vscsi.0,drive=vdisk,rotation_rate=1
"
