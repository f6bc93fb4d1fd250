# shellcheck shell=sh
# TAP helpers for the guest tests (the kselftest.h format: ok N, not ok N).
tap_n=0

ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n $*"
}

not_ok() {
	tap_n=$((tap_n + 1))
	echo "not ok $tap_n $*"
}

# check NAME COMMAND...: one TAP line saying whether COMMAND succeeded.
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}

done_testing() {
	echo "1..$tap_n"
}

# qmp CMD [KEY=VALUE...]: have QEMU run a QMP command, as a management
# tool would to hot-plug a device. A TAP comment: test-scripts/monitor.sh
# reads it from the TAP's serial port, where no kernel message can split
# the line (on the console one did, and QEMU was sent half a command).
qmp() {
	echo "# autopm-guest: monitor: $*"
}

# The device table as TAP comments, for the host to keep (test-scripts/tables.sh).
emit_table() {
	/tests/devtable.sh | sed 's/^/#| /'
}

# power_of PATH FILE: a power/ file of a device under /sys/devices.
power_of() {
	cat "/sys/devices/$1/power/$2" 2>/dev/null
}

# delay_in_force DEVDIR: the autosuspend delay the runtime PM core uses for
# a device that uses autosuspend (power/autosuspend_delay_ms reads, as on
# a stock kernel, only then): debugfs autopm/devices's in_force column
# (autopm's own delay while it governs the device), else that file, which
# keeps the driver's or user's delay; fails for a device without.
delay_in_force() {
	stock=$(cat "$1/power/autosuspend_delay_ms" 2>/dev/null) || return 1
	awk -v d="$(basename "$1")" 'NR > 1 && $1 == d { print $6; found = 1 }
		END { exit !found }' /sys/kernel/debug/autopm/devices 2>/dev/null ||
		echo "$stock"
}

# wait_status DEVDIR STATUS SECONDS: wait until a device reaches a runtime status.
wait_status() {
	read -r up _ < /proc/uptime
	deadline=$((${up%.*} + $3))
	while [ "$(cat "$1/power/runtime_status")" != "$2" ]; do
		read -r up _ < /proc/uptime
		[ "${up%.*}" -lt $deadline ] || return 1
		sleep 0.5
	done
}

# all_suspended DEVDIR...: each is runtime-suspended, within 20 s of
# uptime in all (polled every 50 ms: wait_status's half second would be
# most of a burst of the integrity scenario). Bounded by the clock, not by
# a count of polls: on the debug kernel under TCG on a loaded host a poll
# took up to a second, and 400 of them most of a boot's limit.
all_suspended() {
	read -r up _ < /proc/uptime
	deadline=$((${up%.*} + 20))
	for d in "$@"; do
		while [ "$(cat "$d/power/runtime_status")" != suspended ]; do
			read -r up _ < /proc/uptime
			[ "${up%.*}" -lt $deadline ] || {
				echo "# $d did not suspend ($(cat "$d/power/runtime_status"), delay $(delay_in_force "$d" 2>/dev/null) ms)"
				return 1
			}
			sleep 0.05
		done
	done
}

# The first PCI function of a class (hex, without 0x, e.g. 0106 or 0c03).
pci_of_class() {
	for d in /sys/bus/pci/devices/*; do
		case "$(cat "$d/class")" in
		0x$1*) echo "$d"; return 0 ;;
		esac
	done
	return 1
}

# The SATA disk of a kind: disk_kind ssd|hdd (by queue/rotational).
disk_kind() {
	want=0
	[ "$1" = hdd ] && want=1
	for b in /sys/block/sd*; do
		dev=$(realpath "$b/device")
		case "$dev" in
		*/ata*) [ "$(cat "$b/queue/rotational")" = "$want" ] && echo "$dev" ;;
		esac
	done
}

# The PCI function and the ATA port above a SATA device.
pci_above() {
	echo "$1" | sed -n 's|^\(.*/0000:[0-9a-f:.]*\)/ata[0-9]*/.*|\1|p'
}

