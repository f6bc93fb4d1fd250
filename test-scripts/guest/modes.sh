#!/bin/sh
# /sys/power/autopm at run time: off puts every device back to stock, on
# governs them again; bad values are rejected and change nothing.
. /tests/lib.sh
ahci=$(ssd_ahci)
wait_status "$ahci" suspended 20 || echo "# the AHCI controller did not suspend"

for bad in bogus ON "on off" ""; do
	if (echo "$bad" > /sys/power/autopm) 2> /tmp/err; then
		not_ok "modes: '$bad' is rejected"
	else
		echo "# $(cat /tmp/err)"
		check "modes: '$bad' is rejected with EINVAL" grep -q "Invalid argument" /tmp/err
	fi
done
check "modes: after bad writes the mode is still on" [ "$(cat /sys/power/autopm)" = on ]
check "modes: after bad writes the AHCI controller is still governed" \
	[ "$(cat "$ahci/power/control")" = auto ]

echo off > /sys/power/autopm
check "modes: off reads back" [ "$(cat /sys/power/autopm)" = off ]
owned=$(autopm_values owner | grep -c '^autopm$')
check "modes: after off autopm owns no device ($owned)" [ "$owned" = 0 ]
check "modes: after off the AHCI controller is active" [ "$(cat "$ahci/power/runtime_status")" = active ]
sleep 10
echo "# table after off (tables/modes-off.txt)"
/tests/devtable.sh | sed 's/^/#off| /'

echo observe > /sys/power/autopm
check "modes: observe changes no device" [ "$(cat "$ahci/power/control")" = on ]
echo on > /sys/power/autopm
check "modes: on governs the AHCI controller again" autopm_says "$ahci" govern owner=autopm
check "modes: on lets the AHCI controller suspend again" wait_status "$ahci" suspended 20
emit_table
done_testing
