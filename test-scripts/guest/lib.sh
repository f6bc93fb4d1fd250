# shellcheck shell=sh
# TAP helpers for the guest tests (the kselftest.h format: ok N, not ok N).
tap_n=0

ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n $*"
}

not_ok() {
	tap_n=$((tap_n + 1))
	echo "not ok $tap_n $*"
}

# check NAME COMMAND...: one TAP line saying whether COMMAND succeeded.
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}

done_testing() {
	echo "1..$tap_n"
}

# The device table as TAP comments, for the host to keep (test-scripts/tables.sh).
emit_table() {
	/tests/devtable.sh | sed 's/^/#| /'
}

# power_of PATH FILE: a power/ file of a device under /sys/devices.
power_of() {
	cat "/sys/devices/$1/power/$2" 2>/dev/null
}
