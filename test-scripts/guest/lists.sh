#!/bin/sh
# Issue 24: at run time a user leaves a device (by ID) or a whole driver out
# of autopm and hands it back, without a reboot, by writing
# /sys/module/autopm/parameters/deny or allow. autopm decides again for
# every device from a work item, so each check waits for it. A list with
# a bad entry is refused whole and changes nothing.
. /tests/lib.sh
deny=/sys/module/autopm/parameters/deny
allow=/sys/module/autopm/parameters/allow
ahci=$(ssd_ahci)
ssd=$(disk_kind ssd)
stick=$(usb_stick)
id="$(cat "$stick/idVendor"):$(cat "$stick/idProduct")"
hid=$(for i in /sys/bus/usb/devices/*:*; do
	[ "$(cat "$i/bInterfaceClass" 2>/dev/null)" = 03 ] && dirname "$(realpath "$i")"
done | head -n 1)

# says_soon DEVDIR WORD...: autopm_says, within 10 s.
says_soon() {
	i=0
	until autopm_says "$@" > /dev/null; do
		[ $i -lt 20 ] || { autopm_says "$@"; return 1; }
		sleep 0.5
		i=$((i + 1))
	done
}

check "lists: the USB stick starts governed" autopm_says "$stick" govern owner=autopm
echo "usb:$id" > $deny
check "lists: denied by its ID at run time, the stick is given back" \
	says_soon "$stick" stock reason=deny-list owner=none
check "lists: ... with power/control on again" [ "$(cat "$stick/power/control")" = on ]
check "lists: the deny list reads back usb:$id" [ "$(cat $deny)" = "usb:$id" ]
echo > $deny
check "lists: with the list emptied, the stick is governed again" \
	says_soon "$stick" govern reason=usb-storage owner=autopm
check "lists: ... with power/control auto" [ "$(cat "$stick/power/control")" = auto ]

echo ahci > $deny
check "lists: denying the driver ahci gives back the AHCI controller" \
	says_soon "$ahci" stock reason=deny-list owner=none
check "lists: ... and the disk below it" says_soon "$ssd" stock reason=deny-list owner=none
if echo "ahci,pci:zz" > $deny 2> /dev/null; then
	not_ok "lists: a list with a bad entry is refused"
else
	ok "lists: a list with a bad entry is refused"
fi
check "lists: ... and the list in force is unchanged" [ "$(cat $deny)" = ahci ]
check "lists: ... so the controller stays stock" autopm_says "$ahci" stock reason=deny-list
echo > $deny
check "lists: handed back, the AHCI controller is governed again" \
	says_soon "$ahci" govern reason=sata-ahci owner=autopm
check "lists: ... and its disk" says_soon "$ssd" govern owner=autopm

echo usb-class:03 > $allow
check "lists: allowing HID at run time governs a HID device" \
	says_soon "$hid" govern reason=allow-list owner=autopm
echo > $allow
check "lists: with the allow list emptied, it is stock again, power/control on" \
	says_soon "$hid" stock reason=hid-input owner=none
check "lists: ... power/control on" [ "$(cat "$hid/power/control")" = on ]
emit_table
done_testing
