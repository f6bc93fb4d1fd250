# shellcheck shell=sh
# The default QEMU machine, sourced by test-scripts/boot.sh.
# In the spirit of tools/testing/kunit/qemu_configs/x86_64.py: which machine,
# which devices, which kernel command line. $BUILD is the build directory.
#
# Every device class autopm has a rule for is here: q35's AHCI with a
# non-rotating SATA disk, a second AHCI with a rotating one (so that the
# first controller can suspend while the rotating disk stays active), xHCI
# with a keyboard, a tablet and a removable-media USB stick (as most real
# sticks report), HD audio, e1000e, and an empty PCIe root port with ACPI
# hotplug, into which the unplug scenario plugs a controller through QMP.

QEMU_BIN=qemu-system-x86_64
# TCG always: /dev/kvm exists on these machines but KVM guests hang.
QEMU_ACCEL=${ACCEL:-tcg}
QEMU_MACHINE=q35
QEMU_CPUS=2
QEMU_MEM=512M
# The SATA LPM policy Debian's kernel applies to the real machine this
# one stands for (guest/power.sh models the stock idle link by it: QEMU's
# AHCI has no LPM). q35's AHCI is ICH9's, 8086:2922, a desktop part: 6.1
# applies CONFIG_SATA_MOBILE_LPM_POLICY (Debian: 3) only to
# board_ahci_low_power chipsets (drivers/ata/ahci.c); 6.12 to every
# internal port of a host with partial or slumber, as ICH9's AHCI has.
LPM="6.1:max_performance,6.12:med_power_with_dipm"
QEMU_CMDLINE="console=ttyS0 panic=-1 oops=panic autopm_assume_lpm=$LPM"

# Raw disk images made by the Makefile (test-scripts/mkdisk.sh), shared by
# the kernels: $IMAGES, or else $BUILD.
SATA_IMG=${IMAGES:-$BUILD}/sata.img
HDD_IMG=${IMAGES:-$BUILD}/hdd.img
USB_IMG=${IMAGES:-$BUILD}/usb.img

QEMU_DEVICES="
 -device qemu-xhci,id=xhci
 -device usb-kbd,bus=xhci.0
 -device usb-tablet,bus=xhci.0
 -drive if=none,id=usbstick,format=raw,file=$USB_IMG
 -device usb-storage,bus=xhci.0,drive=usbstick,removable=on,id=usbstick0
 -drive if=none,id=satadisk,format=raw,file=$SATA_IMG
 -device ide-hd,bus=ide.0,drive=satadisk,rotation_rate=1
 -device ahci,id=ahci1
 -drive if=none,id=hdd,format=raw,file=$HDD_IMG
 -device ide-hd,bus=ahci1.0,drive=hdd
 -audiodev none,id=snd0
 -device intel-hda
 -device hda-duplex,audiodev=snd0
 -netdev user,id=net0
 -device e1000e,netdev=net0
 -device pcie-root-port,id=rp1,chassis=1,slot=1
 -global ICH9-LPC.acpi-pci-hotplug-with-bridge-support=on
"
