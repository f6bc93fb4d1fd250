#!/bin/sh
# User space always wins: a written "on" and a written delay survive a mode
# switch off and on, also through USB's own power/autosuspend, while devices
# the user did not touch follow the mode.
. /tests/lib.sh
ahci=$(ssd_ahci)
disk=$(disk_kind ssd)
# A port with no disk: nothing below it keeps it awake.
port=$(ls -d "$ahci"/ata* | tail -n 1)
wait_status "$ahci" suspended 20 || echo "# the AHCI controller did not suspend"

echo on > "$ahci/power/control"
check "user: writing on resumes the AHCI controller" [ "$(cat "$ahci/power/runtime_status")" = active ]
check "user: the AHCI controller is now the user's" autopm_says "$ahci" owner=user
echo 7000 > "$disk/power/autosuspend_delay_ms"
check "user: the disk with a written delay is the user's" autopm_says "$disk" owner=user
stick=$(usb_stick)
echo 7 > "$stick/power/autosuspend"
check "user: the USB stick with a written power/autosuspend is the user's" \
	autopm_says "$stick" owner=user
if echo bogus > "$port/power/control" 2>/dev/null; then
	not_ok "user: a bad power/control value is rejected"
else
	ok "user: a bad power/control value is rejected"
fi
check "user: a rejected write does not make the port the user's" autopm_says "$port" owner=autopm

echo off > /sys/power/autopm
check "user: after off, the port autopm governed is back to on" [ "$(cat "$port/power/control")" = on ]
echo on > /sys/power/autopm
check "user: after off and on, the port is governed again" [ "$(cat "$port/power/control")" = auto ]
check "user: after off and on, the AHCI controller stays on" [ "$(cat "$ahci/power/control")" = on ]
check "user: after off and on, the AHCI controller is still active" [ "$(cat "$ahci/power/runtime_status")" = active ]
check "user: after off and on, the disk keeps its 7000 ms delay" \
	[ "$(cat "$disk/power/autosuspend_delay_ms")" = 7000 ]
check "user: after off and on, the disk is still the user's" autopm_says "$disk" owner=user
check "user: after off and on, the USB stick keeps its 7 s power/autosuspend" \
	[ "$(cat "$stick/power/autosuspend")" = 7 ]
emit_table
done_testing
