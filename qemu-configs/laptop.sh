# shellcheck shell=sh
# The default machine plus a 2024 laptop's other device classes (issue 24;
# ../shared/research/anchors-2026.md lists a real one's): an NVMe disk; an
# SD card behind sdhci-pci; a UAS disk on xHCI's last free port (qemu-xhci
# has four, each USB 2 and 3); ICH9's EHCI with its three UHCI companions,
# with a rotating disk in a bulk-only enclosure and a network adapter
# (CDC/RNDIS), both high speed, and USB audio, a mouse and a serial adapter
# (FTDI; a null chardev never "opens", and QEMU then leaves the adapter
# unplugged), full speed and so on UHCI; and e1000, whose driver has no
# runtime PM. Sourced by test-scripts/boot.sh
# with MACHINE=qemu-configs/laptop.sh (the laptop scenario). The disks read
# the default machine's images; -snapshot gives each its own overlay.
# shellcheck source=default.sh
. qemu-configs/default.sh
# A laptop's AHCI is a mobile part (ICH9M, 8086:2929, is
# board_ahci_low_power in 6.1): Debian's policy 3 on both kernels.
LPM="6.1:med_power_with_dipm,6.12:med_power_with_dipm"
QEMU_CMDLINE="${QEMU_CMDLINE%autopm_assume_lpm=*}autopm_assume_lpm=$LPM"

QEMU_DEVICES="$QEMU_DEVICES
 -drive if=none,id=nvm,format=raw,file=$SATA_IMG
 -device nvme,drive=nvm,serial=autopm-nvme
 -device sdhci-pci,id=sdhci
 -drive if=none,id=sdcard,format=raw,file=$USB_IMG
 -device sd-card,drive=sdcard
 -device usb-uas,id=uas,bus=xhci.0,port=4
 -drive if=none,id=uasdisk,format=raw,file=$SATA_IMG
 -device scsi-hd,bus=uas.0,scsi-id=0,lun=0,drive=uasdisk,rotation_rate=1
 -device ich9-usb-ehci1,id=ehci
 -device ich9-usb-uhci1,masterbus=ehci.0,firstport=0
 -device ich9-usb-uhci2,masterbus=ehci.0,firstport=2
 -device ich9-usb-uhci3,masterbus=ehci.0,firstport=4
 -device usb-bot,id=bot,bus=ehci.0
 -drive if=none,id=usbhdd,format=raw,file=$HDD_IMG
 -device scsi-hd,bus=bot.0,drive=usbhdd,rotation_rate=7200
 -netdev user,id=net1
 -device usb-net,bus=ehci.0,netdev=net1
 -device usb-audio,bus=ehci.0,audiodev=snd0
 -device usb-mouse,bus=ehci.0
 -chardev file,id=ser0,path=/dev/null
 -device usb-serial,bus=ehci.0,chardev=ser0
 -netdev user,id=net2
 -device e1000,netdev=net2
"
