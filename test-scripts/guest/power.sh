#!/bin/sh
# Power windows: one scenario (autopm_power= on the command line: idle,
# usb5s or ssdburst) under three policies in turn, each for the same
# autopm_window= seconds: stock (autopm off), autopm (on) and powertop
# (autopm off, then Debian's powertop --auto-tune); or, with
# autopm_policies=both, autopm on and then powertop. Each window opens with
# debugfs autopm/power_reset after the policy has settled.
# For test-scripts/power-report.py, per window: "#power POLICY|" lines (the
# debugfs autopm/power table at its end), "#dev POLICY|" lines (each
# counted device's verdict, reason, power/control, status and the facts
# its power state follows from: link, driver, SATA LPM policy) and
# "#sample POLICY ms mJ" lines (the total energy every 2 s); once, the
# SATA LPM policy the machine stands for ("#assume lpm", from
# autopm_assume_lpm= on the command line: qemu-configs/*.sh).
# Asserted here: each device's estimate against a hand computation from
# its power/runtime_active_time and runtime_suspended_time; powertop ran
# and tuned; the override file (good and bad values).
. /tests/lib.sh
. /tests/facts.sh
dbg=/sys/kernel/debug/autopm
scenario=$(sed -n 's/.*autopm_power=\([^ ]*\).*/\1/p' /proc/cmdline)
window=$(sed -n 's/.*autopm_window=\([0-9]*\).*/\1/p' /proc/cmdline)
scenario=${scenario:-idle}
window=${window:-20}
# Longer than the longest chain of the classes' own delays, the learned
# delays' floors: the USB stick suspends 2 s after its disk, which does 5 s
# after its last use. An idle window then has no transition in it.
settle=12


# residency FILE: "name active_ms suspended_ms" of every counted device
# (those of the first window are those of each), read by shell builtins
# only: a fork under TCG can take longer than the check's 1% of a window.
residency() {
	while read -r name dir; do
		read -r a < "$dir/power/runtime_active_time"
		read -r s < "$dir/power/runtime_suspended_time"
		echo "$name $a $s"
	done < /tmp/counted > "$1"
}

# The workload of the scenario, in the background until killed.
workload() {
	case $scenario in
	usb5s) dev=/dev/$(ls "$(disk_on usb)/block"); pause=5; count=1 ;;
	ssdburst) dev=/dev/$(ls "$(disk_kind ssd)/block"); pause=8; count=64 ;;
	*) exec sleep 100000 ;;
	esac
	block=0
	while :; do
		block=$((block + count))
		dd if="$dev" of=/dev/null bs=4096 count=$count skip=$block iflag=direct 2>/dev/null
		sleep $pause
	done
}

# measure POLICY: one window; its table, its devices and its samples.
measure() {
	policy=$1
	sleep $settle
	residency /tmp/pre0
	echo 1 > $dbg/power_reset
	residency /tmp/post0
	workload &
	load=$!
	t=0
	while [ $t -lt "$window" ]; do
		sleep 2
		t=$((t + 2))
		awk -v p="$policy" '$1 == "total" { print "#sample", p, $5, $7 }' $dbg/power
	done
	kill $load
	# The sysfs reads bracket the kernel's at either end of the window.
	residency /tmp/pre1
	while IFS= read -r line; do echo "$line"; done < $dbg/power > /tmp/power-$policy
	residency /tmp/post1
	sed "s/^/#power $policy| /" /tmp/power-$policy
	awk 'NR > 1 && $1 != "total" { print $1 }' /tmp/power-$policy | while read -r name; do
		dir=$(awk -v n="$name" '$1 == n { print $2 }' /tmp/dirs)
		echo "#dev $policy| $name $(cat "$dir/power/autopm_verdict")" \
			"$(cat "$dir/power/autopm_reason") $(cat "$dir/power/control")" \
			"$(cat "$dir/power/runtime_status") $(facts "$dir")"
	done
	check_estimates "$policy"
}

