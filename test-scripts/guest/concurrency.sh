#!/bin/sh
# Concurrency, run under the debug kernel: two readers of autopm's files
# (the debugfs tables and /sys/power/autopm; the power/ files of the
# non-rotating disk, its port and controller, the USB stick and its disk)
# while reads of both disks make their chains suspend and resume, the mode
# flips, a power window opens each round (its walk takes every device
# lock), and the USB stick is hot-unplugged through QMP, so that the unplug
# meets a suspended disk or one resuming for a read (without the series'
# sd fix a media check of it could then hang: the pull scenario repeats
# it). A read may fail only for the stick's files; lockdep, KASAN and the
# list checkers see the rest.
. /tests/lib.sh
debugfs=/sys/kernel/debug/autopm
quiet_disks_and_parents
pin_class_models
ssd=$(disk_kind ssd)
node=/dev/$(ls "$ssd/block")
stick=$(usb_stick)
usb_disk=$(disk_on usb)
suspends0=$(autopm_stat "$ssd" susp)
usb_resumes0=$(autopm_stat "$usb_disk" resume)

# reader NAME FILE...: read each file until /tmp/stop appears; count the
# rounds, and the reads that failed, but those of the stick's files (the
# stick may be going: its files may fail before they are gone).
reader() {
	name=$1
	shift
	rounds=0
	failed=0
	while [ ! -e /tmp/stop ]; do
		for f in "$@"; do
			cat "$f" > /dev/null 2>&1 && continue
			case $f in
			"$stick"/*) ;;
			*) failed=$((failed + 1)); echo "# $name: reading $f failed" ;;
			esac
		done
		rounds=$((rounds + 1))
	done
	echo "$rounds $failed" > "/tmp/reader-$name"
}

# churn NAME NODE: read the disk with gaps around its delay until /tmp/stop
# appears; count the reads that passed and failed (the USB disk's fail
# once the stick is gone).
churn() {
	i=0
	ok=0
	while [ ! -e /tmp/stop ]; do
		i=$((i + 1))
		dd if="$2" of=/dev/null bs=4k count=1 skip=$((i % 2048)) \
			iflag=direct 2>/dev/null && ok=$((ok + 1))
		sleep "0.$((i % 4))5"
	done
	echo "$ok $((i - ok))" > "/tmp/churn-$1"
}

power_files() {
	for d in "$@"; do
		echo "$d"/power/autopm_* "$d/power/runtime_status" "$d/power/control"
	done
}

rm -f /tmp/stop /tmp/reader-*
# shellcheck disable=SC2046 # file lists
reader tables $debugfs/devices $debugfs/activity $debugfs/histograms \
	$debugfs/delays $debugfs/idle_histograms $debugfs/power /sys/power/autopm &
# shellcheck disable=SC2046
reader devices $(power_files "$ssd" "$(port_above "$ssd")" "$(ssd_ahci)" \
	"$stick" "$usb_disk") &
churn ssd "$node" &
churn usb "/dev/$(ls "$usb_disk/block")" &
flips=0
for round in 1 2 3 4 5 6; do
	# A power window opened each round: its walk takes every device lock.
	echo 1 > $debugfs/power_reset
	for mode in off observe on; do
		echo $mode > /sys/power/autopm
		flips=$((flips + 1))
		sleep 0.5
	done
	[ $round = 3 ] || continue
	usb_resumes=$(($(autopm_stat "$usb_disk" resume) - usb_resumes0))
	qmp device_del id=usbstick0
done
i=0
while [ -d "$stick" ] && [ $i -lt 40 ]; do sleep 0.5; i=$((i + 1)); done
touch /tmp/stop
wait

read -r rt ft < /tmp/reader-tables
read -r rd fd < /tmp/reader-devices
read -r usb_ok usb_failed < /tmp/churn-usb
suspends=$(($(autopm_stat "$ssd" susp) - suspends0))
check "concurrency: the USB stick is gone" [ ! -d "$stick" ]
check "concurrency: the readers went round $rt and $rd times" [ "$rt" -gt 0 -a "$rd" -gt 0 ]
check "concurrency: no read failed but of the stick's files ($((ft + fd)))" [ $((ft + fd)) = 0 ]
check "concurrency: the disk suspended while they read ($suspends times)" [ "$suspends" -gt 0 ]
check "concurrency: the stick's disk resumed for reads before the unplug ($usb_resumes times)" \
	[ "$usb_resumes" -gt 0 ]
check "concurrency: its reads passed, then failed once it was gone ($usb_ok, $usb_failed)" \
	[ "$usb_ok" -gt 0 -a "$usb_failed" -gt 0 ]
check "concurrency: the debugfs table no longer lists $(basename "$stick")" \
	sh -c "! grep -q '^$(basename "$stick") ' $debugfs/devices"
check "concurrency: the mode is on" [ "$(cat /sys/power/autopm)" = on ]
check "concurrency: the disk suspends again" wait_status "$ssd" suspended 30
echo "# figure: concurrency: $((rt + rd)) rounds of reads by 2 readers, $flips mode flips, $suspends disk suspends, 1 hot-unplug under reads of the stick, $((ft + fd)) failed reads"
done_testing
