#!/bin/sh
# Idle detection, measured: perf and trace-cmd record the autopm and rpm
# events around latency-load.sh; autopm's counters must agree with the
# events, short gaps give idle periods and no suspend, and each long gap
# one suspend and one demand resume. Both recordings go to the host as
# base64 lines ("#data ") for test-scripts/latency-report.sh.
. /tests/lib.sh

perf list 'autopm:*' > /tmp/perf-list 2>&1
for e in autopm_decision autopm_idle autopm_suspend autopm_resume autopm_delay; do
	check "latency: perf list shows autopm:$e" grep -q "autopm:$e" /tmp/perf-list
done

# Issue 24: the decision's reason and owner are enums in the record,
# printed by name through __print_symbolic (v3: two strings each record).
fmt=/sys/kernel/debug/tracing/events/autopm/autopm_decision/format
# in_format TEXT...: the format file has each.
in_format() {
	for t in "$@"; do grep -qF -- "$t" "$fmt" || return 1; done
}
check "latency: autopm_decision records the reason and owner as numbers" \
	in_format 'field:int reason;' 'field:int owner;'
check "latency: its format names each reason and owner (sata-ahci, usb-hub, scsi-disk, autopm)" \
	in_format '"sata-ahci"' '"usb-hub"' '"scsi-disk"' '"autopm"'

# Nothing in flight when the recording starts: latency-load.sh's first
# counters then see every transition the recording has.
quiet_disks_and_parents
# Both on CLOCK_MONOTONIC, the clock autopm times the callbacks with: perf's
# default, local_clock(), runs per CPU, and under TCG the guest marks the
# TSC unstable, so a task that slept on one vCPU and woke on the other gave
# an rpm pair shorter than the callback it held (seen on a CI run).
trace-cmd record -C mono -e autopm -e rpm -o /tmp/trace.dat \
	perf record -q -k CLOCK_MONOTONIC -e 'autopm:*' -e 'rpm:*' -a -o /tmp/perf.data \
	-- /tests/latency-load.sh > /tmp/record.log 2>&1
check "latency: perf recorded the workload" [ -s /tmp/perf.data ]
check "latency: trace-cmd recorded the workload" [ -s /tmp/trace.dat ]

# all_equal A B [A B...]: every pair is equal.
all_equal() {
	while [ $# -ge 2 ]; do
		[ "$1" = "$2" ] || return 1
		shift 2
	done
}

while read -r name phase a b c; do
	case $phase in
	short) check "latency: $name: gaps shorter than the delay: $b idle periods, $a suspends" \
		all_equal "$a" 0 "$([ "$b" -ge 1 ] && echo some)" some ;;
	long) check "latency: $name: long gap $a: $b suspends, $c demand resumes (1 and 1)" \
		all_equal "$b" 1 "$c" 1 ;;
	esac
done < /tmp/results

# Per device: the events in the recording and the change of the counters.
perf script -i /tmp/perf.data -F event,trace 2>/dev/null > /tmp/events
counted() {
	awk -v d="$1" '$1 == d { print $3, $4, $2 }' /tmp/"$2"
}
for dev in $(awk 'NR > 1 { print $1 }' /tmp/after); do
	# The three counts, split into $1 $2 $3 on purpose.
	# shellcheck disable=SC2046
	set -- $(counted "$dev" before) 0 0 0
	s0=$1 r0=$2 i0=$3
	# shellcheck disable=SC2046
	set -- $(counted "$dev" after)
	s=$(($1 - s0)) r=$(($2 - r0)) i=$(($3 - i0))
	es=$(grep -c "autopm_suspend: $dev latency_ns=[0-9]* ret=0\$" /tmp/events)
	er=$(grep -c "autopm_resume: $dev latency_ns=[0-9]* ret=0 " /tmp/events)
	ei=$(grep -c "autopm_idle: $dev length_ns=" /tmp/events)
	check "latency: $dev: events = counter changes (suspends $es=$s, resumes $er=$r, idle periods $ei=$i)" \
		all_equal "$es" "$s" "$er" "$r" "$ei" "$i"
done

# The time suspended autopm counts and the core's own, within 1% + 50 ms.
while read -r dev core0 ours0 && read -r _ core1 ours1 <&3; do
	core=$((core1 - core0)) ours=$((ours1 - ours0))
	diff=$((core > ours ? core - ours : ours - core))
	check "latency: $(basename "$dev"): suspended ${ours} ms, runtime_suspended_time ${core} ms" \
		[ $((diff * 100)) -le $((core + 5000)) ]
done < /tmp/suspended-before 3< /tmp/suspended-after

# perf resolves the rpm_return_int addresses from the guest's symbols.
cp /proc/kallsyms /tmp/kallsyms
tar -C /tmp -cf - perf.data trace.dat kallsyms | gzip | base64 | sed 's/^/#data /'
done_testing
