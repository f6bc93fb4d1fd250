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
