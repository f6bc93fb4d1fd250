#!/bin/sh
# autopm=observe: every decision made and shown, no device changed; the host
# compares the decisions with autopm=on's and the state with stock.
. /tests/lib.sh
sleep 10
emit_table
check "observe: /sys/power/autopm reads observe" [ "$(cat /sys/power/autopm)" = observe ]
ahci=$(ssd_ahci)
check "observe: the AHCI controller's decision is shown" autopm_says "$ahci" govern reason=sata-ahci owner=none
check "observe: the AHCI controller is still on" [ "$(cat "$ahci/power/control")" = on ]
owned=$(autopm_values owner | grep -c '^autopm$')
check "observe: autopm owns no device ($owned)" [ "$owned" = 0 ]
done_testing
