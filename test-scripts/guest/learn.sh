#!/bin/sh
# The learned delay, on the USB stick's disk: reads with gaps far above its
# break-even time, then with periods that end before the delay the first
# phase left plus T_BE, but after the disk suspended. Over the first the delay
# must fall below T_BE; over the second, wrong periods while it adapts.
# Then a measured model written to power/autopm_power_model, whose T_BE
# no gap reaches: the longest delay; and back to the class's.
# Last, power/control written as powertop would: the disk is the user's,
# at the stock delay; power/autosuspend_delay_ms read the delay in force
# before (autopm's) and after (the stock -1).
# What each choice should have been is for the lab to say: the periods the
# kernel sees are longer than the gaps (the reads, and under TCG the
# processes that make them), the reads' own requests end short ones, and
# the model's resume time is the measured demand wait, which moves by tens
# of ms from read to read here.
# For test-scripts/learn-report.sh, "#learn " lines: the disk's histogram
# before the first read (debugfs autopm/idle_histograms), a check after
# each of the four phases (how many periods had ended, the model and the delay of
# debugfs autopm/delays), and every period's length from its autopm_idle
# event. The host replays them through the lab (policy/replay.c), which
# must choose the kernel's delay at each check.
. /tests/lib.sh
delays=/sys/kernel/debug/autopm/delays
tracing=/sys/kernel/tracing
event=$tracing/events/autopm/autopm_idle

quiet_disks_and_parents
disk=$(disk_on usb)
dname=$(basename "$disk")
node=/dev/$(ls "$disk/block")

# field N: column N of the disk's line of debugfs autopm/delays: device,
# model, delay_ms, t_be_us, t_sus_us, t_res_us, p_on, p_off, e_tr, wrong,
# missed, source
field() {
	awk -v d="$dname" -v n="$1" '$1 == d { print $n }' $delays
}

periods() {
	grep -c 'autopm_idle:' $tracing/trace
}

# checkpoint NAME: once the disk has settled, what the replay compares.
checkpoint() {
	sleep 1
	echo "#learn check $1 $(periods) $(field 7) $(field 8) $(field 5)" \
		"$(field 6) $(field 9) $(field 3)"
}

block=0
read_after() {
	sleep "$1"
	block=$((block + 1))
	dd if="$node" of=/dev/null bs=4096 count=1 skip=$block iflag=direct 2>/dev/null
}

check "learn: $dname has the usb-device model" [ "$(field 2)" = usb-device ]
echo > $tracing/trace
echo "name == \"$dname\"" > $event/filter
echo 1 > $event/enable
awk -v d="$dname" '$1 == d { $1 = "#learn hist"; print }' /sys/kernel/debug/autopm/idle_histograms

# Far above: gaps of ten times T_BE, 1.5 s at least.
t_be=$(field 4)
far=$(awk -v t="$t_be" 'BEGIN { g = t / 100000; print (g > 1.5 ? g : 1.5) }')
for _ in 1 2 3 4 5 6 7 8; do
	read_after "$far"
done
checkpoint far
# T_BE as the disk's own measurements have made it by now.
t_be=$(field 4)
check "learn: gaps of $far s: the delay falls below T_BE $t_be us (got $(field 3) ms)" \
	[ "$(field 3)" -lt $((t_be / 1000)) ]

