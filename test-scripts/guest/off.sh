#!/bin/sh
# autopm=off: autopm does nothing; the host compares the table with stock.
. /tests/lib.sh
sleep 10
emit_table
check "off: /sys/power/autopm reads off" [ "$(cat /sys/power/autopm)" = off ]
looked=$(autopm_values verdict | grep -vc '^unseen$')
check "off: autopm looked at no device ($looked did)" [ "$looked" = 0 ]
done_testing
