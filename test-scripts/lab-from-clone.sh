#!/bin/bash
# The policy lab from a copy of the repository alone, as TAP: with nothing
# beside the copy (no ../shared), `make -C policy bench` replays the real
# traces that ship in policy/traces; a missing trace named in TRACES= stops
# it with the name; a comment in a trace is skipped and a bad line stops the
# lab with its file and line.
# Usage: lab-from-clone.sh KDIR   (the patched tree's drivers/base/power)
set -eu
kdir=$(realpath "$1")
top=$(realpath "$(dirname "$0")/..")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

# The files git would clone (tracked, or new and not ignored), as they are.
mkdir "$work/repo"
git -C "$top" ls-files -z --cached --others --exclude-standard |
	(cd "$top" && xargs -0 cp --parents -t "$work/repo")
lab() {
	make --no-print-directory -s -C "$work/repo/policy" KDIR="$kdir" OUT="$work/out" "$@"
}

rc=0
lab bench > "$work/bench.out" 2>&1 || rc=$?
rows=$(grep -cE '^summary (wsrch-small|vm-disk-30min) ' "$work/out/bench.txt" 2>/dev/null || true)
briefs=$(grep -cE '^(wsrch-small|vm-disk-30min) +[a-z0-9-]+ +-?[0-9.]+% ' "$work/bench.out" || true)
cp "$work/out/bench.txt" "$work/clone-bench.txt" 2>/dev/null || true
models=$(grep -c '^[^#]' "$work/repo/policy/models.txt")
[ "$rc" = 0 ] && [ "$rows" = $((2 * models)) ] && [ "$briefs" = $((2 * models)) ] && ok=0 || ok=1
result "$ok" "lab from a clone alone: the real traces' rows ($rows summary, $briefs short lines of $((2 * models)); exit $rc)"

rc=0
lab bench TRACES="$work/no-such.trace" > "$work/missing.out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q "trace $work/no-such.trace not found" "$work/missing.out" && ok=0 || ok=1
result "$ok" "lab: a missing trace in TRACES= stops it with its name (exit $rc)"

# The VM disk's trace with a comment and a blank line: the same table.
{ echo "# a comment"; echo; xz -dc "$work/repo/policy/traces/vm-disk-30min.trace.xz"; } > "$work/c.trace"
rc=0
lab bench TRACES="$work/c.trace" > "$work/c.out" 2>&1 || rc=$?
a=$(grep '^summary vm-disk-30min ' "$work/clone-bench.txt" 2>/dev/null | md5sum)
b=$(grep '^summary c ' "$work/out/bench.txt" 2>/dev/null | sed 's/^summary c /summary vm-disk-30min /' | md5sum)
[ "$rc" = 0 ] && grep -q '^summary c ' "$work/out/bench.txt" && [ "$a" = "$b" ] && ok=0 || ok=1
result "$ok" "lab: comments and blank lines in a trace are skipped, the rows are the same (exit $rc)"

printf '%s\n' "0 1 0 8 1" "1000 1 8 8 1" "2000 1 x 8 1" > "$work/bad.trace"
rc=0
lab bench TRACES="$work/bad.trace" > "$work/bad.out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q "lab: $work/bad.trace:3: not " "$work/bad.out" && ok=0 || ok=1
result "$ok" "lab: a line that is not five numbers stops it with the file and line (exit $rc)"

# perf2trace.sh: two perf script lines (6.1's and 6.12's block_rq_issue
# layouts) and one of another event.
printf '%s\n' " 5678.123456: 254,0 R 4096 () 123 + 8 [fio]" \
	" 5678.223456: 254,0 WS 8192 () 999 + 16 none,0,0 [kworker/0:1]" > "$work/perf.txt"
out=$("$work/repo/policy/perf2trace.sh" "$work/perf.txt" | tr '\n' '|')
echo " 5679.0: sched:sched_switch: prev_comm=a" >> "$work/perf.txt"
rc=0
"$work/repo/policy/perf2trace.sh" "$work/perf.txt" > /dev/null 2> "$work/perf.err" || rc=$?
[ "$out" = "0 65024 123 8 1|100000000 65024 999 16 0|" ] && [ "$rc" != 0 ] &&
	grep -q ':3: not a block_rq_issue event' "$work/perf.err" && ok=0 || ok=1
result "$ok" "perf2trace: perf's block_rq_issue lines become the lab's, another event stops it ($out exit $rc)"
plan
