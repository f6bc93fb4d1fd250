#!/bin/sh
# Print every device with runtime PM as a table: where it is, what it is,
# its runtime PM state, what autopm decided, and why it is still active.
#
# Every value is read with the shell's own read and cd, never with a
# process: under TCG a process costs about 15 ms, and the table read
# fifteen files of sixty devices, 15 s a table, with cat, cut and readlink.
printf '%-52s %-10s %-22s %-12s %-5s %-11s %6s %9s  %s\n' \
	PATH BUS ID DRIVER CTRL STATUS DELAY SUSP_MS "AUTOPM / WHY ACTIVE"

nl='
'
# debugfs autopm/devices as "\nDEVICE IN_FORCE" lines: the delay autopm
# keeps while it governs a device (as delay_in_force in lib.sh, without awk).
in_force=
if [ -r /sys/kernel/debug/autopm/devices ]; then
	{
		read -r _
		while read -r name _ _ _ _ delay _; do
			in_force="$in_force$nl$name $delay"
		done
	} < /sys/kernel/debug/autopm/devices
fi
in_force="$in_force$nl"

# val FILE: the file's first line in $v; false, with $v empty, if it
# cannot be read.
val() {
	v=
	read -r v 2>/dev/null < "$1" || [ -n "$v" ]
}

# link_name LINK: the last component of where LINK points in $v, or "-".
link_name() {
	v=-
	if [ -L "$1" ] && cd -P "$1" 2>/dev/null; then
		v=${PWD##*/}
		cd /
	fi
}

device_id() {
	d=$1
	if [ -f "$d/vendor" ] && [ -f "$d/class" ]; then
		val "$d/class"; c=${v#0x}
		val "$d/vendor"; ven=${v#0x}
		val "$d/device"; id="$c:$ven:${v#0x}"
	elif [ -f "$d/idVendor" ]; then
		val "$d/bDeviceClass"; c=$v
		val "$d/idVendor"; ven=$v
		val "$d/idProduct"; id="$c:$ven:$v"
	elif [ -f "$d/bInterfaceClass" ]; then
		val "$d/bInterfaceClass"; id="if:$v"
	elif [ -f "$d/type" ] && [ -f "$d/scsi_level" ]; then
		val "$d/type"; id="scsi-type:$v"
	else
		id=-
	fi
}

why_active() {
	p=$1/power
	why=
	[ "$status" = active ] || return 0
	if val "$p/control" && [ "$v" = on ]; then why="forbidden (control=on)"
	elif ! val "$p/runtime_enabled" || [ "$v" != enabled ]; then why="runtime PM disabled"
	elif ! val "$p/runtime_usage" || [ "$v" != 0 ]; then why="in use (usage $v)"
	elif ! val "$p/runtime_active_kids" || [ "$v" != 0 ]; then why="active children"
	else why="idle refused (driver idle check or pending work)"
	fi
}

# The autosuspend delay in force, as delay_in_force in lib.sh: autopm's
# while it governs the device, else power/autosuspend_delay_ms, which
# reads only for a device that uses autosuspend; "-" for the others.
delay() {
	delay=-
	val "$1/power/autosuspend_delay_ms" || return 0
	delay=$v
	case $in_force in
	*"$nl${1##*/} "*)
		v=${in_force#*"$nl${1##*/} "}
		delay=${v%%"$nl"*}
		;;
	esac
}

find /sys/devices -path '*/power/runtime_status' | sort | while read -r f; do
	d=${f%/power/runtime_status}
	val "$f"
	status=$v
	[ "$status" = unsupported ] && continue
	autopm=-
	if [ -e "$d/power/autopm_verdict" ]; then
		val "$d/power/autopm_verdict"; autopm=$v
		val "$d/power/autopm_reason"; autopm="$autopm reason=$v"
		val "$d/power/autopm_owner"; autopm="$autopm owner=$v"
	elif [ -e "$d/power/autopm" ]; then
		val "$d/power/autopm"; autopm=$v # v1 of the series
	fi
	why_active "$d"
	link_name "$d/subsystem"; bus=$v
	link_name "$d/driver"; driver=$v
	device_id "$d"
	val "$d/power/control" || v=-
	control=$v
	delay "$d"
	val "$d/power/runtime_suspended_time" || v=-
	# DELAY: the autosuspend delay in force (autopm's while it governs the
	# device), "-" where the device does not use autosuspend.
	printf '%-52s %-10s %-22s %-12s %-5s %-11s %6s %9s  %s%s\n' \
		"${d#/sys/devices/}" "$bus" "$id" "$driver" "$control" "$status" \
		"$delay" "$v" "$autopm" "${why:+ | $why}"
done
