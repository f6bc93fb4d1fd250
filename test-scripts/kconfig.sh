#!/bin/bash
# Configure the kernel in OUT: make tinyconfig, merge the fragments with the
# tree's merge_config.sh, then check that every option a fragment asks for
# survived (merge_config drops options whose dependencies are off).
# Usage: kconfig.sh TREE OUT [--no-check] FRAGMENT...
set -eu
# Our own make, not a part of the parent's jobserver (see the Makefile).
unset MAKEFLAGS MFLAGS
tree=$(realpath "$1")
out=$(realpath -m "$2")
shift 2
check=yes
if [ "$1" = --no-check ]; then
	check=no
	shift
fi
frags=$(realpath "$@")

mkdir -p "$out"
make -s -C "$tree" O="$out" tinyconfig >/dev/null
# shellcheck disable=SC2086
"$tree"/scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" $frags >/dev/null
make -s -C "$tree" O="$out" olddefconfig >/dev/null

[ "$check" = yes ] || exit 0
lost=0
# shellcheck disable=SC2086
for line in $(grep -h '^CONFIG_' $frags); do
	if ! grep -qxF "$line" "$out/.config"; then
		echo "kconfig: $line was asked for but is not in $out/.config" >&2
		lost=1
	fi
done
# shellcheck disable=SC2086
for option in $(sed -n 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1/p' $frags); do
	if grep -q "^$option=" "$out/.config"; then
		echo "kconfig: $option was asked to be off but is on in $out/.config" >&2
		lost=1
	fi
done
if [ "$lost" = 1 ]; then
	echo "kconfig: enable the options it depends on in qemu-configs/*.config" >&2
	exit 1
fi
