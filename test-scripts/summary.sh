#!/bin/bash
# Count what every test said and print the verdict: the last line is
# "N passed, N failed". Exits 1 on any failure.
# Usage: summary.sh LOGDIR TREE KUNIT_CONSOLE
# Guest and host TAP: LOGDIR/*.tap. KUnit: KTAP in KUNIT_CONSOLE, parsed by the
# tree's kunit.py; each suite of KUNIT_SUITES must have run and passed.
# Any console with a kernel warning fails the run.
set -eu
logs=$1
tree=$2
kunit_console=$3
passed=0
failed=0
# The suites of the series (CONFIG_PM_AUTOPM_KUNIT_TEST).
KUNIT_SUITES=${KUNIT_SUITES-autopm-rules autopm-core pci-autopm usb-autopm libata-autopm scsi-autopm}

for tap in "$logs"/*.tap; do
	name=$(basename "$tap" .tap)
	passed=$((passed + $(grep -c '^ok ' "$tap" || true)))
	failed=$((failed + $(grep -c '^not ok ' "$tap" || true)))
	grep '^not ok ' "$tap" | sed "s|^|FAIL $name: |" || true
done

bad='WARNING:|BUG:|Oops|possible circular locking|KASAN|Call Trace|usage count underflow|corruption|blocked for more than'
for console in "$logs"/*.console; do
	if grep -qE "$bad" "$console"; then
		failed=$((failed + 1))
		echo "FAIL $(basename "$console"): the kernel complained:"
		grep -E -m 5 "$bad" "$console" | sed 's/^/    /'
	fi
done

kunit=$(python3 "$tree/tools/testing/kunit/kunit.py" parse "$(realpath "$kunit_console")" 2>&1 |
	sed 's/\x1b\[[0-9;]*m//g' || true)
counts=$(echo "$kunit" | grep -o 'Testing complete\. Ran [0-9]* tests: .*' || true)
if [ -z "$counts" ]; then
	failed=$((failed + 1))
	echo "FAIL kunit: no KTAP results in $kunit_console"
else
	echo "kunit: ${counts#Testing complete. }"
	kpass=$(echo "$counts" | grep -o 'passed: [0-9]*' | grep -o '[0-9]*' || echo 0)
	kfail=$(echo "$counts" | grep -o '\(failed\|crashed\|errors\): [0-9]*' |
		grep -o '[0-9]*' | paste -sd+ | bc || echo 0)
	passed=$((passed + kpass))
	failed=$((failed + ${kfail:-0}))
	echo "$kunit" | grep -E '\[(FAILED|CRASHED)\]' | sed 's/^/FAIL kunit: /' || true
fi

# Every suite must have run: one that is not built would pass by silence.
for suite in $KUNIT_SUITES; do
	# The console ends its lines with CR LF.
	if tr -d '\r' < "$kunit_console" | grep -qE "^ *ok [0-9]+ $suite\$"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL kunit: suite $suite did not run and pass"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
