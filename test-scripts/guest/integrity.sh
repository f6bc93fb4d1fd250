#!/bin/sh
# Data integrity across governed suspend/resume cycles, run under the debug
# kernel. On the non-rotating SATA disk and on the USB stick's disk, 64 MiB
# each in bursts of 1280 KiB (O_DIRECT) to six slots that fill the 8 MiB
# disk, each burst one of six blocks from /dev/urandom, never the one the
# slot held: after each burst the disk and its governed parents must
# runtime-suspend, then the burst is read back (O_DIRECT: the read resumes
# them) and compared. At the end every slot is read again after the page
# cache was dropped. The cycles are counted from autopm's own counters
# (debugfs autopm/activity, the disk and its parents' susp and resume); the
# learned delays change while the bursts run (autopm_delay events,
# why=learned), by the class estimates written as measured models. Writes
# go to QEMU's -snapshot overlay, not to the host's images.
. /tests/lib.sh
tracing=/sys/kernel/tracing
burst_kib=1280
bursts=52
slots=6
mismatches=0
stuck=0
written_kib=0

# chain DISK: the disk and its governed parents, which must all suspend.
chain() {
	case $1 in
	*/usb*) echo "$1 $(usb_stick)" ;;
	*) echo "$1 $(port_above "$1") $(pci_above "$1")" ;;
	esac
}

# cycles DEVDIR...: their suspends and resumes (autopm_stat), summed.
cycles() {
	sus=0
	res=0
	for d in "$@"; do
		sus=$((sus + $(autopm_stat "$d" susp)))
		res=$((res + $(autopm_stat "$d" resume)))
	done
	echo "$sus $res"
}

# matches SLOT BLOCK: the slot reads back (O_DIRECT) as the block (by md5:
# busybox's cmp took twice as long under TCG).
matches() {
	dd if="$node" bs=${burst_kib}k skip="$1" count=1 iflag=direct 2>/dev/null |
		md5sum | cmp -s - "/tmp/block$2.md5"
}

differs() {
	! matches "$@"
}

# run DISK: the bursts on one disk; leaves "suspends resumes" of its chain
# in /tmp/cycles.
run() {
	node=/dev/$(ls "$1/block")
	# shellcheck disable=SC2046 # the chain is a word list
	set -- $(chain "$1")
	c0=$(cycles "$@")
	i=0
	while [ $i -lt $bursts ]; do
		slot=$((i % slots))
		block=$(((i / slots + slot) % slots))
		dd if="/tmp/block$block" of="$node" bs=${burst_kib}k seek=$slot count=1 \
			oflag=direct conv=notrunc 2>/dev/null
		echo $block > "/tmp/slot$slot"
		written_kib=$((written_kib + burst_kib))
		all_suspended "$@" || stuck=$((stuck + 1))
		matches $slot $block || {
			mismatches=$((mismatches + 1))
			echo "# $node: burst $i (slot $slot) read back wrong"
		}
		i=$((i + 1))
	done
	all_suspended "$@" || stuck=$((stuck + 1))
	echo 3 > /proc/sys/vm/drop_caches
	slot=0
	while [ $slot -lt $slots ]; do
		matches $slot "$(cat "/tmp/slot$slot")" || {
			mismatches=$((mismatches + 1))
			echo "# $node: slot $slot read back wrong at the end"
		}
		slot=$((slot + 1))
	done
	c1=$(cycles "$@")
	echo "$((${c1% *} - ${c0% *})) $((${c1#* } - ${c0#* }))" > /tmp/cycles
}

i=0
while [ $i -lt $slots ]; do
	dd if=/dev/urandom of="/tmp/block$i" bs=${burst_kib}k count=1 2>/dev/null
	md5sum < "/tmp/block$i" > "/tmp/block$i.md5"
	i=$((i + 1))
done
quiet_disks_and_parents
pin_class_models
echo > $tracing/trace
echo 1 > $tracing/events/autopm/autopm_delay/enable
cycles=0
for kind in ssd usb; do
	if [ $kind = ssd ]; then disk=$(disk_kind ssd); else disk=$(disk_on usb); fi
	start=$written_kib
	t0=$(cut -d. -f1 /proc/uptime)
	run "$disk"
	echo "# $kind: $(($(cut -d. -f1 /proc/uptime) - t0)) s"
	read -r sus res < /tmp/cycles
	echo "# $kind: $((written_kib - start)) KiB in $bursts bursts, $sus suspends, $res resumes"
	links=$(chain "$disk" | wc -w)
	check "integrity: $kind: every burst was followed by a suspend of the disk and its $((links - 1)) parents ($sus of $((bursts * links)))" \
		[ "$sus" -ge $((bursts * links)) ]
	check "integrity: $kind: and a resume ($res)" [ "$res" -ge $((bursts * links)) ]
	cycles=$((cycles + sus))
	held=$(cat /tmp/slot0)
	check "integrity: $kind: the comparison tells another block apart" \
		differs 0 $(((held + 1) % slots))
done
echo 0 > $tracing/events/autopm/autopm_delay/enable
learned=$(grep -c 'autopm_delay:.*why=learned' $tracing/trace)
# Where the learned delays went: a burst waits for the chain to suspend.
grep -o 'autopm_delay:.*' $tracing/trace | tail -n 8 | sed 's/^/# /'
sed 's/^/# /' /sys/kernel/debug/autopm/delays
check "integrity: 128 MiB or more written ($((written_kib / 1024)) MiB)" [ $written_kib -ge 131072 ]
check "integrity: no mismatch ($mismatches)" [ $mismatches = 0 ]
check "integrity: no disk or parent stayed awake after a burst ($stuck)" [ $stuck = 0 ]
check "integrity: 200 or more governed suspend/resume cycles ($cycles)" [ $cycles -ge 200 ]
check "integrity: the learned delays changed while the bursts ran ($learned times)" [ "$learned" -gt 0 ]
echo "# figure: integrity: $((written_kib / 1024)) MiB written and verified, $mismatches mismatches, $cycles suspend/resume cycles, $learned learned delay changes"
done_testing