# The AHCI controller of the non-rotating disk (q35's own, at 00:1f.2).
ssd_ahci() {
	pci_above "$(disk_kind ssd)"
}

port_above() {
	echo "$1" | sed -n 's|^\(.*/ata[0-9]*\)/.*|\1|p'
}

# The sysfs directory of the USB device (not interface) of the USB stick:
# the mass storage device whose disk is removable (the laptop machine has
# two more, a UAS and a bulk-only enclosure), or, before any disk is
# probed, the first one (the default machine has only the stick).
usb_stick() {
	all=$(for d in /sys/bus/usb/devices/*; do
		[ "$(cat "$d/bInterfaceClass" 2>/dev/null)" = 08 ] || continue
		dirname "$(realpath "$d")"
	done | sort -u)
	for d in $all; do
		for r in "$d"/*/host*/target*/*/block/*/removable; do
			[ "$(cat "$r" 2>/dev/null)" = 1 ] && { echo "$d"; return 0; }
		done
	done
	echo "$all" | head -n 1
}

# A disk in a USB enclosure: under a USB device, fixed (the stick's is
# removable), rotating.
usb_hdd() {
	for b in /sys/block/sd*; do
		dev=$(realpath "$b/device")
		case "$dev" in
		*/usb*) [ "$(cat "$b/removable") $(cat "$b/queue/rotational")" = "0 1" ] &&
			echo "$dev" ;;
		esac
	done
}

# The USB device a disk sits behind.
usb_device_of() {
	d=$1
	while [ "$d" != / ] && [ ! -e "$d/idVendor" ]; do d=$(dirname "$d"); done
	echo "$d"
}

# The kernel log has no line a routine runtime suspend or resume of a disk
# wrote in v1.
quiet_disks() {
	! dmesg | grep -E 'Synchronizing SCSI cache|Stopping disk|Starting disk|Entering (standby|active) power mode'
}

# The sysfs directory of the SCSI disk below the ATA or USB host: disk_on ata|usb
disk_on() {
	for b in /sys/block/sd*; do
		dev=$(realpath "$b/device")
		case "$dev" in
		*/usb*) [ "$1" = usb ] && echo "$dev" ;;
		*/ata*) [ "$1" = ata ] && echo "$dev" ;;
		esac
	done
}

# autopm_line DEVDIR: the power/autopm_* files as "VERDICT reason=R owner=O".
# v1 of the series had them on one line in power/autopm: read that, so that
# these tests can be run against v1 (Documentation/testing.md).
autopm_line() {
	[ -e "$1/power/autopm_verdict" ] || { cat "$1/power/autopm"; return; }
	echo "$(cat "$1/power/autopm_verdict") reason=$(cat "$1/power/autopm_reason")" \
		"owner=$(cat "$1/power/autopm_owner")"
}

# autopm_says DEVDIR WORD...: autopm_line contains every WORD.
autopm_says() {
	a=$(autopm_line "$1")
	shift
	for w in "$@"; do
		case " $a " in
		*" $w "*) ;;
		*) echo "# power/autopm_* say '$a', not '$*'"; return 1 ;;
		esac
	done
}

# autopm_stat DEVDIR COLUMN: a device's counter in debugfs autopm/activity
# (idle, susp, resume, demand, busy, error, susp_ms); 0 for a device autopm
# never governed, which the table does not list.
autopm_stat() {
	awk -v d="$(basename "$1")" -v c="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) col = i; if (!col) exit 2; next }
		$1 == d { print $col; found = 1; exit }
		END { if (!found) print 0 }' /sys/kernel/debug/autopm/activity
}

# autopm_values NAME: the power/autopm_NAME file of every device, one a line.
autopm_values() {
	find /sys/devices -name "autopm_$1" -path '*/power/*' -exec cat {} +
}

