#!/bin/bash
# Boot one group of test scenarios on the default machine, keep each device
# table under $BUILD/tables/. Host-side results go to $BUILD/logs/host-GROUP.tap;
# the guests' own TAP to $BUILD/logs/NAME.tap. The groups need different
# kernels, so `make test` runs each as soon as its kernel is built, next to
# the other builds:
#   patched KERNEL INITRAMFS  the runner's self-test and every scenario
#   debug   KERNEL INITRAMFS  the reliability scenarios on the debug kernel
#   power   KERNEL INITRAMFS  the power scenario and its report
#   stock   KERNEL INITRAMFS  the base kernel; then the tables are compared
#                             (run it after patched)
# Usage: run-tests.sh GROUP KERNEL INITRAMFS
set -eu
group=$1
kernel=$2
initrd=$3
export BUILD=${BUILD:-build}
logs=$BUILD/logs
tables=$BUILD/tables
here=$(dirname "$0")
mkdir -p "$logs" "$tables"
host=$logs/host-$group.tap
rm -f "$host"
n=0

result() {
	n=$((n + 1))
	echo "$1 $n $2" >> "$host"
}

# boot NAME [KERNEL_ARGS...]: one guest test; its table to tables/NAME.
# The debug kernel runs several times slower under TCG, and the boots share
# the machine with a kernel build: it gets longer.
boot() {
	name=$1
	shift
	start=$(date +%s)
	rc=0
	limit=180
	[ "$group" = debug ] && limit=720
	# The latency scenario idles on purpose: about 80 s of guest time.
	[ "$name" = latency ] && limit=420
	# The power scenario idles too: three windows and powertop's run.
	[ "${name%%@*}" = power ] && limit=$((limit + 240))
	"$here/boot.sh" "$name" "$kernel" "$initrd" "$limit" "$@" || rc=$?
	if [ "$rc" = 0 ]; then result ok "boot $name"; else result "not ok" "boot $name (exit $rc)"; fi
	# The serial console ends lines with CR LF.
	sed -i 's/\r$//' "$logs/$name.tap" 2>/dev/null || true
	sed -n 's/^#| //p' "$logs/$name.tap" > "$tables/$name.txt" 2>/dev/null || true
	echo "test: $name: $(grep -c '^ok ' "$logs/$name.tap" 2>/dev/null || true) ok," \
		"$(grep -c '^not ok ' "$logs/$name.tap" 2>/dev/null || true) not ok ($(($(date +%s) - start))s)"
	# A scenario's figures, each backed by its assertions.
	sed -n 's/^# figure: /test: /p' "$logs/$name.tap" 2>/dev/null || true
}

# The runner itself: a guest that never powers off must be reported as hung.
selftest_hang() {
	rc=0
	"$here/boot.sh" selftest-hang "$kernel" "$initrd" 20 2> "$logs/selftest-hang.err" || rc=$?
	if [ "$rc" = 124 ] && grep -q "the guest hung" "$logs/selftest-hang.err"; then
		result ok "runner: a guest that never powers off is reported as hung"
	else
		result "not ok" "runner: a hung guest gave exit $rc, not 124"
	fi
	rm -f "$logs/selftest-hang.tap"
	echo "test: selftest-hang: exit $rc (124 expected)"
}

# compare WHAT A B [N]: one host-side result from test-scripts/compare.sh.
compare() {
	what=$1
	shift
	if "$here/compare.sh" "$what" "$@" > "$logs/compare-$what-$(basename "$2" .txt).out" 2>&1; then
		result ok "compare: $what $(basename "$1" .txt) $(basename "$2" .txt)"
	else
		result "not ok" "compare: $what $(basename "$1" .txt) $(basename "$2" .txt) (see $logs)"
	fi
}

case $group in
patched)
	selftest_hang
	boot on
	# KUnit's lines, without the timestamps and the driver messages that
	# interleave with them: kunit.py parse lost its place in one console of
	# fourteen (devices probing while the suites ran).
	sed -n 's/^\[ *[0-9]*\.[0-9]*\] //p' "$logs/on.console" |
		grep -E '^ *(KTAP version|TAP version|[0-9]+\.\.[0-9]+$|ok |not ok |# )' \
		> "$logs/kunit.ktap" || true
	# autopm-core's benchmark of a bind (issue 24), a figure of the run.
	grep -o 'autopm bind cost: .*' "$logs/kunit.ktap" | sed 's/^/test: /' || true
	boot off autopm=off
	boot observe autopm=observe
	boot user
	boot lists
	boot modes
	sed -n 's/^#off| //p' "$logs/modes.tap" > "$tables/modes-off.txt"
	boot params autopm=bogus autopm.learn=bogus "$("$here/bad-params.sh" deny ahci)" \
		"$("$here/bad-params.sh" allow usb-class:03)"
	boot io
	boot usbauto usbcore.autosuspend=-1
	# A rotating disk in a USB enclosure, on the default machine plus it.
	MACHINE=qemu-configs/usb-hdd.sh boot bridged
	# A laptop's other device classes: each verdict, the hazards stock.
	MACHINE=qemu-configs/laptop.sh boot laptop
	boot poll
	boot unplug
	# The USB stick pulled while suspended under media checks and opens,
	# plugged in again, ten times (issue 36's hang).
	MACHINE=qemu-configs/pull.sh boot pull
	boot flips
	# Idle detection and its latency report with the classes' fixed
	# delays: the scenario's gaps are fractions of the delay in force.
	boot latency autopm.learn=0
	"$here/latency-report.sh" "$logs/latency.tap" "$BUILD/latency" > "$logs/latency-report.tap"
	# The learning mechanics with 1 ms floors (autopm.aggressive): the
	# scenario's gaps are tens of ms, below every class's own delay.
	boot learn autopm.aggressive=1
	"$here/learn-report.sh" "$logs/learn.tap" "$BUILD/learn/replay" "$BUILD/learn" > "$logs/learn-report.tap"
	;;
