#!/bin/sh
# autopm=off: autopm does nothing; the host compares the table with stock.
. /tests/lib.sh
sleep 10
emit_table
check "off: /sys/power/autopm reads off" [ "$(cat /sys/power/autopm)" = off ]
looked=$(grep -l -v '^unseen owner=none' $(find /sys/devices -name autopm -path '*/power/*') | wc -l)
check "off: autopm looked at no device ($looked did)" [ "$looked" = 0 ]
done_testing