# autopm_files [DIR...]: the power/autopm_* files of every device: the
# verdict, reason and owner (reading the nine of v3 of every device took
# 250 s a round on the debug kernel under TCG). A walk over all of
# /sys/devices takes minutes there too, so it is made once per boot (kept
# in /tmp/autopm-files); the directories given, below which devices came
# or went since, are walked again.
# On the debug kernel (it has /proc/lockdep) the walk and the reads took
# two of unplug's four minutes: there only the devices below q35's AHCI
# controller and the USB stick (the disks, their ports, hosts and parents)
# and the directories given are read. They run the same show functions
# under lockdep and KASAN as all devices would; the release kernels read
# every device's.
autopm_files() {
	if [ -e /proc/lockdep ]; then
		find_autopm_files "$(ssd_ahci)" "$(usb_stick)" "$@" 2>/dev/null
		return 0
	fi
	[ -s /tmp/autopm-files ] || find_autopm_files /sys/devices > /tmp/autopm-files
	cat /tmp/autopm-files
	[ $# = 0 ] || find_autopm_files "$@" 2>/dev/null
}

find_autopm_files() {
	find "$@" -path '*/power/autopm_*' \( -name autopm_verdict -o \
		-name autopm_reason -o -name autopm_owner \)
}

# read_autopm_files [DIR...]: the debugfs table (kept in /tmp/table) and
# the autopm files autopm_files lists, read; a file whose device went
# away (a USB stick's SCSI devices go after the stick, an unbound
# controller's ports with it) may be gone instead.
read_autopm_files() {
	cat /sys/kernel/debug/autopm/devices > /tmp/table || return 1
	autopm_files "$@" | sort -u | while read -r f; do
		[ ! -e "$f" ] || echo "$f"
	done > /tmp/autopm-read
	# A few cats for all of them (xargs): a process per file takes long
	# under TCG, and a shell list of ten files a device grows quadratically.
	# NUL-separated: some device names have spaces ("Fixed MDIO bus.0",
	# which the USB network drivers' PHY library adds).
	tr '\n' '\0' < /tmp/autopm-read | xargs -0 cat > /dev/null 2>&1 && return 0
	while read -r f; do
		cat "$f" > /dev/null 2>&1 || [ ! -e "$f" ] || return 1
	done < /tmp/autopm-read
}

# pin_class_models: the learning devices of the disks' chains (the SATA
# disk, the USB stick and its disk) get their class's estimate as a
# measured model (debugfs autopm/power_model), so that their break-even time
# is the estimate's (20 ms, 60 ms), not the mean resume time measured on a
# loaded host. Under TCG with a kernel build beside it that mean reached
# seconds: every read-back right after a suspend became a wrong period,
# the learned delays grew past the 20 s all_suspended waits, and the
# integrity scenario outran its limit (issue 26: 1 boot in 4 with three
# busy loops beside it). For the scenarios that cycle the disks, not for
# those that test the learning.
pin_class_models() {
	for d in "$(disk_kind ssd)=600 50 10000 10000 12000" \
		"$(disk_on usb)=100 3 50000 10000 6000" "$(usb_stick)=100 3 50000 10000 6000"; do
		echo "${d%%=*} ${d#*=}" > /sys/kernel/debug/autopm/power_model ||
			echo "# ${d%%=*}: the model was refused"
	done
}

# quiet_disks_and_parents: the non-rotating SATA disk, its port and its
# controller, the USB disk and the stick all runtime-suspended: none of them
# has a transition in flight.
# The USB disk may still be probing when the test starts: wait for it first.
quiet_disks_and_parents() {
	i=0
	while [ -z "$(disk_on usb)" ] && [ $i -lt 60 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	ssd=$(disk_kind ssd)
	for d in "$ssd" "$(port_above "$ssd")" "$(ssd_ahci)" "$(disk_on usb)" "$(usb_stick)"; do
		[ -n "$d" ] || { echo "# a disk or a parent of it is missing"; continue; }
		wait_status "$d" suspended 60 || echo "# $d did not suspend"
	done
	sleep 1
}
