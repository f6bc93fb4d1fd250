#!/bin/sh
# User space always wins: a written "on" and a written delay survive a mode
# switch off and on, while devices the user did not touch follow the mode.
. /tests/lib.sh
ahci=$(pci_of_class 0106)
port=$ahci/ata2
disk=$(disk_on ata)
wait_status "$ahci" suspended 20 || echo "# the AHCI controller did not suspend"

echo on > "$ahci/power/control"
check "user: writing on resumes the AHCI controller" [ "$(cat "$ahci/power/runtime_status")" = active ]
check "user: the AHCI controller is now the user's" autopm_says "$ahci" owner=user
echo 7000 > "$disk/power/autosuspend_delay_ms"
check "user: the disk with a written delay is the user's" autopm_says "$disk" owner=user
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
emit_table
done_testing
