#!/bin/bash
# Check that the kernel builds after each patch of the series in turn:
# incremental builds in one O= directory, from the base (the stock kernel,
# kept as STOCK_IMAGE for the baseline) up to the last patch.
# Usage: build-series.sh TREE OUT STOCK_IMAGE TAP FRAGMENT...
# One TAP line per step goes to TAP.
set -eu
tree=$1
out=$2
stock=$3
tap=$4
shift 4
here=$(dirname "$0")
branch=$(git -C "$tree" rev-parse --abbrev-ref HEAD)
trap 'git -C "$tree" checkout -q "$branch"' EXIT

: > "$tap"
n=0
failed=0
for commit in $(git -C "$tree" rev-parse base) $(git -C "$tree" rev-list --reverse base..HEAD); do
	n=$((n + 1))
	subject=$(git -C "$tree" log -1 --format=%s "$commit")
	git -C "$tree" checkout -q "$commit"
	start=$(date +%s)
	"$here/kconfig.sh" "$tree" "$out" --no-check "$@"
	if make -s -C "$tree" O="$(realpath "$out")" -j"$(nproc)" bzImage \
		> "$out/series-step-$n.log" 2>&1; then
		echo "ok $n kernel builds after: $subject" >> "$tap"
		echo "series: builds after: $subject ($(($(date +%s) - start))s)"
	else
		echo "not ok $n kernel builds after: $subject" >> "$tap"
		echo "series: does not build after: $subject (see $out/series-step-$n.log)" >&2
		failed=1
	fi
	if [ "$n" = 1 ]; then
		cp "$out/arch/x86/boot/bzImage" "$stock"
	fi
done
exit "$failed"
