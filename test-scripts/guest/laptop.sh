#!/bin/sh
# The laptop machine (qemu-configs/laptop.sh): each of its device classes
# has the verdict, reason and owner its rule gives (Documentation/power/
# autopm.rst), and the hazard classes (audio, serial, network, HID, UAS)
# stay stock. The table after 20 s idle goes to the host.
. /tests/lib.sh

# pci_all CLASS: every PCI function whose class starts with CLASS (hex).
pci_all() {
	for d in /sys/bus/pci/devices/*; do
		case "$(cat "$d/class")" in 0x$1*) echo "$d" ;; esac
	done
}

# usb_with_if CLASS: every USB device with an interface of CLASS (hex).
usb_with_if() {
	for i in /sys/bus/usb/devices/*:*; do
		[ "$(cat "$i/bInterfaceClass" 2>/dev/null)" = "$1" ] || continue
		dirname "$(realpath "$i")"
	done | sort -u
}

# usb_id VID:PID: the USB device with that ID.
usb_id() {
	for d in /sys/bus/usb/devices/*; do
		[ "$(cat "$d/idVendor" 2>/dev/null):$(cat "$d/idProduct" 2>/dev/null)" = "$1" ] &&
			realpath "$d"
	done
}

# expect WHAT "VERDICT reason=R owner=O" DEVDIR...: each device, and at
# least one, says exactly that.
expect() {
	what=$1
	want=$2
	shift 2
	[ $# -gt 0 ] || { not_ok "laptop: $what: no such device"; return; }
	for d in "$@"; do
		got=$(autopm_line "$d")
		if [ "$got" = "$want" ]; then ok "laptop: $what ${d##*/}: $got"
		else not_ok "laptop: $what ${d##*/}: $got, not $want"; fi
	done
}

i=0
while [ -z "$(usb_id 0403:6001)$(usb_id 46f4:0003)" ] && [ $i -lt 60 ]; do
	sleep 0.5
	i=$((i + 1))
done
sleep 20

# shellcheck disable=SC2046,SC2086 # one argument per device, none if absent
{
expect "NVMe, no runtime PM in nvme" "stock reason=no-driver-support owner=none" $(pci_all 0108)
expect "SD host controller" "stock reason=no-rule owner=none" $(pci_all 0805)
expect "SD card (the MMC core's own policy)" "stock reason=no-rule owner=none" \
	$(realpath /sys/bus/mmc/devices/*)
expect "EHCI, no run-time wake in QEMU" "stock reason=no-run-wake owner=none" $(pci_all 0c0320)
expect "UHCI, no run-time wake in QEMU" "stock reason=no-run-wake owner=none" $(pci_all 0c0300)
expect "e1000, no runtime PM" "stock reason=no-driver-support owner=none" \
	$(pci_all 020000 | while read -r d; do [ "$(cat "$d/device")" = 0x100e ] && echo "$d"; done)
expect "USB audio" "stock reason=usb-audio owner=none" $(usb_with_if 01)
expect "USB network adapter (CDC)" "stock reason=usb-comm owner=none" $(usb_with_if 02)
expect "USB serial adapter (FTDI)" "stock reason=usb-vendor owner=none" $(usb_id 0403:6001)
expect "UAS disk" "stock reason=usb-uas owner=none" $(usb_id 46f4:0003)
uas=$(usb_id 46f4:0003)
expect "its SCSI disk: uas does not ask" "stock reason=scsi-host owner=none" \
	$([ -n "$uas" ] && for s in /sys/bus/scsi/devices/*:*:*:*; do
		case "$(realpath "$s")" in "$uas"/*) realpath "$s" ;; esac
	done)
expect "HID: keyboard, tablet, mouse" "stock reason=hid-input owner=none" $(usb_with_if 03)
hdd=$(usb_hdd)
expect "rotating disk behind a USB bridge" "govern reason=bridged-disk owner=autopm" $hdd
expect "its enclosure" "govern reason=usb-storage owner=autopm" "$(usb_device_of "$hdd")"
}
check "laptop: the rotating USB disk is active ($(cat "$hdd/power/runtime_status"))" \
	[ "$(cat "$hdd/power/runtime_status")" = active ]
emit_table
done_testing
