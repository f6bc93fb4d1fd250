#!/bin/sh
# Booted with autopm=bogus autopm.learn=bogus, and autopm.deny= and
# autopm.allow= lists of one good entry (ahci, usb-class:03) and 51 bad
# ones each (test-scripts/bad-params.sh): bad values are logged and
# ignored, the good entries apply.
. /tests/lib.sh

# bad_entries deny|allow: the list's entries as given, but the first.
bad_entries() {
	sed -n "s/.* autopm\.$1=\"\([^\"]*\)\".*/\1/p" /proc/cmdline | tr ',' '\n' | tail -n +2 | wc -l
}

sleep 10
dmesg > /tmp/dmesg
check "params: autopm=bogus is logged" grep -q 'autopm: ignoring autopm=bogus' /tmp/dmesg
check "params: the mode stays at its default, on" [ "$(cat /sys/power/autopm)" = on ]
check "params: autopm.learn=bogus is logged" \
	grep -q "\`bogus' invalid for parameter \`autopm.learn'" /tmp/dmesg
check "params: learning stays at its default, on" \
	[ "$(cat /sys/module/autopm/parameters/learn)" = Y ]
bad=$(($(bad_entries deny) + $(bad_entries allow)))
logged=$(grep -c "autopm: ignoring list entry '" /tmp/dmesg)
check "params: each of the $bad bad list entries is logged ($logged)" \
	[ "$bad" -ge 100 -a "$logged" = "$bad" ]
check "params: a bad entry is logged with what was wrong" \
	grep -q "autopm: ignoring list entry 'pci:8086:2922:1': expected pci:VVVV:DDDD" /tmp/dmesg
check "params: an unknown type is logged as such" \
	grep -q "autopm: ignoring list entry 'floppy:1': unknown type" /tmp/dmesg
check "params: the deny list kept its good entry" [ "$(cat /sys/module/autopm/parameters/deny)" = ahci ]
check "params: the allow list kept its good entry" [ "$(cat /sys/module/autopm/parameters/allow)" = usb-class:03 ]
ahci=$(ssd_ahci)
check "params: the denied AHCI controller is stock (deny-list)" autopm_says "$ahci" stock reason=deny-list
check "params: the denied AHCI controller stays on" [ "$(cat "$ahci/power/control")" = on ]
for port in "$ahci"/ata*; do
	check "params: port $(basename "$port") of the denied controller follows it (deny-list)" \
		autopm_says "$port" stock reason=deny-list
done
for kind in ssd hdd; do
	disk=$(disk_kind $kind)
	check "params: the $kind on a denied controller follows it (deny-list), control on" \
		sh -c ". /tests/lib.sh; autopm_says $disk stock reason=deny-list &&
			[ \$(cat $disk/power/control) = on ]"
done
for d in /sys/bus/usb/devices/*; do
	[ "$(cat "$d/bInterfaceClass" 2>/dev/null)" = 03 ] || continue
	udev=$(dirname "$(realpath "$d")")
	check "params: allowed HID device $(basename "$udev") is governed (allow-list)" \
		autopm_says "$udev" govern reason=allow-list
done
xhci=$(pci_of_class 0c03)
check "params: allow cannot lift a hard rule (xHCI stays no-run-wake)" \
	autopm_says "$xhci" stock reason=no-run-wake
echo "# figure: bad list entries: $logged logged and ignored, the good entries kept"
emit_table
done_testing
