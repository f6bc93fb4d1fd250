#!/bin/sh
# Print every device with runtime PM as a table: where it is, what it is,
# its runtime PM state, what autopm decided, and why it is still active.
. /tests/lib.sh
printf '%-52s %-10s %-22s %-12s %-5s %-11s %6s %9s  %s\n' \
	PATH BUS ID DRIVER CTRL STATUS DELAY SUSP_MS "AUTOPM / WHY ACTIVE"

link_name() {
	if [ -L "$1" ]; then basename "$(readlink "$1")"; else echo -; fi
}

device_id() {
	d=$1
	if [ -f "$d/vendor" ] && [ -f "$d/class" ]; then
		echo "$(cut -c3- "$d/class"):$(cut -c3- "$d/vendor"):$(cut -c3- "$d/device")"
	elif [ -f "$d/idVendor" ]; then
		echo "$(cat "$d/bDeviceClass"):$(cat "$d/idVendor"):$(cat "$d/idProduct")"
	elif [ -f "$d/bInterfaceClass" ]; then
		echo "if:$(cat "$d/bInterfaceClass")"
	elif [ -f "$d/type" ] && [ -f "$d/scsi_level" ]; then
		echo "scsi-type:$(cat "$d/type")"
	else
		echo -
	fi
}

why_active() {
	p=$1/power
	[ "$(cat "$p/runtime_status")" = active ] || return 0
	if [ "$(cat "$p/control" 2>/dev/null)" = on ]; then echo "forbidden (control=on)"
	elif [ "$(cat "$p/runtime_enabled" 2>/dev/null)" != enabled ]; then echo "runtime PM disabled"
	elif [ "$(cat "$p/runtime_usage" 2>/dev/null)" != 0 ]; then echo "in use (usage $(cat "$p/runtime_usage"))"
	elif [ "$(cat "$p/runtime_active_kids" 2>/dev/null)" != 0 ]; then echo "active children"
	else echo "idle refused (driver idle check or pending work)"
	fi
}

find /sys/devices -path '*/power/runtime_status' | sort | while read -r f; do
	d=${f%/power/runtime_status}
	status=$(cat "$f")
	[ "$status" = unsupported ] && continue
	autopm=-
	if [ -e "$d/power/autopm_verdict" ]; then
		autopm="$(cat "$d/power/autopm_verdict") reason=$(cat "$d/power/autopm_reason") owner=$(cat "$d/power/autopm_owner")"
	elif [ -e "$d/power/autopm" ]; then
		autopm=$(cat "$d/power/autopm") # v1 of the series
	fi
	why=$(why_active "$d")
	# DELAY: the autosuspend delay in force (autopm's while it governs the
	# device), "-" where the device does not use autosuspend.
	printf '%-52s %-10s %-22s %-12s %-5s %-11s %6s %9s  %s%s\n' \
		"${d#/sys/devices/}" "$(link_name "$d/subsystem")" "$(device_id "$d")" \
		"$(link_name "$d/driver")" "$(cat "$d/power/control" 2>/dev/null || echo -)" \
		"$status" "$(delay_in_force "$d" 2>/dev/null || echo -)" \
		"$(cat "$d/power/runtime_suspended_time" 2>/dev/null || echo -)" \
		"$autopm" "${why:+ | $why}"
done
