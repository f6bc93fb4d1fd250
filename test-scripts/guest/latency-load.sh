#!/bin/sh
# The workload of latency.sh, run under perf record and trace-cmd record:
# the non-rotating SATA disk and the USB stick, side by side, are read with
# gaps of a quarter of their autosuspend delay, then with gaps 3 s longer
# than it. Writes /tmp/before and /tmp/after (debugfs autopm/activity,
# taken while every device involved is suspended, so that no transition
# falls between a table and the recording's edge) and /tmp/results:
#   NAME short SUSPENDS IDLE_PERIODS      over the short gaps
#   NAME long GAP SUSPENDS DEMAND_RESUMES over each long gap
. /tests/lib.sh
activity=/sys/kernel/debug/autopm/activity

# stat_of DEVDIR COLUMN: one of the device's counters (autopm_stat).
stat_of() {
	autopm_stat "$1" "$2"
}

read_block() {
	dd if="$1" of=/dev/null bs=4096 count=1 skip="$2" iflag=direct 2>/dev/null
}


# exercise NAME DISK
exercise() {
	name=$1
	disk=$2
	node=/dev/$(ls "$disk/block")
	delay=$(delay_in_force "$disk")
	short=$(echo "$delay" | awk '{ print $1 / 4000 }')
	long=$(echo "$delay" | awk '{ print $1 / 1000 + 3 }')

	read_block "$node" 0
	s0=$(stat_of "$disk" susp)
	i0=$(stat_of "$disk" idle)
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
		sleep "$short"
		read_block "$node" "$i"
	done
	echo "$name short $(($(stat_of "$disk" susp) - s0))" \
		"$(($(stat_of "$disk" idle) - i0))" >> /tmp/results

	wait_status "$disk" suspended 60
	read_block "$node" 20
	for gap in 1 2 3; do
		s0=$(stat_of "$disk" susp)
		d0=$(stat_of "$disk" demand)
		sleep "$long"
		read_block "$node" $((20 + gap))
		echo "$name long $gap $(($(stat_of "$disk" susp) - s0))" \
			"$(($(stat_of "$disk" demand) - d0))" >> /tmp/results
	done
}

ssd=$(disk_kind ssd)
usb=$(disk_on usb)
: > /tmp/results
quiet_disks_and_parents
cat $activity > /tmp/before
for d in "$ssd" "$usb"; do
	echo "$d $(cat "$d/power/runtime_suspended_time") $(stat_of "$d" susp_ms)"
done > /tmp/suspended-before
exercise sata-disk "$ssd" &
exercise usb-disk "$usb" &
wait
quiet_disks_and_parents
cat $activity > /tmp/after
for d in "$ssd" "$usb"; do
	echo "$d $(cat "$d/power/runtime_suspended_time") $(stat_of "$d" susp_ms)"
done > /tmp/suspended-after
