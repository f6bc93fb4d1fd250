# shellcheck shell=sh
# The default machine plus spare backends for the USB stick's image, for
# the pull scenario (test-scripts/guest/pull.sh), which unplugs the stick
# and plugs it in again through QMP: a drive made with -drive goes with the
# device it was given to, so each plug-in takes the next spare,
# usbstick1 to usbstick$PULL_SPARES. -snapshot gives each its own overlay.
# Sourced by test-scripts/boot.sh with MACHINE=qemu-configs/pull.sh.
# shellcheck source=default.sh
. qemu-configs/default.sh

PULL_SPARES=12
i=1
while [ "$i" -le "$PULL_SPARES" ]; do
	QEMU_DEVICES="$QEMU_DEVICES -drive if=none,id=usbstick$i,format=raw,file=$USB_IMG"
	i=$((i + 1))
done
