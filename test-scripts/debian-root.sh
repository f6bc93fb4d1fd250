#!/bin/bash
# The Debian guest's root: bookworm with systemd and udev, built by
# mmdebstrap through apt (cached in DEBIAN_CACHE, default OUT's parent, as
# root-KERNEL_PKG.tar: a second run fetches nothing),
# with the stock kernel package KERNEL_PKG installed in it (in the guest
# root, never on the host), as an ext4 image with the guest scripts in
# /tests and autopm-test.service enabled. Writes OUT/root.img and the stock
# kernel and its initramfs as OUT/stock-vmlinuz and OUT/stock-initrd.
# With KERNEL_DEB set to a kernel package (test-scripts/debian-kernel.sh),
# that package is installed in the image too, with dpkg in the guest root
# as Debian installs a kernel (its initramfs made there by
# initramfs-tools), and its kernel and initramfs are OUT/deb-vmlinuz and
# OUT/deb-initrd.
# Usage: debian-root.sh OUT KERNEL_PKG GUESTDIR [EXTRA_FILE...]
# Each EXTRA_FILE is copied to /tests/ in the guest, as mkinitramfs.sh does.
set -eu
out=$(realpath -m "$1")
pkg=$2
guest=$(realpath "$3")
shift 3
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
# The root without the tests, per kernel package: the slow part, kept.
cache=${DEBIAN_CACHE:-$(dirname "$out")}
mkdir -p "$cache"
tar=$(realpath "$cache")/root-$pkg.tar
if [ ! -s "$tar" ]; then
	echo "debian-root: mmdebstrap bookworm with $pkg (about 700 MB, once)"
	mmdebstrap --quiet --variant=minbase --format=tar \
		--include="systemd-sysv,udev,kmod,$pkg,powertop,procps,e2fsprogs" \
		--customize-hook='chroot "$1" passwd -d root' \
		bookworm "$tar.tmp"
	mv "$tar.tmp" "$tar"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tar -C "$dir" -xf "$tar"
mkdir -p "$dir/tests"
cp "$guest"/*.sh "$@" "$dir/tests/"
chmod +x "$dir"/tests/*.sh
cp "$here/debian/autopm-test.service" "$dir/etc/systemd/system/"
ln -sf ../autopm-test.service \
	"$dir/etc/systemd/system/multi-user.target.wants/autopm-test.service"
echo "/dev/vda / ext4 rw 0 1" > "$dir/etc/fstab"
stock=$(cd "$dir/boot" && ls vmlinuz-*)
cp "$dir/boot/$stock" "$out/stock-vmlinuz"
cp "$dir/boot/initrd.img-${stock#vmlinuz-}" "$out/stock-initrd"
if [ -n "${KERNEL_DEB:-}" ]; then
	cp "$KERNEL_DEB" "$dir/tmp/kernel.deb"
	chroot "$dir" dpkg -i /tmp/kernel.deb > "$out/dpkg.log" 2>&1 ||
		{ echo "debian-root: dpkg -i $KERNEL_DEB failed: see $out/dpkg.log" >&2; exit 1; }
	rm "$dir/tmp/kernel.deb"
	version=$(dpkg-deb -f "$KERNEL_DEB" Package | sed 's/^linux-image-//')
	cp "$dir/boot/vmlinuz-$version" "$out/deb-vmlinuz"
	cp "$dir/boot/initrd.img-$version" "$out/deb-initrd"
fi
rm -f "$out/root.img"
mkfs.ext4 -q -L autopm-root -d "$dir" "$out/root.img" 2G
echo "debian-root: $out/root.img, the stock kernel $stock${KERNEL_DEB:+, and $(basename "$KERNEL_DEB")}"
