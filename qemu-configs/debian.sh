# shellcheck shell=sh
# The default machine booting the Debian guest root (test-scripts/
# debian-root.sh) from a virtio disk, with systemd as init and udev applying
# Debian's rules, as Debian boots: sourced by test-scripts/boot.sh with
# MACHINE=qemu-configs/debian.sh. virtio-blk has no runtime PM, so it adds
# one stock device to the table, the same under every kernel.
# shellcheck source=default.sh
. qemu-configs/default.sh
DEBIAN_IMG=${DEBIAN_IMG:-${IMAGES:-$BUILD}/debian/root.img}
QEMU_MEM=1G
QEMU_CMDLINE="console=ttyS0 panic=-1 root=/dev/vda rw autopm_assume_lpm=$LPM"
QEMU_DEVICES="$QEMU_DEVICES
 -drive if=none,id=root,format=raw,file=$DEBIAN_IMG
 -device virtio-blk-pci,drive=root
"
