#!/bin/sh
# autopm=on, no userspace write at all: after 10 s idle the safe devices
# are runtime-suspended, each with its rule, and every other shows why not.
. /tests/lib.sh
sleep 12
# One table for the host and for the checks below.
table=$(/tests/devtable.sh)
echo "$table" | sed 's/^/#| /'

governed=$(echo "$table" | awk '$6 == "suspended" && / govern .*owner=autopm/' | wc -l)
check "on: at least 8 devices autopm governs are suspended (got $governed)" [ "$governed" -ge 8 ]

ssd=$(disk_kind ssd)
hdd=$(disk_kind hdd)
ahci=$(ssd_ahci)
check "on: the AHCI controller is suspended by rule sata-ahci" \
	autopm_says "$ahci" govern reason=sata-ahci owner=autopm
check "on: the AHCI controller's status is suspended" wait_status "$ahci" suspended 5
for port in "$ahci"/ata*; do
	check "on: $(basename "$port") is governed (ata-port) and suspended" \
		sh -c ". /tests/lib.sh; autopm_says $port govern reason=ata-port && wait_status $port suspended 5"
done
check "on: the non-rotating SATA disk $(basename "$ssd") is governed (scsi-disk) and suspended" \
	sh -c ". /tests/lib.sh; autopm_says $ssd govern reason=scsi-disk && wait_status $ssd suspended 5"
check "on: the rotating SATA disk $(basename "$hdd") is governed (rotational)" \
	autopm_says "$hdd" govern reason=rotational owner=autopm
check "on: the rotating SATA disk spins down after an hour idle at the soonest, and is active" \
	sh -c ". /tests/lib.sh; [ \$(delay_in_force $hdd) -ge 3600000 ] &&
		[ \$(cat $hdd/power/runtime_status) = active ]"
check "on: the rotating disk's port $(basename "$(port_above "$hdd")") is active (its disk is)" \
	[ "$(cat "$(port_above "$hdd")/power/runtime_status")" = active ]
stick_disk=$(disk_on usb)
check "on: the USB stick's disk reports removable media (QEMU removable=on)" \
	[ "$(cat "$(ls -d "$stick_disk"/block/sd*)/removable")" = 1 ]
check "on: the USB stick's disk $(basename "$stick_disk") is governed (removable-disk) and suspended" \
	sh -c ". /tests/lib.sh; autopm_says $stick_disk govern reason=removable-disk &&
		wait_status $stick_disk suspended 5"
check "on: no disk logged a runtime suspend or resume" quiet_disks

for d in /sys/bus/usb/devices/*; do
	[ -f "$d/bInterfaceClass" ] || continue
	udev=$(dirname "$(realpath "$d")")
	case "$(cat "$d/bInterfaceClass")" in
	03) check "on: USB HID $(basename "$udev") stays active with reason hid-input" \
		sh -c ". /tests/lib.sh; autopm_says $udev stock reason=hid-input &&
			[ \$(cat $udev/power/runtime_status) = active ]" ;;
	08) check "on: USB stick $(basename "$udev") is governed (usb-storage) and suspended" \
		sh -c ". /tests/lib.sh; autopm_says $udev govern reason=usb-storage &&
			wait_status $udev suspended 5" ;;
	esac
done

for class in 0c03 0200; do
	d=$(pci_of_class $class)
	check "on: PCI $class $(basename "$d") cannot signal wake: stock, reason no-run-wake" \
		autopm_says "$d" stock reason=no-run-wake
done

hda=$(pci_of_class 0403)
check "on: QEMU's HD audio controller, whose driver keeps it busy, is stock (driver-busy)" \
	autopm_says "$hda" stock reason=driver-busy
# Issue 24: the codec was decided as it bound, before snd_hda_codec_register()
# enabled its runtime PM, and read rpm-disabled ever after (v3).
codec=$(ls -d "$hda"/hdaudioC*D* | head -n 1)
check "on: the HD audio codec, whose runtime PM its driver enabled after binding, is decided again (no-rule, the driver's)" \
	autopm_says "$codec" stock reason=no-rule owner=driver

unexplained=$(echo "$table" | awk 'NR > 1 && $6 == "active" && !/\|/' | wc -l)
check "on: every active device shows why it is active ($unexplained do not)" [ "$unexplained" = 0 ]
check "on: /sys/power/autopm reads on" [ "$(cat /sys/power/autopm)" = on ]
debugfs=/sys/kernel/debug/autopm/devices
check "on: the debugfs table lists the AHCI controller as governed" \
	grep -q "^$(basename "$ahci") .* govern .*sata-ahci" $debugfs
echo "# debugfs:"
sed 's/^/#   /' $debugfs
done_testing
