#!/bin/sh
# Bad input, run under the debug kernel. Booted with autopm=observe and
# autopm.learn=0, each followed by 51 bad values
# (test-scripts/bad-params.sh): every bad one is logged and ignored, the
# good one is in force. Then, with the mode set to on, every file autopm
# adds or claims a device through is fed at least 50 bad values, one
# write(2) each: /sys/power/autopm (also embedded NULs, a page-long value
# and four writers at once), the non-rotating disk's power/control and
# power/autosuspend_delay_ms (the stock parsers: a valid write there makes
# the device the user's), the run-time deny and allow lists (a list with
# a bad entry), and every read-only autopm file. Each must be refused, and
# nothing may change: the mode, the lists, what autopm decided for each
# device and who owns it (debugfs autopm/devices, and no autopm_decision
# or rule/stock autopm_delay event), the disk's control and delay.
. /tests/lib.sh
. /tests/badvalues.sh
tracing=/sys/kernel/tracing
rejected=0
taken=0

# bad_param NAME LOG GOOD FILE: the boot parameter NAME was given GOOD
# and then bad values: each bad one is logged (a line matching LOG), and
# FILE reads GOOD.
bad_param() {
	bad=$(($(tr ' ' '\n' < /proc/cmdline | grep -c "^$1=") - 1))
	logged=$(grep -c "$2" /tmp/dmesg)
	check "badinput: each of the $bad bad $1= values is logged ($logged)" \
		[ "$bad" -ge 50 -a "$logged" = "$bad" ]
	check "badinput: the good $1= before them is in force ($3)" [ "$(cat "$4")" = "$3" ]
	rejected=$((rejected + logged))
}

dmesg > /tmp/dmesg
bad_param autopm 'autopm: ignoring autopm=' observe /sys/power/autopm
bad_param autopm.learn "invalid for parameter \`autopm.learn'" N /sys/module/autopm/parameters/learn

# feed FILE VALUES: write each value of the file VALUES to FILE, one
# write(2) each (no pipe: the counts would stay in its subshell).
feed() {
	while IFS= read -r v; do
		if printf '%b' "$v" 2>/dev/null > "$1"; then
			taken=$((taken + 1))
			echo "# $1 took '$v'"
		else
			rejected=$((rejected + 1))
		fi
	done < "$2"
}

# The state bad input must not change.
state() {
	cat /sys/power/autopm /sys/kernel/debug/autopm/devices \
		/sys/module/autopm/parameters/learn /sys/module/autopm/parameters/deny \
		/sys/module/autopm/parameters/allow "$disk/power/control" \
		"$disk/power/autosuspend_delay_ms"
}

echo on > /sys/power/autopm
disk=$(disk_kind ssd)
quiet_disks_and_parents
check "badinput: the disk is autopm's" autopm_says "$disk" govern owner=autopm
state > /tmp/before
echo > $tracing/trace
echo 1 > $tracing/events/autopm/autopm_decision/enable
echo 1 > $tracing/events/autopm/autopm_delay/enable

mode_values > /tmp/mode
control_values > /tmp/control
delay_values > /tmp/delay
list_values > /tmp/list
{ printf 'o%.0s' $(seq 1 4096); echo; } > /tmp/page
n0=$rejected
feed /sys/power/autopm /tmp/mode
feed /sys/power/autopm /tmp/page
check "badinput: /sys/power/autopm refuses $((rejected - n0)) bad values" \
	[ "$((rejected - n0))" -ge 50 -a "$taken" = 0 ]
n0=$rejected
feed "$disk/power/control" /tmp/control
check "badinput: power/control refuses $((rejected - n0)) bad values" \
	[ "$((rejected - n0))" -ge 50 -a "$taken" = 0 ]
n0=$rejected
feed "$disk/power/autosuspend_delay_ms" /tmp/delay
check "badinput: power/autosuspend_delay_ms refuses $((rejected - n0)) bad values" \
	[ "$((rejected - n0))" -ge 50 -a "$taken" = 0 ]
for l in deny allow; do
	n0=$rejected
	feed /sys/module/autopm/parameters/$l /tmp/list
	check "badinput: the $l list refuses $((rejected - n0)) lists with a bad entry" \
		[ "$((rejected - n0))" -ge 50 -a "$taken" = 0 ]
done
n0=$rejected
files=0
for f in "$disk"/power/autopm_* /sys/module/autopm/parameters/* \
	/sys/kernel/debug/autopm/devices /sys/kernel/debug/autopm/delays; do
	case $f in */parameters/deny | */parameters/allow) continue ;; esac
	feed "$f" /tmp/mode
	files=$((files + 1))
done
check "badinput: the $files read-only autopm files refuse $((rejected - n0)) writes" \
	[ "$((rejected - n0))" = "$((files * $(wc -l < /tmp/mode)))" -a "$files" -ge 6 -a "$taken" = 0 ]

# Four writers at once, and a reader.
for w in 1 2 3 4; do
	(rejected=0; taken=0; feed /sys/power/autopm /tmp/mode
		echo "$rejected $taken" > /tmp/writer$w) &
done
while [ "$(ls /tmp/writer* 2>/dev/null | wc -l)" -lt 4 ]; do
	cat /sys/power/autopm /sys/kernel/debug/autopm/devices > /dev/null
done
wait
each="$(wc -l < /tmp/mode) 0"
check "badinput: four writers at once each refuse all $each" \
	[ "$(sort -u /tmp/writer*)" = "$each" ]
rejected=$((rejected + 4 * $(wc -l < /tmp/mode)))

echo 0 > $tracing/events/autopm/autopm_decision/enable
echo 0 > $tracing/events/autopm/autopm_delay/enable
state > /tmp/after
changes=$(grep -c -e 'autopm_decision:' -e 'autopm_delay:.*why=\(rule\|stock\)' $tracing/trace)
changes=$((changes + $(diff /tmp/before /tmp/after | grep -c '^+[^+]')))
diff /tmp/before /tmp/after | sed 's/^/# /'
check "badinput: no bad value changed the state ($changes changes)" [ "$changes" = 0 ]
check "badinput: a good value still works" sh -c 'echo off > /sys/power/autopm &&
	[ "$(cat /sys/power/autopm)" = off ] && echo on > /sys/power/autopm'
echo "# figure: bad input: $rejected values rejected, $changes state changes"
done_testing