debug)
	# The reliability scenarios again under KASAN, lockdep and the list and
	# work-item checkers: summary.sh fails the run on any splat. A task
	# stuck for 60 s panics the guest, so a deadlock ends the boot with
	# its stack instead of waiting for the time-out. Those that cycle the
	# disks hundreds of times do so with 1 ms floors (autopm.aggressive):
	# under the classes' own delays (2 to 5 s) they would take minutes
	# more, waiting, and test nothing more.
	boot unplug@debug hung_task_panic=1
	boot flips@debug hung_task_panic=1
	mapfile -t bad < <("$here/bad-params.sh" mode && "$here/bad-params.sh" learn)
	boot badinput@debug hung_task_panic=1 "${bad[@]}"
	boot integrity@debug hung_task_panic=1 autopm.aggressive=1
	boot concurrency@debug hung_task_panic=1 autopm.aggressive=1
	MACHINE=qemu-configs/pull.sh boot pull@debug hung_task_panic=1
	boot s2idle@debug hung_task_panic=1 autopm.aggressive=1
	# Hot-unplug: the USB stick and a PCI controller while suspended
	# (unplug@debug), the stick under reads (concurrency@debug).
	cases=$(cat "$logs/unplug@debug.tap" "$logs/concurrency@debug.tap" 2>/dev/null |
		grep -cE '^ok [0-9]+ (unplug|concurrency): (the USB stick|it) is gone' || true)
	splats=$(cat "$logs/unplug@debug.console" "$logs/concurrency@debug.console" 2>/dev/null |
		grep -cE "$(cat "$here/splats.ere")" || true)
	echo "test: hot-unplug: $cases cases, $splats splats"
	# The injected faults are autopm-core's KUnit cases, which every boot
	# runs: here under KASAN and lockdep. Each asserts the device
	# suspends once the faults stop.
	faults=$(tr -d '\r' < "$logs/integrity@debug.console" | grep -cE \
		'^\[ *[0-9.]+\] +ok [0-9]+ autopm_test_learn_(busy_retried|busy_backs_off|error_reported)$' || true)
	echo "test: faults: $faults kinds injected (-EBUSY, -EAGAIN, -EIO), $((3 - faults)) stuck devices"
	;;
power)
	# The idle machine under stock, autopm and powertop --auto-tune, 12 s
	# each, then in a boot of its own under autopm with powertop on top;
	# the report (tables and plot under $BUILD/reports). On the release
	# kernel: the debug kernel's sysfs reads, slower than the 1% of a
	# window the estimates are checked to, would blur the check.
	for m in default laptop; do
		s=; [ $m = laptop ] && s=@laptop
		MACHINE=qemu-configs/$m.sh boot power$s autopm_power=idle autopm_window=12
		MACHINE=qemu-configs/$m.sh boot power@$m+both autopm_power=idle autopm_window=12 autopm_policies=both
		"$here/power-report.py" "$BUILD/reports${s:+/laptop}" "$logs/power$s.tap" "$logs/power@$m+both.tap" \
			> "$logs/power-report$s.tap"
		sed -n "s/^# figure: /test: ${s:+laptop: }/p" "$logs/power-report$s.tap"
	done
	;;
stock)
	boot stock@base
	t=$tables
	compare newly-suspended "$t/stock@base.txt" "$t/on.txt" 8
	compare same-state "$t/stock@base.txt" "$t/off.txt"
	compare same-state "$t/stock@base.txt" "$t/observe.txt"
	compare same-decisions "$t/on.txt" "$t/observe.txt"
	compare same-state "$t/stock@base.txt" "$t/modes-off.txt"
	;;
*)
	echo "run-tests: unknown group '$group' (patched, debug, power or stock)" >&2
	exit 2
	;;
esac
