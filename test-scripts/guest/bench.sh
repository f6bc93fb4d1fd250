#!/bin/sh
# Benchmark, not a test: the cost of autopm's tracking on I/O. The
# non-rotating SATA disk is read with O_DIRECT in rounds, alternately with
# /sys/power/autopm on (the disk governed and tracked) and off (stock),
# in ABBA order so that drift in the host's speed falls on both; prints MB/s of each
# and their ratio (goal: at least 0.99). No TAP verdict on the ratio.
. /tests/lib.sh
disk=$(disk_kind ssd)
node=/dev/$(ls "$disk/block")
rounds=${BENCH_ROUNDS:-6}
mb_per_round=64

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

on_cs=0
off_cs=0
for r in $(seq "$rounds"); do
	# ABBA: neither mode always goes first.
	order="on off"
	[ $((r % 2)) = 0 ] && order="off on"
	for mode in $order; do
		echo $mode > /sys/power/autopm
		# The switch resumes or suspends other devices: let that settle.
		sleep 2
		took=$(read_round)
		if [ $mode = on ]; then on_cs=$((on_cs + took)); else off_cs=$((off_cs + took)); fi
	done
done
echo on > /sys/power/autopm
check "bench: $((rounds * 2)) rounds of $mb_per_round MiB read" test "$on_cs" -gt 0 -a "$off_cs" -gt 0
echo "$rounds $mb_per_round $on_cs $off_cs" | awk '{
	on = $1 * $2 * 100 / $3; off = $1 * $2 * 100 / $4
	printf "# bench: autopm on (tracking): %.1f MB/s, autopm=off: %.1f MB/s, ratio %.3f (goal >= 0.99)\n", on, off, on / off }'
done_testing