# Wrong: periods the disk suspends in that end before the delay in force
# plus T_BE, so that each suspend costs more than it saves. The disk
# suspends when the delay, the autosuspend timer's slack (a quarter of the
# delay) and its suspend callback have passed; the periods lie halfway
# between that and the delay plus T_BE, as both are when this phase starts
# (the delay the first phase leaves depends on how long the reads' own
# requests took: 17 to 50 ms here, and the callback on how loaded the
# host is). A period is longer than its gap by what a read costs here,
# measured on the long gaps (the periods that lasted most of one): that
# much less.
t_be=$(field 4)
t_sus=$(field 5)
delay_us=$(($(field 3) * 1000))
extra=$(sed -n 's/.*autopm_idle:.* length_ns=\([0-9]*\) .*/\1/p' $tracing/trace |
	awk -v f="$far" '$1 > f * 0.9e9 && $1 < f * 1.5e9 { n++; sum += $1 / 1e3 - f * 1e6 }
		END { print n ? int(sum / n) : 0 }')
gap=$(awk -v t="$t_be" -v d="$delay_us" -v s="$t_sus" -v x="$extra" \
	'BEGIN { g = ((d * 1.25 + s + d + t) / 2 - x) / 1e6; printf "%.3f", (g > 0.01 ? g : 0.01) }')
w0=$(field 10)
for _ in $(seq 1 24); do
	read_after "$gap"
done
checkpoint under
check "learn: gaps of $gap s (delay $delay_us us, T_BE $t_be us, suspend $t_sus us, a read $extra us): wrong periods while it adapts ($(($(field 10) - w0)))" \
	[ "$(field 10)" -gt "$w0" ]

# A measured model: a tester's figures replace the class's and the disk's
# own transition times, and the delay is chosen by them at once. A
# transition of 1 kJ never pays at 100 mW: the longest delay, over the
# same far gaps that made it fall below T_BE in the first phase.
model=/sys/kernel/debug/autopm/power_model
echo "$disk 100 3 50000 10000 1000000000" > $model
check "learn: a measured model is used as written ($(field 7) $(field 8) $(field 5) $(field 6) $(field 9) $(field 12))" \
	[ "$(field 7) $(field 8) $(field 5) $(field 6) $(field 9) $(field 12)" = "100 3 10000 50000 1000000000 user" ]
check "learn: by it, the longest delay at once (got $(field 3) ms)" [ "$(field 3)" = 60000 ]
for _ in 1 2 3 4; do
	read_after "$far"
done
checkpoint measured
check "learn: gaps of $far s under the measured model: still the longest (got $(field 3) ms)" \
	[ "$(field 3)" = 60000 ]
echo "$disk class" > $model
read_after "$far"
checkpoint class
check "learn: back to the class's model ($(field 12)): a delay below the longest again (got $(field 3) ms)" \
	[ "$(field 12) $(($(field 3) < 60000))" = "estimate 1" ]

# The delay is autopm's own, and power/autosuspend_delay_ms reads it while
# autopm governs the disk: the delay in force, as the file's ABI entry
# promises (v4 showed the block layer's stock -1 there). power/control
# written now, as powertop or TLP would, makes the disk the user's with
# the stock delay: no learned delay is frozen in as if the user had chosen
# it, and the disk stays up as on a kernel without autopm.
# (Read between two looks at debugfs: a period that ends in between may
# move the delay.)
before=$(field 3)
shown=$(cat "$disk/power/autosuspend_delay_ms")
after=$(field 3)
check "learn: power/autosuspend_delay_ms reads the delay in force, $before ms (got $shown)" \
	[ "$shown" = "$before" -o "$shown" = "$after" ]
echo on > "$disk/power/control"
echo auto > "$disk/power/control"
read_after 0
sleep 3
owned="$(cat "$disk/power/autopm_owner") $(cat "$disk/power/autosuspend_delay_ms") $(delay_in_force "$disk") $(cat "$disk/power/runtime_status")"
check "learn: after power/control on, auto: owner, power/autosuspend_delay_ms, delay in force, status 3 s after a read: $owned" \
	[ "$owned" = "user -1 -1 active" ]

echo 0 > $event/enable
sed -n 's/.*autopm_idle:.* length_ns=\([0-9]*\) .* end=\([a-z-]*\) .*/\1 \2/p' $tracing/trace |
	awk '{ printf "#learn period %d %d %s\n", NR, $1 / 1000, $2 }'
done_testing
