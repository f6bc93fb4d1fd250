#!/bin/sh
# The stock baseline: how an unpatched 6.1 leaves the default machine after
# 10 s idle. Every PCI device reports power/control "on".
. /tests/lib.sh
sleep 10
emit_table

for d in /sys/bus/pci/devices/*; do
	check "stock: PCI $(basename "$d") control is on" \
		[ "$(cat "$d/power/control")" = on ]
done
done_testing
