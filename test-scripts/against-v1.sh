#!/bin/bash
# Run today's boot tests against v1 of the series, to see which of them v1
# fails: each review point of v2 has a test that must fail on v1
# (Documentation/testing.md). v1 is the first 11 patches of patches/ as this
# repository had them at V1_COMMIT (the v2 series folds its fixes into its
# patches, so v1 is only in the history). It is applied to the tree's base
# in a git worktree and built in its own O= directory, and the boots write
# to $BUILD/v1/, so nothing of `make test` is touched.
# Usage: against-v1.sh build/6.1/linux   (after `make kernel initramfs`)
set -eu
tree=$(realpath "$1")
build=$(realpath "${BUILD:-build}")
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
v1=${V1_COMMIT:-66e8814}
work=$build/v1tree
kout=$build/kernel-v1
out=$build/v1
here=$(realpath "$(dirname "$0")")

echo "against-v1: v1 is patches 1-11 of patches/ at $(git -C "$repo" log -1 --format='%h (%s)' "$v1")"
git -C "$tree" worktree remove -f "$work" 2>/dev/null || rm -rf "$work"
git -C "$tree" worktree add -f --detach "$work" base >/dev/null
for n in $(seq -w 1 11); do
	name=$(git -C "$repo" ls-tree --name-only "$v1" patches/ | grep "^patches/00$n-")
	git -C "$repo" show "$v1:$name" | git -C "$work" am -q
done

# v1 has no default-mode choice (it always starts on): --no-check lets
# merge_config drop the fragment's CONFIG_PM_AUTOPM_DEFAULT_ON.
echo "against-v1: building v1 in $kout"
"$here/kconfig.sh" "$work" "$kout" --no-check "$here"/../qemu-configs/*.config
make -s -C "$work" O="$kout" -j"$(nproc)" bzImage

# The same disk images (QEMU runs with -snapshot: the guests write to none).
mkdir -p "$out"
for img in sata hdd usb; do ln -sf "$build/$img.img" "$out/$img.img"; done
BUILD=$out "$here/run-tests.sh" patched "$kout/arch/x86/boot/bzImage" \
	"$build/initramfs.cpio.gz" || true
echo "against-v1: what v1 fails (the guests' TAP is in $out/logs):"
grep -h '^not ok' "$out"/logs/*.tap | sed 's/^/  /' || echo "  nothing"
