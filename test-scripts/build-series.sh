#!/bin/bash
# Check that the kernel builds after each patch of the series in turn. The
# walk goes backwards, from the last patch down to the base (the stock
# kernel, kept as STOCK_IMAGE for the baseline), with incremental builds
# that start from KERNEL_OUT (where `make kernel` built the last patch):
# the base then costs an incremental build instead of a full one. A step
# whose Kconfig files differ from the step before it reuses the last
# patch's .config through olddefconfig, which drops what the step lacks;
# the others keep the .config they have (olddefconfig would change
# nothing, and costs seconds a step).
#
# The walk runs on a copy of KERNEL_OUT at KERNEL_OUT's own path: the host
# tools kbuild builds there (objtool) record that absolute path, so a copy
# anywhere else rebuilds objtool and, since every object depends on it,
# the whole kernel. The last patch's build waits in KERNEL_OUT.top and is
# put back when the walk ends, so later incremental builds start from it.
#
# Usage: build-series.sh TREE KERNEL_OUT STOCK_IMAGE TAP
# One TAP line per step goes to TAP, in series order; each step's build log
# to TAP's directory, series-logs/. BASE (default: the tag base) is where
# the walk stops.
set -eu
# Our own make, not a part of the parent's jobserver (see the Makefile).
unset MAKEFLAGS MFLAGS
tree=$1
kout=$(realpath -m "$2")
stock=$3
tap=$4
logs=$(dirname "$tap")/series-logs
base=${BASE:-base}
top=$kout.top
branch=$(git -C "$tree" rev-parse --abbrev-ref HEAD)
commits="$(git -C "$tree" rev-parse "$base") $(git -C "$tree" rev-list --reverse "$base..HEAD")"

# A walk that was interrupted left the last patch's build in $top.
if [ -d "$top" ]; then
	rm -rf "$kout"
	mv "$top" "$kout"
fi
rm -rf "$logs"
mkdir -p "$logs"
mv "$kout" "$top"
restore() {
	git -C "$tree" checkout -q "$branch"
	rm -rf "$kout"
	mv "$top" "$kout"
}
trap restore EXIT
cp -a "$top" "$kout"
cp "$kout/.config" "$logs/series.config"
# Only the base's own build may become the stock kernel.
rm -f "$kout/arch/x86/boot/bzImage"

total=$(echo "$commits" | wc -w)
n=$total
failed=0
: > "$tap.steps"
# The commit whose Kconfig files the .config in $kout was made from.
configured=$(git -C "$tree" rev-parse HEAD)
for commit in $(echo "$commits" | tr ' ' '\n' | tac); do
	subject=$(git -C "$tree" log -1 --format=%s "$commit")
	log=$logs/step-$n.log
	git -C "$tree" checkout -q "$commit"
	start=$(date +%s)
	: > "$log"
	configures=ok
	if ! git -C "$tree" diff --quiet "$configured" "$commit" -- ':(glob)**/Kconfig*'; then
		cp "$logs/series.config" "$kout/.config"
		make -s -C "$tree" O="$kout" olddefconfig > "$log" 2>&1 || configures=no
		configured=$commit
	fi
	# vmlinux is linked, so a missing symbol fails the step; only the base
	# needs a bootable image.
	target=vmlinux
	[ "$n" = 1 ] && target=bzImage
	if [ "$configures" = ok ] &&
		make -s -C "$tree" O="$kout" -j"$(nproc)" $target >> "$log" 2>&1; then
		echo "$n ok $n kernel builds after: $subject" >> "$tap.steps"
		echo "series: [$n/$total] builds after: $subject ($(($(date +%s) - start))s)"
	else
		echo "$n not ok $n kernel builds after: $subject" >> "$tap.steps"
		echo "series: [$n/$total] does not build after: $subject (see $log)" >&2
		failed=1
	fi
	n=$((n - 1))
done
cp "$kout/arch/x86/boot/bzImage" "$stock" ||
	echo "series: the base did not build: no stock kernel in $stock" >&2
sort -n "$tap.steps" | cut -d' ' -f2- > "$tap"
rm -f "$tap.steps"
exit "$failed"
