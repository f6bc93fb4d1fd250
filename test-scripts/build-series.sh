#!/bin/bash
# Check that the kernel builds after each patch of the series in turn:
# incremental builds in SERIES_OUT, a copy of KERNEL_OUT (where `make kernel`
# built the last patch). The walk goes backwards, from the last patch down
# to the base (the stock kernel, kept as STOCK_IMAGE for the baseline): the
# base then costs an incremental build instead of a full one. Every step
# reuses the last patch's .config through olddefconfig, which drops what the
# step lacks.
# Usage: build-series.sh TREE KERNEL_OUT SERIES_OUT STOCK_IMAGE TAP
# One TAP line per step goes to TAP, in series order.
set -eu
tree=$1
stock=$4
tap=$5
rm -rf "$3"
cp -a "$2" "$3"
out=$(realpath "$3")
branch=$(git -C "$tree" rev-parse --abbrev-ref HEAD)
trap 'git -C "$tree" checkout -q "$branch"' EXIT
cp "$out/.config" "$out/series.config"

commits="$(git -C "$tree" rev-parse base) $(git -C "$tree" rev-list --reverse base..HEAD)"
total=$(echo "$commits" | wc -w)
n=$total
failed=0
: > "$tap.steps"
for commit in $(echo "$commits" | tr ' ' '\n' | tac); do
	subject=$(git -C "$tree" log -1 --format=%s "$commit")
	git -C "$tree" checkout -q "$commit"
	start=$(date +%s)
	cp "$out/series.config" "$out/.config"
	# vmlinux is linked, so a missing symbol fails the step; only the base
	# needs a bootable image.
	target=vmlinux
	[ "$n" = 1 ] && target=bzImage
	if make -s -C "$tree" O="$out" olddefconfig > "$out/series-step-$n.log" 2>&1 &&
		make -s -C "$tree" O="$out" -j"$(nproc)" $target >> "$out/series-step-$n.log" 2>&1; then
		echo "$n ok $n kernel builds after: $subject" >> "$tap.steps"
		echo "series: [$n/$total] builds after: $subject ($(($(date +%s) - start))s)"
	else
		echo "$n not ok $n kernel builds after: $subject" >> "$tap.steps"
		echo "series: [$n/$total] does not build after: $subject (see $out/series-step-$n.log)" >&2
		failed=1
	fi
	n=$((n - 1))
done
cp "$out/arch/x86/boot/bzImage" "$stock"
sort -n "$tap.steps" | cut -d' ' -f2- > "$tap"
rm -f "$tap.steps"
exit "$failed"
