# shellcheck shell=sh
# The default QEMU machine, sourced by test-scripts/boot.sh.
# In the spirit of tools/testing/kunit/qemu_configs/x86_64.py: which machine,
# which devices, which kernel command line. $BUILD is the build directory.
#
# Every device class autopm has a rule for is here: AHCI with a SATA disk,
# xHCI with a keyboard, a tablet and a USB stick, HD audio, e1000e.

QEMU_BIN=qemu-system-x86_64
# TCG always: /dev/kvm exists on these machines but KVM guests hang.
QEMU_ACCEL=${ACCEL:-tcg}
QEMU_MACHINE=q35
QEMU_CPUS=2
QEMU_MEM=512M
QEMU_CMDLINE="console=ttyS0 panic=-1 oops=panic"

# Raw disk images made by the Makefile (test-scripts/mkdisk.sh).
SATA_IMG=$BUILD/sata.img
USB_IMG=$BUILD/usb.img

QEMU_DEVICES="
 -device qemu-xhci,id=xhci
 -device usb-kbd,bus=xhci.0
 -device usb-tablet,bus=xhci.0
 -drive if=none,id=usbstick,format=raw,file=$USB_IMG
 -device usb-storage,bus=xhci.0,drive=usbstick
 -drive if=none,id=satadisk,format=raw,file=$SATA_IMG
 -device ide-hd,bus=ide.0,drive=satadisk
 -audiodev none,id=snd0
 -device intel-hda
 -device hda-duplex,audiodev=snd0
 -netdev user,id=net0
 -device e1000e,netdev=net0
"
