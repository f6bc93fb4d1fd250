#!/bin/sh
# System sleep, run under the debug kernel: 20 s2idle cycles (freeze) that
# each begin with the non-rotating disk, its port
# and controller, the USB stick and its disk runtime-suspended, with I/O on
# both disks between cycles. After each cycle every one of them is still
# there, the block written to each disk before it reads back (O_DIRECT, so
# the read resumes the disk), and the kernel counted the cycle a success.
# At the end their counters are consistent: each device, suspended again,
# has as many more resumes as more suspends as when the test began.
#
# QEMU's RTC cannot wake the guest from s2idle: on an ACPI machine rtc_cmos
# arms the ACPI RTC event, which QEMU raises only for a guest in S3. So the
# wake is the kernel's own pm_test=platform timer: every device phase of
# s2idle (suspend, late, noirq) and the platform's, then a second's wait in
# place of the idle loop, then every resume phase.
. /tests/lib.sh
cycles=20
kib=256
stats=/sys/power/suspend_stats

chain() {
	ssd=$(disk_kind ssd)
	echo "$ssd $(port_above "$ssd") $(ssd_ahci) $(disk_on usb) $(usb_stick)"
}

# balance DEVDIR...: suspends minus resumes of each, one a line.
balance() {
	for d in "$@"; do
		echo $(($(autopm_stat "$d" susp) - $(autopm_stat "$d" resume)))
	done
}

resumes() {
	n=0
	for d in "$@"; do n=$((n + $(autopm_stat "$d" resume))); done
	echo $n
}

# verify NODE SLOT BLOCK: the slot reads back as the block.
verify() {
	dd if="$1" bs=${kib}k skip="$2" count=1 iflag=direct 2>/dev/null |
		md5sum | cmp -s - "/tmp/block$3.md5"
}

i=0
while [ $i -lt 4 ]; do
	dd if=/dev/urandom of="/tmp/block$i" bs=${kib}k count=1 2>/dev/null
	md5sum < "/tmp/block$i" > "/tmp/block$i.md5"
	i=$((i + 1))
done
quiet_disks_and_parents
pin_class_models
# shellcheck disable=SC2046 # the chain is a word list
set -- $(chain)
nodes="/dev/$(ls "$1/block") /dev/$(ls "$4/block")"
balance "$@" > /tmp/balance0
resumes0=$(resumes "$@")
success0=$(cat $stats/success)
echo platform > /sys/power/pm_test
echo 1 > /sys/module/suspend/parameters/pm_test_delay
failed=0
missing=0
mismatches=0
asleep=0
n=0
while [ $n -lt $cycles ]; do
	n=$((n + 1))
	block=$((n % 4))
	for node in $nodes; do
		dd if="/tmp/block$block" of="$node" bs=${kib}k seek=$n count=1 \
			oflag=direct conv=notrunc 2>/dev/null
	done
	all_suspended "$@" && asleep=$((asleep + 1))
	echo freeze > /sys/power/state || { failed=$((failed + 1)); echo "# cycle $n: freeze failed"; }
	for d in "$@"; do
		[ -d "$d" ] || { missing=$((missing + 1)); echo "# cycle $n: $d is gone"; }
	done
	for node in $nodes; do
		verify "$node" $n $block || {
			mismatches=$((mismatches + 1))
			echo "# cycle $n: $node read back wrong"
		}
	done
done
all_suspended "$@" || echo "# not all suspended at the end"
successes=$(($(cat $stats/success) - success0))
balance "$@" > /tmp/balance1
resumed=$(($(resumes "$@") - resumes0))
check "s2idle: $cycles freezes, each woken by the pm_test timer ($successes successes, $failed failed)" \
	[ "$successes" = $cycles -a $failed = 0 ]
check "s2idle: the disks and their parents were runtime-suspended as $asleep of them began" \
	[ $asleep = $cycles ]
check "s2idle: every device is still there after each ($missing missing)" [ $missing = 0 ]
check "s2idle: the block written before each reads back after it ($mismatches mismatches)" \
	[ $mismatches = 0 ]
check "s2idle: they resumed for the I/O between cycles ($resumed resumes)" \
	[ "$resumed" -ge $cycles ]
check "s2idle: their counters are consistent (suspends - resumes as before)" \
	cmp -s /tmp/balance0 /tmp/balance1
paste /tmp/balance0 /tmp/balance1 | sed 's/^/# balance before, after: /'
echo "# figure: s2idle: $successes cycles, 5 governed devices runtime-suspended into each, $mismatches mismatches, counters consistent: $(cmp -s /tmp/balance0 /tmp/balance1 && echo yes || echo no)"
done_testing
