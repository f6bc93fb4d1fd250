#!/bin/bash
# Print kernel command-line arguments, one a line, that feed one of
# autopm's boot parameters a good value and then 50 bad ones: the guest
# test (badinput, params) checks that each bad one was logged and ignored
# and that the good one is in force. Kept short: the whole command line
# must fit in the kernel's 2048 bytes (x86 COMMAND_LINE_SIZE).
# Usage: bad-params.sh mode|learn|deny GOOD|allow GOOD
set -eu

# Bad for every parameter: empty, whitespace (quoted, as a boot loader
# passes it), non-ASCII, overlong, numbers out of any range.
common=('' '" "' '" on"' '"o n"' 'ö' 'ÖN' '€' \
	"$(printf 'x%.0s' $(seq 1 100))" '99999999999999999999' \
	'-99999999999999999999' '-1' '2' '+on' '-on' '?' '*' '~')

case ${1:-} in
mode)
	# autopm=: anything but on, observe or off (a trailing newline is a
	# sysfs write's, not the command line's).
	echo autopm=observe
	for v in "${common[@]}" '"on "' 'on\n' 0x1 ON On OFF Off OBSERVE o of ob onn offf observ \
		observed 0 1 yes no y n true false auto enable disable \
		'on,off' 'on;off' 'on:off' on=1 =on on/off on! on.; do
		echo "autopm=$v"
	done
	;;
learn)
	# autopm.learn=: a bool; the kernel's kstrtobool() takes y, n, t, f,
	# 1, 0, on and off by their first letters, so these start otherwise.
	echo autopm.learn=0
	for v in "${common[@]}" 3 4 5 6 7 8 9 -0 a b c d e g h i j k l m p q r \
		s u v w x z =1 % @ _ . '"  "'; do
		echo "autopm.learn=$v"
	done
	;;
deny | allow)
	# The good entry given and 50 malformed, too long or unknown ones;
	# the good one must survive.
	list=${2:?bad-params.sh $1 GOOD_ENTRY}
	for v in '' ' ' ö bad! x: :x PCI:8086:2922 pci: pci:1 pci:8086 pci:8086: \
		pci::2922 pci:8086:29222 pci:808g:2922 pci:8086:2922:1 \
		pci:+808:2922 pci:-808:2922 pci:0x86:2922 pci:8086:292 \
		pci-class: pci-class:1 pci-class:010 pci-class:0106011 \
		pci-class:0g pci-class:0x01 pci-class:-1 pci-class:01060 usb: usb:46f4 \
		usb:46f4: usb:46f4:1 usb::0001 usb:46g4:0001 usb:46f4:00011 \
		usb:46f4:000g usb-class: usb-class:3 usb-class:003 usb-class:g3 \
		usb-class:+8 usb-class:-8 usb-class:0x usb:46f4:0001:1 floppy:1 pcie:8086:2922 \
		"$(printf 'd%.0s' $(seq 1 40))" a/b a.b 'a b' ahci: ':ahci'; do
		list="$list,$v"
	done
	# Quoted: two entries have a space in them.
	echo "autopm.$1=\"$list\""
	;;
*)
	echo "usage: bad-params.sh mode|learn|deny GOOD|allow GOOD" >&2
	exit 2
	;;
esac
