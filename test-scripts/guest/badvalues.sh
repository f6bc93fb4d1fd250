# shellcheck shell=sh
# The bad values test-scripts/guest/badinput.sh writes, one a line, as
# printf %b escapes (a line's leading tab is the here-document's).

# Bad for every parser here.
any_file() {
	cat <<-'EOF'
	\n
	 
	\t
	  \n
	\n\n
	 \t \n
	-99999999999999999999
	99999999999999999999
	18446744073709551616
	2147483648
	-2147483649
	0x10
	1e3
	1.5
	+
	-
	--1
	NaN
	inf
	\303\266
	\303\266n
	\342\202\254
	\357\273\277on
	\377\376
	\001
	\033[0m
	on off
	on,off
	on;off
	a=b
	x y z
	yes
	true
	auto off
	EOF
}

mode_values() {
	any_file
	cat <<-'EOF'
	ON
	On
	OFF
	Observe
	of
	o
	onn
	offf
	observ
	observed
	0
	1
	-1
	2
	auto
	on\n\n
	 on
	on 
	\ton
	on\t
	\non
	on\noff
	off\non
	on=1
	mode=on
	autopm=on
	on\000
	on\000off
	off\000on
	\000on
	observe\000
	\000
	on\000\n
	EOF
}

control_values() {
	any_file
	cat <<-'EOF'
	Auto
	AUTO
	On
	ON
	off
	suspend
	auto\n\n
	 auto
	auto 
	autoo
	au
	o
	onn
	on\ton
	0
	1
	-1
	EOF
}

delay_values() {
	any_file
	cat <<-'EOF'
	 10
	10 
	10\n\n
	1,000
	1 000
	10ms
	5s
	0.5
	1_000
	\331\241\331\240
	0b101
	07a
	1-
	1+1
	=5
	5000\t
	EOF
}

# Bad for a run-time autopm.deny= or autopm.allow= list: each has an entry
# the parser must refuse (a driver name is any word of letters, digits, _
# and -, so "yes" or "on,off" are lists, not bad values; blanks alone
# empty the list).
list_values() {
	cat <<-'EOF2'
	\303\266
	\377\376
	ahci,\342\202\254
	\001
	\033[0m
	on off
	x y z
	a=b
	a/b
	a.b
	ahci;
	ahci ,sd
	a,,b
	,
	ahci,
	,ahci
	:
	::
	foo:bar
	pci:
	pci:8086
	pci:8086:
	pci::2922
	pci:zz:2922
	pci:8086:29220
	pci:8086:2922:1
	pci:0x86:2922
	pci:+086:2922
	pci:8086 2922
	usb:
	usb:46f4
	usb:g6f4:0001
	usb:46f4:00010
	usb:46f4:-001
	pci-class:
	pci-class:1
	pci-class:012
	pci-class:01060
	pci-class:0106011
	pci-class:zz
	pci-class:0x01
	usb-class:
	usb-class:8
	usb-class:100
	usb-class:zz
	usb-class:-1
	usb-class:08,pci-class:1
	PCI:8086:2922
	usb-class :08
	a23456789012345678901234567890123
	pci:8086:2922,usb:46f4:0001,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o
	pci-class:010601x
	EOF2
}
