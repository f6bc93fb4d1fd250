#!/bin/bash
# The Debian guest's scenarios (qemu-configs/debian.sh: Debian's systemd
# and udev on the default machine). Each boot's tables go to
# $BUILD/tables/ (NAME.txt after idle, NAME+powertop.txt after powertop
# --auto-tune on top), its TAP and console to $BUILD/logs/, the host-side
# checks to $BUILD/logs/host-debian-GROUP.tap:
#   stock   VMLINUZ INITRD  Debian's stock kernel: the baseline
#   patched VMLINUZ INITRD  the patched kernel from Debian's config, as its
#                           package installed it: autopm on, autopm=off,
#                           the power scenario; KUnit from the modules;
#                           every table held against stock's (run after
#                           stock)
# Usage: debian-tests.sh GROUP VMLINUZ INITRD  (DEBIAN_IMG: the guest root)
set -eu
group=$1
kernel=$2
initrd=$3
export BUILD=${BUILD:-build} MACHINE=qemu-configs/debian.sh
here=$(dirname "$0")
logs=$BUILD/logs
tables=$BUILD/tables
mkdir -p "$logs" "$tables"
host=$logs/host-debian-$group.tap
# shellcheck source=tap.sh
. "$here/tap.sh"
exec 3> "$host"

# boot NAME [KERNEL_ARGS...]: one Debian guest; its two tables. The guest
# test is NAME up to '@'. systemd and udev's settle take a minute or two
# under TCG.
boot() {
	name=$1
	shift
	start=$(date +%s)
	rc=0
	"$here/boot.sh" "$name" "$kernel" "$initrd" 600 "$@" || rc=$?
	result "$rc" "boot $name (exit $rc)" >&3
	sed -i 's/\r$//' "$logs/$name.tap" "$logs/$name.console" 2>/dev/null || true
	sed -n 's/^#| //p' "$logs/$name.tap" > "$tables/$name.txt" 2>/dev/null || true
	sed -n 's/^#powertop| //p' "$logs/$name.tap" > "$tables/$name+powertop.txt" 2>/dev/null || true
	echo "test: $name: $(grep -c '^ok ' "$logs/$name.tap" || true) ok," \
		"$(grep -c '^not ok ' "$logs/$name.tap" || true) not ok ($(($(date +%s) - start))s)"
}

# compare WHAT A B: one host-side result from compare.sh; its output kept.
compare() {
	out=$logs/compare-$1-$(basename "$3" .txt).out
	rc=0
	"$here/compare.sh" "$@" > "$out" 2>&1 || rc=$?
	result "$rc" "compare: $1 $(basename "$2" .txt) $(basename "$3" .txt)" >&3
}

t=$tables
case $group in
stock)
	boot debian@stock
	;;
patched)
	boot debian@on
	# The KUnit suites are built in (debian-kernel.sh): their lines from
	# the console, for summary.sh.
	sed -n 's/^\[ *[0-9]*\.[0-9]*\] //p' "$logs/debian@on.console" |
		grep -E '^ *(KTAP version|TAP version|[0-9]+\.\.[0-9]+$|ok |not ok |# )' \
		> "$logs/kunit.ktap" || true
	boot debian@off autopm=off
	compare explained "$t/debian@stock.txt" "$t/debian@on.txt"
	compare same-state "$t/debian@stock.txt" "$t/debian@off.txt"
	compare explained "$t/debian@stock+powertop.txt" "$t/debian@on+powertop.txt"
	compare same-state "$t/debian@stock+powertop.txt" "$t/debian@off+powertop.txt"
	boot power@debian autopm_power=idle autopm_window=12
	"$here/power-report.py" "$BUILD/reports/debian" "$logs/power@debian.tap" \
		> "$logs/power-report@debian.tap"
	sed -n 's/^# figure: /test: debian: /p' "$logs/power-report@debian.tap"
	;;
*)
	echo "debian-tests: unknown group '$group' (stock or patched)" >&2
	exit 2
	;;
esac
plan >&3