# check_estimates POLICY: each device's energy is P_on * active + P_off *
# suspended + E_tr * suspends of its sysfs times and its model, within 1%.
# The sysfs times are read right after the kernel read its own at either
# end of the window (after the reset, after the table), device by device
# in the kernel's order, so that the two intervals match; reads before
# each end bound them, and are shown.
check_estimates() {
	bad=$(awk '
		function e(a, s) { return $12 * a + $13 * s + $14 * $7 }
		FILENAME == "/tmp/pre0" { a0[$1] = $2; s0[$1] = $3; next }
		FILENAME == "/tmp/post0" { a1[$1] = $2; s1[$1] = $3; next }
		FILENAME == "/tmp/pre1" { a2[$1] = $2; s2[$1] = $3; next }
		FILENAME == "/tmp/post1" { a3[$1] = $2; s3[$1] = $3; next }
		FNR > 1 && $1 != "total" {
			want = e(a3[$1] - a1[$1], s3[$1] - s1[$1])
			got = $10 * 1000
			n++
			d = want > 0 ? got / want - 1 : 1
			if (d < 0) d = -d
			if (d > max) max = d
			w = a3[$1] + s3[$1] - a2[$1] - s2[$1] + a1[$1] + s1[$1] - a0[$1] - s0[$1]
			if (w > width) width = w
			if (want <= 0 || d > 0.01) {
				printf "# %s: estimate %d uJ, by hand %d uJ (%d to %d from the reads before)\n", $1, got, want,
					e(a2[$1] - a1[$1], s2[$1] - s1[$1]), e(a3[$1] - a0[$1], s3[$1] - s0[$1])
				bad++
			}
		}
		END { printf "%d %d %.2f %d\n", bad, n, max * 100, width }' /tmp/pre0 /tmp/post0 /tmp/pre1 /tmp/post1 "/tmp/power-$1")
	echo "$bad" | grep '^#'
	set -- "$1" $(echo "$bad" | tail -n 1)
	check "power: $1: $3 devices' estimates match their sysfs residency within 1% ($2 do not; largest difference $4%; the kernel's reads took up to $5 ms)" \
		[ "$2" = 0 -a "$3" -gt 0 ]
}

autos() {
	cat /sys/bus/pci/devices/*/power/control /sys/bus/usb/devices/*/power/control | grep -c '^auto$'
}

sleep 10
# The sysfs directory of each device, "name dir": the shortest of those
# named so (a SCSI device's class devices have its name too).
find /sys/devices -name runtime_active_time | sed 's|/power/runtime_active_time$||' |
	awk '{ n = $0; sub(/.*\//, "", n); print length($0), n, $0 }' | sort -n |
	awk '!($2 in d) { d[$2] = 1; print $2, $3 }' > /tmp/dirs
echo 1 > $dbg/power_reset
awk 'NR > 1 && $1 != "total" { print $1 }' $dbg/power | while read -r name; do
	awk -v n="$name" '$1 == n' /tmp/dirs
done > /tmp/counted
lpm=$(assumed_lpm)
[ -n "$lpm" ] && echo "#assume lpm $lpm"

# run_powertop: Debian's powertop --auto-tune, and that it tuned something.
run_powertop() {
	before=$(autos)
	TERM=linux powertop --auto-tune > /tmp/powertop.out 2>&1
	rc=$?
	sed 's/^/# powertop: /' /tmp/powertop.out | tail -n 5
	check "power: powertop --auto-tune ran in the guest (exit $rc)" [ $rc = 0 ]
	check "power: powertop set power/control to auto ($before before, $(autos) after)" \
		[ "$(autos)" -gt "$before" ]
}

total() {
	awk '$1 == "total" { print $9 }' "/tmp/power-$1"
}

# powertop's writes stay: what it made the user's, autopm never takes
# back. Powertop on top of autopm, as a user runs it (autopm on from boot,
# then powertop), is therefore a boot of its own: autopm_policies=both.
if grep -q 'autopm_policies=both' /proc/cmdline; then
	echo on > /sys/power/autopm
	sleep $settle
	run_powertop
	measure both
	echo "# figure: power ($scenario): both $(total both) mW (class estimates)"
	done_testing
	exit
fi
echo off > /sys/power/autopm
measure stock
echo on > /sys/power/autopm
measure autopm
echo off > /sys/power/autopm
run_powertop
measure powertop
echo "# figure: power ($scenario): stock $(total stock) mW, autopm $(total autopm) mW," \
	"powertop $(total powertop) mW (class estimates)"
if [ "$scenario" = idle ]; then
	check "power: idle: autopm's estimate is below stock's" \
		awk -v a="$(total autopm)" -v s="$(total stock)" 'BEGIN { exit !(a < s) }'
	. /tests/badmodel.sh
fi
done_testing
