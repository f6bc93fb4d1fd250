#!/bin/sh
# Booted with usbcore.autosuspend=-1, the user's "never" for USB: no USB
# device autosuspends, and a power/level write is the user's across a mode
# switch off and on.
. /tests/lib.sh
sleep 10
emit_table
stick=$(usb_stick)
check "usbauto: the USB stick is stock (user-disabled)" \
	autopm_says "$stick" stock reason=user-disabled
for d in /sys/bus/usb/devices/*; do
	[ -f "$d/idVendor" ] || continue
	check "usbauto: USB device $(basename "$d") did not autosuspend" \
		[ "$(cat "$d/power/runtime_status")" != suspended ]
done

echo auto > "$stick/power/level" 2> /dev/null
check "usbauto: a power/level write makes the stick the user's" autopm_says "$stick" owner=user
echo off > /sys/power/autopm
echo on > /sys/power/autopm
check "usbauto: after off and on the stick keeps the user's auto" \
	[ "$(cat "$stick/power/control")" = auto ]
done_testing
