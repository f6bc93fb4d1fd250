#!/bin/bash
# Install the Debian packages autopm needs that are missing; name them if we cannot.
set -eu

# Beyond the kernel build and QEMU: cpio and gzip for the initramfs, python3
# for kunit.py parse, python3-ply for checkpatch's SPDX licence check,
# trace-cmd for the latency scenario (in the guest and on the host),
# gnuplot-nox for the policy lab's plots, valgrind for its instruction
# counts (make -C policy cost), powertop for the power scenario (in the
# guest: its --auto-tune is one of the policies compared).
# DEPS replaces the list (test-scripts/selftest.sh).
want=${DEPS:-"linux-source-6.1 linux-source-6.12 gcc make bc bison flex libelf-dev libssl-dev cpio xz-utils
 gzip python3 python3-ply qemu-system-x86 busybox-static linux-perf trace-cmd gnuplot-nox valgrind powertop"}

missing=""
for pkg in $want; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
	case "$status" in
	*" installed") ;;
	*) missing="$missing $pkg" ;;
	esac
done

if [ -z "$missing" ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing" >&2
	echo "deps: run as root, or: sudo apt-get install -y$missing" >&2
	exit 1
fi
# make test installs from two chains at once (the Debian guest's beside the
# series'): one apt at a time, the other waits for it.
exec 9> /var/lock/autopm-deps.lock
flock 9
echo "deps: installing$missing"
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
