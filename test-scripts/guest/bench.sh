#!/bin/sh
# Benchmark, not a test: the cost of autopm's tracking, and of its trace
# events, on I/O. The non-rotating SATA disk is read with O_DIRECT in
# rounds under three settings: /sys/power/autopm off (stock), on (the disk
# governed and tracked), and on with the autopm and rpm trace events
# enabled in tracefs (what perf record or trace-cmd turn on). The order
# rotates each round so that drift in the host's speed falls on all three;
# prints MB/s of each and the ratios to off (goal: tracking at least 0.99).
# No TAP verdict on a ratio.
. /tests/lib.sh
disk=$(disk_kind ssd)
node=/dev/$(ls "$disk/block")
rounds=${BENCH_ROUNDS:-6}
mb_per_round=64
events=/sys/kernel/tracing/events

# centiseconds since boot
now_cs() {
	tr -d . < /proc/uptime | cut -d' ' -f1
}

# read_round: read the 8 MiB disk 8 times, print the centiseconds it took.
read_round() {
	start=$(now_cs)
	for _ in 1 2 3 4 5 6 7 8; do
		dd if="$node" of=/dev/null bs=64k iflag=direct 2>/dev/null
	done
	echo $(($(now_cs) - start))
}

# set_mode MODE: off, on, or traced (on, the events enabled).
set_mode() {
	ev=0
	[ "$1" = traced ] && ev=1
	echo "$ev" > $events/autopm/enable
	echo "$ev" > $events/rpm/enable
	if [ "$1" = off ]; then echo off > /sys/power/autopm; else echo on > /sys/power/autopm; fi
	# The switch resumes or suspends other devices: let that settle.
	sleep 2
}

off_cs=0
on_cs=0
traced_cs=0
for r in $(seq "$rounds"); do
	case $((r % 3)) in
	1) order="on off traced" ;;
	2) order="off traced on" ;;
	*) order="traced on off" ;;
	esac
	for mode in $order; do
		set_mode "$mode"
		took=$(read_round)
		case $mode in
		on) on_cs=$((on_cs + took)) ;;
		off) off_cs=$((off_cs + took)) ;;
		traced) traced_cs=$((traced_cs + took)) ;;
		esac
	done
done
set_mode on
check "bench: $((rounds * 3)) rounds of $mb_per_round MiB read" \
	test "$on_cs" -gt 0 -a "$off_cs" -gt 0 -a "$traced_cs" -gt 0
echo "$rounds $mb_per_round $on_cs $off_cs $traced_cs" | awk '{
	on = $1 * $2 * 100 / $3; off = $1 * $2 * 100 / $4; tr = $1 * $2 * 100 / $5
	printf "# bench: autopm=off: %.1f MB/s, on (tracking): %.1f MB/s, ratio %.3f (goal >= 0.99); on with its trace events enabled: %.1f MB/s, ratio %.3f\n", off, on, on / off, tr, tr / off }'
done_testing
