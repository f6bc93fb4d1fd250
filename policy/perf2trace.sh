#!/bin/bash
# The lab's trace format from perf's block:block_rq_issue events:
#   perf record -e block:block_rq_issue -a -o blk.data -- sleep 1800
#   perf script -i blk.data -F time,trace | policy/perf2trace.sh > mine.trace
# Each event line, "TIME: MAJ,MIN RWBS BYTES (CMD) SECTOR + SECTORS ...",
# becomes "arrival_ns device lba sectors type": arrival from the first
# request, device MAJ*256+MIN, type 1 for a read, 0 otherwise (writes,
# flushes, discards: each one wakes the device all the same). A line of any
# other shape stops it with its number.
# Usage: perf2trace.sh [PERF_SCRIPT_OUTPUT] > TRACE
set -eu
awk '
function fail(why) {
	printf "perf2trace: %s:%d: %s: %s\n", FILENAME, FNR, why, $0 > "/dev/stderr"
	bad = 1
	exit 1
}
/^[ \t]*$/ { next }
{
	t = -1
	for (i = 1; i <= NF; i++)
		if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = substr($i, 1, length($i) - 1); break }
	if (t < 0)
		fail("no timestamp (perf script -F time,trace)")
	while (++i <= NF && $i !~ /^[0-9]+,[0-9]+$/) ;
	if (i + 6 > NF || $(i + 5) != "+")
		fail("not a block_rq_issue event")
	split($i, mm, ",")
	if (!n++)
		t0 = t
	if (t < t0)
		fail("earlier than the first event")
	printf "%.0f %d %s %s %d\n", (t - t0) * 1e9, mm[1] * 256 + mm[2], $(i + 4), $(i + 6),
		$(i + 1) ~ /R/
}
END {
	if (!bad && !n) {
		print "perf2trace: no block_rq_issue event in the input" > "/dev/stderr"
		exit 1
	}
}' "$@"
