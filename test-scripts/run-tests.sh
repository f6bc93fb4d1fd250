#!/bin/bash
# Boot every test scenario on the default machine, keep each device table
# under $BUILD/tables/, and compare the tables. Host-side results go to
# $BUILD/logs/host.tap; the guests' own TAP to $BUILD/logs/NAME.tap.
# Usage: run-tests.sh STOCK_KERNEL KERNEL INITRAMFS
set -eu
stock=$1
kernel=$2
initrd=$3
export BUILD=${BUILD:-build}
logs=$BUILD/logs
tables=$BUILD/tables
here=$(dirname "$0")
rm -rf "$logs" "$tables"
mkdir -p "$logs" "$tables"
host=$logs/host.tap
n=0

result() {
	n=$((n + 1))
	echo "$1 $n $2" >> "$host"
}

# boot NAME KERNEL [KERNEL_ARGS...]: one guest test; its table to tables/NAME.
boot() {
	name=$1
	image=$2
	shift 2
	start=$(date +%s)
	rc=0
	"$here/boot.sh" "$name" "$image" "$initrd" 180 "$@" || rc=$?
	if [ "$rc" = 0 ]; then result ok "boot $name"; else result "not ok" "boot $name (exit $rc)"; fi
	sed -n 's/^#| //p' "$logs/$name.tap" > "$tables/$name.txt" 2>/dev/null || true
	echo "test: $name: $(grep -c '^ok ' "$logs/$name.tap" 2>/dev/null || echo 0) ok," \
		"$(grep -c '^not ok ' "$logs/$name.tap" 2>/dev/null || echo 0) not ok ($(($(date +%s) - start))s)"
}

# The runner itself: a guest that never powers off must be reported as hung.
rc=0
"$here/boot.sh" selftest-hang "$kernel" "$initrd" 20 2> "$logs/selftest-hang.err" || rc=$?
if [ "$rc" = 124 ] && grep -q "the guest hung" "$logs/selftest-hang.err"; then
	result ok "runner: a guest that never powers off is reported as hung"
else
	result "not ok" "runner: a hung guest gave exit $rc, not 124"
fi
rm -f "$logs/selftest-hang.tap"
echo "test: selftest-hang: exit $rc (124 expected)"

boot stock@base "$stock"
