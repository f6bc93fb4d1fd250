#!/bin/bash
# Count what every test said and print the verdict: the last line is
# "N passed, N failed". Exits 1 on any failure.
# Usage: summary.sh TREE LOGDIR...
# Guest and host TAP: LOGDIR/*.tap; "not ok ... # TODO" lines are counted
# apart, as TAP says. KUnit: the KTAP in LOGDIR/kunit.ktap,
# parsed by TREE's kunit.py; where the patched boots ran (host-patched.tap,
# host-debian-patched.tap),
# each suite of KUNIT_SUITES must have run and passed. Any console with a
# kernel warning fails the run. A line names its LOGDIR's parent (6.1,
# 6.12, 6.1/debian, host).
set -eu
tree=$1
shift
passed=0
failed=0
todo=0
# The suites of the series (CONFIG_PM_AUTOPM_KUNIT_TEST and one symbol
# per subsystem: PCI_, USB_, ATA_, SCSI_AUTOPM_KUNIT_TEST).
KUNIT_SUITES=${KUNIT_SUITES-autopm-rules autopm-core autopm-delay pci-autopm usb-autopm libata-autopm scsi-autopm}

# kunit LOGDIR: the KUnit results of one kernel.
kunit() {
	console=$1/kunit.ktap
	results=$(python3 "$tree/tools/testing/kunit/kunit.py" parse "$(realpath "$console")" 2>&1 |
		sed 's/\x1b\[[0-9;]*m//g' || true)
	counts=$(echo "$results" | grep -o 'Testing complete\. Ran [0-9]* tests: .*' || true)
	if [ -z "$counts" ]; then
		failed=$((failed + 1))
		echo "FAIL $series kunit: no KTAP results in $console"
	else
		echo "$series kunit: ${counts#Testing complete. }"
		kpass=$(echo "$counts" | grep -o 'passed: [0-9]*' | grep -o '[0-9]*' || echo 0)
		kfail=$(echo "$counts" | grep -o '\(failed\|crashed\|errors\): [0-9]*' |
			grep -o '[0-9]*' | paste -sd+ | bc || echo 0)
		passed=$((passed + kpass))
		failed=$((failed + ${kfail:-0}))
		echo "$results" | grep -E '\[(FAILED|CRASHED)\]' | sed "s|^|FAIL $series kunit: |" || true
	fi

	# Every suite must have run: one that is not built would pass by silence.
	for suite in $KUNIT_SUITES; do
		# The console ends its lines with CR LF.
		if tr -d '\r' < "$console" 2>/dev/null | grep -qE "^ *ok [0-9]+ $suite\$"; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			echo "FAIL $series kunit: suite $suite did not run and pass"
		fi
	done
}

# What the kernel says when something is wrong (also read by run-tests.sh).
bad=$(cat "$(dirname "$0")/splats.ere")

# score LOGDIR: the TAP results and the consoles of one kernel (or of the
# host-side checks).
score() {
	for tap in "$1"/*.tap; do
		[ -e "$tap" ] || continue
		name=$series/$(basename "$tap" .tap)
		passed=$((passed + $(grep -c '^ok ' "$tap" || true)))
		# TAP: "not ok ... # TODO why" is a known shortfall, not a failure.
		failed=$((failed + $(grep '^not ok ' "$tap" | grep -vc ' # TODO ' || true)))
		todo=$((todo + $(grep '^not ok ' "$tap" | grep -c ' # TODO ' || true)))
		grep '^not ok ' "$tap" | grep -v ' # TODO ' | sed "s|^|FAIL $name: |" || true
	done
	for console in "$1"/*.console; do
		[ -e "$console" ] || continue
		if grep -qE "$bad" "$console"; then
			failed=$((failed + 1))
			echo "FAIL $series/$(basename "$console"): the kernel complained:"
			grep -E -m 5 "$bad" "$console" | sed 's/^/    /'
		fi
	done
}

for logs in "$@"; do
	series=$(basename "$(dirname "$logs")")
	# The Debian guest's, under a series: 6.1/debian.
	[ "$series" = debian ] && series=$(basename "$(dirname "$(dirname "$logs")")")/debian
	if [ ! -d "$logs" ]; then
		failed=$((failed + 1))
		echo "FAIL $series: no logs in $logs"
		continue
	fi
	score "$logs"
	if [ -f "$logs/host-patched.tap" ] || [ -f "$logs/host-debian-patched.tap" ]; then
		kunit "$logs"
	fi
done

[ "$todo" = 0 ] || echo "$todo known shortfalls (TAP TODO, each with its reason in its log)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
