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

# launch NAME [KERNEL_ARGS...]: one Debian guest, in the background; its
# exit code to NAME.rc. The guest test is NAME up to '@'. systemd and
# udev's settle take a minute or two under TCG.
launch() {
	name=$1
	shift
	rm -f "$logs/$name.rc"
	date +%s > "$logs/$name.start"
	( rc=0; "$here/boot.sh" "$name" "$kernel" "$initrd" 600 "$@" || rc=$?
	  echo "$rc" > "$logs/$name.rc" ) &
}

# record NAME: the result of a guest that has ended, and its two tables.
record() {
	name=$1
	rc=$(cat "$logs/$name.rc" 2>/dev/null || echo 1)
	result "$rc" "boot $name (exit $rc)" >&3
	sed -i 's/\r$//' "$logs/$name.tap" "$logs/$name.console" 2>/dev/null || true
	sed -n 's/^#| //p' "$logs/$name.tap" > "$tables/$name.txt" 2>/dev/null || true
	sed -n 's/^#powertop| //p' "$logs/$name.tap" > "$tables/$name+powertop.txt" 2>/dev/null || true
	find "$tables" -name "$name*.txt" -empty -delete
	echo "test: $name: $(grep -c '^ok ' "$logs/$name.tap" || true) ok," \
		"$(grep -c '^not ok ' "$logs/$name.tap" || true) not ok" \
		"($(($(date +%s) - $(cat "$logs/$name.start")))s)"
}

boot() {
	launch "$@"
	wait
	record "$1"
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
	# Debian's own kernel is the baseline, not ours: what it complains of
	# is a finding, said here, not a failure; summary.sh holds the consoles
	# of our kernels (*.console) to none. Under powertop, 6.1's libahci
	# gives a suspended port's host reference back twice at power-off
	# (the series' patch 2).
	mv "$logs/debian@stock.console" "$logs/debian@stock.baseline"
	grep -E "$(cat "$here/splats.ere")" "$logs/debian@stock.baseline" |
		sed 's/^\[ *[0-9.]*\] //' | sort | uniq -c |
		sed 's/^ *\([0-9]*\) /test: debian: the stock kernel complained \1 times: /' || true
	;;
patched)
	# Two guests at a time: each is one TCG thread.
	launch debian@on
	launch debian@off autopm=off
	wait
	record debian@on
	record debian@off
	# The KUnit suites are built in (debian-kernel.sh): their lines from
	# the console, for summary.sh.
	sed -n 's/^\[ *[0-9]*\.[0-9]*\] //p' "$logs/debian@on.console" |
		grep -E '^ *(KTAP version|TAP version|[0-9]+\.\.[0-9]+$|ok |not ok |# )' \
		> "$logs/kunit.ktap" || true
	compare explained "$t/debian@stock.txt" "$t/debian@on.txt"
	compare same-state "$t/debian@stock.txt" "$t/debian@off.txt"
	compare explained "$t/debian@stock+powertop.txt" "$t/debian@on+powertop.txt"
	compare same-state "$t/debian@stock+powertop.txt" "$t/debian@off+powertop.txt"
	# What the stock kernel logs at power-off after powertop (above).
	underflows=$(cat "$logs/debian@on.console" "$logs/debian@off.console" |
		grep -c 'usage count underflow' || true)
	result "$underflows" "the patched kernel, on and off, logs no runtime PM usage count underflow at power-off after powertop (Debian's stock kernel: $(grep -c 'usage count underflow' "$logs/debian@stock.baseline" || true))" >&3
	boot power@debian autopm_power=idle autopm_window=12
	boot power@debian+both autopm_power=idle autopm_window=12 autopm_policies=both
	"$here/power-report.py" "$BUILD/reports/debian" "$logs/power@debian.tap" "$logs/power@debian+both.tap" \
		> "$logs/power-report@debian.tap"
	sed -n 's/^# figure: /test: debian: /p' "$logs/power-report@debian.tap"
	;;
*)
	echo "debian-tests: unknown group '$group' (stock or patched)" >&2
	exit 2
	;;
esac
plan >&3
