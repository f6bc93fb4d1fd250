#!/bin/bash
# The host's side of the latency scenario (guest/latency.sh): unpack the
# perf.data and trace.dat the guest sent as "#data " lines of its TAP, read
# both with Debian's perf and trace-cmd, and write autopm's per-device
# latency report (test-scripts/autopm-report.py) to OUTDIR/report.txt.
# Prints TAP: both tools read the recordings without a warning, they see
# the same autopm events, and the report's callback-time comparisons.
# Usage: latency-report.sh GUEST_TAP OUTDIR
set -eu
tap=$1
out=$2
here=$(realpath "$(dirname "$0")")
rm -rf "$out"
mkdir -p "$out"
n=0

result() {
	n=$((n + 1))
	if [ "$1" = ok ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}

if ! sed -n 's/^#data //p' "$tap" | tr -d '\r' | base64 -d | gunzip |
	tar -C "$out" -xf - 2> "$out/unpack.err"; then
	result "not ok" "latency report: no recordings in $tap ($(head -c 200 "$out/unpack.err"))"
	echo "1..$n"
	exit 0
fi
cd "$out"

# Warnings go to stderr; a tracepoint format perf or trace-cmd cannot parse
# shows as one, or as "FAILED TO PARSE" in the output.
perf script -i perf.data --kallsyms kallsyms > perf.txt 2> perf.err || true
if [ ! -s perf.err ] && [ -s perf.txt ] && ! grep -q 'FAILED TO PARSE' perf.txt; then
	result ok "latency report: perf script reads the guest's perf.data without a warning"
else
	result "not ok" "latency report: perf script: $(head -c 300 perf.err)"
fi
trace-cmd report -i trace.dat > trace.txt 2> trace.err || true
if ! grep -qiv '^$' trace.err && [ -s trace.txt ] && ! grep -q 'FAILED TO PARSE' trace.txt; then
	result ok "latency report: trace-cmd report reads the guest's trace.dat without a warning"
else
	result "not ok" "latency report: trace-cmd report: $(head -c 300 trace.err)"
fi

# The report compares event times with the callback times autopm measured
# on CLOCK_MONOTONIC: perf must have recorded on that clock.
if perf report --header-only -i perf.data 2> /dev/null | grep -q '^# clockid: monotonic'; then
	result ok "latency report: perf.data is on CLOCK_MONOTONIC, autopm's clock"
else
	result "not ok" "latency report: perf.data is not on CLOCK_MONOTONIC (perf record -k CLOCK_MONOTONIC)"
fi

# Both recordings span latency-load.sh, which starts and ends with every
# device involved suspended: they hold the same autopm events.
for event in autopm_idle autopm_suspend autopm_resume; do
	p=$(grep -c "autopm:$event: " perf.txt || true)
	t=$(grep -c " $event: " trace.txt || true)
	if [ "$p" = "$t" ] && [ "$p" -gt 0 ]; then
		result ok "latency report: $event: perf and trace-cmd both see $p events"
	else
		result "not ok" "latency report: $event: perf sees $p events, trace-cmd $t"
	fi
done

AUTOPM_REPORT_TAP=1 perf script -i perf.data --kallsyms kallsyms \
	-s "$here/autopm-report.py" > report.all 2> report.err || true
grep -v '^\(not \)\?ok ' report.all > report.txt || true
while read -r status rest; do
	[ "$status" = ok ] || rest=${rest#ok }
	result "$([ "$status" = ok ] && echo ok || echo "not ok")" "${rest#* }"
done < <(grep '^\(not \)\?ok ' report.all)
[ -s report.txt ] || result "not ok" "latency report: the perf script wrote no report ($(head -c 300 report.err))"
echo "1..$n"
