# shellcheck shell=sh
# Sourced by power.sh: the facts a device's power state follows from
# (test-scripts/powerstates.py), and the SATA LPM policy the machine stands
# for.

# facts DIR: "link=yes|no|- driver=NAME|- lpm=POLICY|-" of one device. An
# ATA port has a link if a device on it has a class; its LPM policy is its
# SCSI host's.
facts() {
	link=- lpm=- driver=-
	case ${1##*/} in
	ata[0-9]*)
		link=no
		for f in "$1"/link*/dev*/ata_device/dev*/class; do
			[ -r "$f" ] || continue
			# dev*.1 of a SATA link is never probed: unknown.
			case $(cat "$f") in none | unknown) ;; *) link=yes ;; esac
		done
		for f in "$1"/host*/scsi_host/host*/link_power_management_policy; do
			[ -r "$f" ] && lpm=$(cat "$f")
		done
		;;
	esac
	[ -e "$1/driver" ] && driver=$(basename "$(readlink "$1/driver")")
	echo "link=$link driver=$driver lpm=$lpm"
}

# The SATA LPM policy Debian's kernel would apply on the real machine this
# one stands for: QEMU's AHCI has no LPM, so its hosts read max_performance
# whatever the kernel would choose. "6.1:POLICY,6.12:POLICY".
assumed_lpm() {
	v=$(uname -r | cut -d. -f1-2)
	sed -n 's/.*autopm_assume_lpm=\([^ ]*\).*/\1/p' /proc/cmdline | tr , '\n' |
		sed -n "s/^$v://p"
}
