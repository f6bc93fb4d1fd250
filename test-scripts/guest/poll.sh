#!/bin/sh
# Removable media polled every 2 s, as systemd's udev has the block layer
# do (60-block.rules: block.events_dfl_poll_msecs=2000): the governed USB
# stick must not cycle on every poll. Its disk's floor is its class's
# 5 s, longer than the polls' 2 s, so the first poll resumes it and it
# stays on, as under the stock kernel; with v3's 1 ms floors each poll
# was a suspend and a demand resume.
. /tests/lib.sh
poll=/sys/module/block/parameters/events_dfl_poll_msecs
window=30

i=0
while [ -z "$(disk_on usb)" ] && [ $i -lt 60 ]; do sleep 0.5; i=$((i + 1)); done
disk=$(disk_on usb)
stick=$(usb_stick)
check "poll: the stick's disk suspends before the polls begin" wait_status "$disk" suspended 30
check "poll: and the stick" wait_status "$stick" suspended 30
s0=$(($(autopm_stat "$disk" susp) + $(autopm_stat "$stick" susp)))
r0=$(autopm_stat "$disk" resume)
echo 2000 > $poll
sleep $window
s1=$(($(autopm_stat "$disk" susp) + $(autopm_stat "$stick" susp)))
r1=$(autopm_stat "$disk" resume)
echo 0 > $poll
check "poll: the polls reached the disk ($((r1 - r0)) resumes)" [ $((r1 - r0)) -ge 1 ]
check "poll: $window s of polls every 2 s: the disk and the stick suspended $((s1 - s0)) times (at most 1)" \
	[ $((s1 - s0)) -le 1 ]
echo "# figure: poll: $window s of polls every 2 s, $((s1 - s0)) suspends of the stick and its disk, $((r1 - r0)) resumes of the disk"
done_testing
