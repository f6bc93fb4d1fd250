#!/bin/sh
# The Debian guest's test runner (autopm-test.service): systemd has mounted
# what the tests read; run the test named by autopm_test= with its TAP on
# ttyS1, then the sentinel the boot runner looks for, and power off.
test=$(sed -n 's/.*autopm_test=\([^ ]*\).*/\1/p' /proc/cmdline)
echo "autopm-guest: running ${test:-nothing}" > /dev/ttyS0
mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
if [ -x "/tests/$test.sh" ]; then
	"/tests/$test.sh" > /dev/ttyS1 2>&1
else
	echo "not ok 1 no such guest test: $test" > /dev/ttyS1
fi
sleep 2
echo "autopm-guest: done $test" > /dev/ttyS0
systemctl poweroff --force --force
