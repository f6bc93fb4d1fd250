#!/bin/bash
# The pipeline's own failure paths, as TAP: a patch that does not apply is
# named, a missing package is named when we cannot install it, and a
# Kconfig option a fragment asks for but cannot get fails the build.
# Usage: selftest.sh TREE
set -eu
tree=$(realpath "$1")
here=$(realpath "$(dirname "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tap.sh
. "$(dirname "$0")/tap.sh"

# A patch that does not apply: a tiny tree and a series whose patch
# changes a line the tree does not have.
mkdir -p "$work/tree" "$work/patches"
(cd "$work/tree" && git init -q && echo "base" > file &&
	git add file && git -c user.name=t -c user.email=t@t commit -q -m base && git tag base)
cat > "$work/patches/0001-broken.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: t <t@t>
Subject: [PATCH] broken

---
 file | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/file b/file
--- a/file
+++ b/file
@@ -1 +1 @@
-not what the tree has
+changed
PATCH
echo 0001-broken.patch > "$work/patches/series"
rc=0
"$here/tree.sh" "$work/tree" "$work/patches" 6.1 > "$work/out" 2>&1 || rc=$?
grep -q "patch does not apply: $work/patches/0001-broken.patch" "$work/out" && ok=0 || ok=1
result "$ok" "pipeline: a patch that does not apply stops the build with its name (exit $rc)"

# A missing package, and not root: name it and say how to install it.
rc=0
DEPS="autopm-no-such-package" setpriv --reuid=nobody --regid=nogroup --clear-groups \
	"$here/deps.sh" > "$work/out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q "apt-get install -y autopm-no-such-package" "$work/out" && ok=0 || ok=1
result "$ok" "pipeline: a missing package is named when it cannot be installed (exit $rc)"

# An option whose dependency is off must not be dropped silently.
echo "CONFIG_E1000E=y" > "$work/bad.config"
rc=0
"$here/kconfig.sh" "$tree" "$work/kout" "$work/bad.config" > "$work/out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q "CONFIG_E1000E=y was asked for" "$work/out" && ok=0 || ok=1
result "$ok" "pipeline: an option merge_config drops fails the kernel stage (exit $rc)"

# The lab's check: a listed shortfall passes as TODO only while it holds;
# one not listed, one below its record and one no longer short all fail.
cat > "$work/bench.txt" <<'BENCH'
summary t short saving=50.0% autopm=96.0% best-fixed=97.0% best-in-limits=97.0% pareto=ok energy=5 always-on=10 stock=6 dres=9 stock-dres=8
summary t unlisted saving=50.0% autopm=96.0% best-fixed=97.0% best-in-limits=97.0% pareto=ok energy=5 always-on=10 stock=6 dres=9 stock-dres=8
summary t worse saving=50.0% autopm=96.0% best-fixed=97.0% best-in-limits=97.0% pareto=ok energy=5 always-on=10 stock=6 dres=9 stock-dres=8
summary t fine saving=50.0% autopm=98.0% best-fixed=97.0% best-in-limits=97.0% pareto=ok energy=5 always-on=10 stock=6 dres=9 stock-dres=8
summary t harm saving=1.0% autopm=-5.0% best-fixed=0.0% best-in-limits=0.0% pareto=ok energy=11 always-on=10 stock=10 dres=9 stock-dres=0
summary t worse2 saving=1.0% autopm=50.0% best-fixed=60.0% best-in-limits=60.0% pareto=ok energy=7 always-on=10 stock=6 dres=9 stock-dres=8
BENCH
printf '%s\n' "t short 96.0 a reason" "t worse 96.1 a reason" "t fine 97.5 a reason" > "$work/short.txt"
rc=0
"$here/../policy/check.sh" "$work/bench.txt" "$work/short.txt" > "$work/lab.tap" || rc=$?
[ "$rc" != 0 ] && [ "$(grep -c '^not ok .* # TODO a reason$' "$work/lab.tap")" = 1 ] &&
	[ "$(grep '^not ok ' "$work/lab.tap" | grep -vc ' # TODO ')" = 5 ] && ok=0 || ok=1
result "$ok" "policy check: only a listed shortfall that still holds is a TODO (exit $rc)"

# Where the oracle saves under 5%, more energy than always-on, and more
# energy and demand resumes than the stock delay, each fail on their own.
grep -q '^not ok .* t x harm: .*(a) more energy than always-on; (b) more energy and demand resumes than stock;$' "$work/lab.tap" &&
	grep -q '^not ok .* t x worse2: .*(b) more energy and demand resumes than stock;$' "$work/lab.tap" &&
	ok=0 || ok=1
result "$ok" "policy check: bounds (a) and (b) are judged on every pair"

# A listed pair the lab did not run (its trace gone) fails too.
printf '%s\n' "t short 96.0 a reason" "gone short 96.0 a reason" > "$work/short.txt"
rc=0
"$here/../policy/check.sh" "$work/bench.txt" "$work/short.txt" > "$work/lab.tap" || rc=$?
[ "$rc" != 0 ] && grep -q '^not ok .* gone x short is listed in .* but was not run$' "$work/lab.tap" &&
	ok=0 || ok=1
result "$ok" "policy check: a listed pair that was not run fails (exit $rc)"

# compare.sh explained: a governed change and a device that follows it
# pass; a device stock suspends left awake, a change autopm does not own
# and a device gone each fail on their own.
head='PATH BUS ID DRIVER CTRL STATUS DELAY SUSP_MS AUTOPM'
printf '%s\n' "$head" "p0 pci x d on active - 0 - | x" "p0/c scsi x d auto active - 0 - | x" \
	"p1 pci x d auto suspended - 0 -" "p2 pci x d on active - 0 -" "p3 pci x d on active - 0 -" \
	> "$work/stock.txt"
printf '%s\n' "$head" "p0 pci x d auto suspended - 0 govern reason=r owner=autopm" \
	"p0/c scsi x d auto suspended - 0 unseen reason=none owner=none" "p1 pci x d auto suspended - 0 -" \
	"p2 pci x d on active - 0 -" "p3 pci x d on active - 0 -" > "$work/good.txt"
printf '%s\n' "$head" "p0 pci x d on active - 0 -" "p0/c scsi x d auto active - 0 -" \
	"p1 pci x d auto active - 0 govern reason=r owner=autopm" \
	"p2 pci x d auto suspended - 0 stock reason=s owner=user" > "$work/bad.txt"
rc=0
"$here/compare.sh" explained "$work/stock.txt" "$work/good.txt" > "$work/out" || rc=$?
rc2=0
"$here/compare.sh" explained "$work/stock.txt" "$work/bad.txt" > "$work/out2" || rc2=$?
[ "$rc" = 0 ] && grep -q '^p0/c: .*: follows p0$' "$work/out" && [ "$rc2" = 1 ] &&
	grep -q '^unexplained: p1 is active where it was suspended$' "$work/out2" &&
	grep -q '^unexplained: p2: ' "$work/out2" && grep -q '^unexplained: p3 is gone$' "$work/out2" &&
	ok=0 || ok=1
result "$ok" "compare: explained passes autopm's changes and fails every other (exit $rc, $rc2)"

# summary.sh counts a TODO apart and still fails on a plain "not ok".
mkdir -p "$work/s/logs"
printf '%s\n' "ok 1 a" "not ok 2 b # TODO why" "not ok 3 c" "1..3" > "$work/s/logs/x.tap"
rc=0
"$here/summary.sh" "$tree" "$work/s/logs" > "$work/out" || rc=$?
[ "$rc" != 0 ] && [ "$(tail -1 "$work/out")" = "1 passed, 1 failed" ] &&
	grep -q '^1 known shortfalls' "$work/out" && ok=0 || ok=1
result "$ok" "summary: a TAP TODO is neither passed nor failed (exit $rc)"

# monitor.sh sends only whole lines: a command the serial port has
# written half of is left until its newline comes. The QMP server is a
# socket that logs what it is sent and answers every command.
qmp_server() {
	python3 - "$1" "$2" <<'PY' &
import json, os, socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1])
s.listen()
while True:
    c, _ = s.accept()
    f = c.makefile("rw")
    f.write('{"QMP": {}}\n')
    f.flush()
    for line in f:
        with open(sys.argv[2], "a") as log:
            log.write(line)
        f.write('{"return": {}}\n')
        f.flush()
PY
}
touch "$work/qmp.log"
qmp_server "$work/qmp" "$work/qmp.log"
server=$!
sleep 300 &
guest=$!
while [ ! -S "$work/qmp" ]; do sleep 0.1; done
printf '# autopm-guest: monitor: device_del id=pu' > "$work/tap"
"$here/monitor.sh" "$work/qmp" "$work/tap" "$guest" 4 > /dev/null &
monitor=$!
sleep 2
half=$(grep -c device_del "$work/qmp.log" || true)
printf 'll3\r\n' >> "$work/tap"
wait "$monitor" || true
kill "$server" "$guest"
[ "$half" = 0 ] && grep -q '"id": "pull3"' "$work/qmp.log" && ok=0 || ok=1
result "$ok" "monitor: a command is sent whole, once its line has ended ($half sent early)"

# check-undo.py counts a line one patch adds and a later one removes, and
# fails when the count is above the series' bound.
mkdir -p "$work/undo"
printf '+++ b/f.c\n+int autopm_something(void);\n+short\n' > "$work/undo/0001-a.patch"
printf '+++ b/f.c\n-int autopm_something(void);\n-short\n' > "$work/undo/0002-b.patch"
printf '0001-a.patch\n0002-b.patch\n' > "$work/undo/series"
echo "x 1 a reason" > "$work/undo/bounds"
"$here/check-undo.py" "$work/undo" x "$work/undo/bounds" > "$work/undo1.tap" 2>/dev/null
echo "x 0 a reason" > "$work/undo/bounds"
"$here/check-undo.py" "$work/undo" x "$work/undo/bounds" > "$work/undo0.tap" 2>/dev/null
grep -q '^not ok 1 series x: 1 lines .* # TODO a reason$' "$work/undo1.tap" &&
	grep '^not ok 1 ' "$work/undo0.tap" | grep -qv TODO && ok=0 || ok=1
result "$ok" "undo: a line a later patch removes is counted, a TODO within the bound, a failure above it"

# parts.py fails a part whose cover letter is missing or lists other patches.
mkdir -p "$work/parts"
printf 'Subject: [PATCH 1/1] a: fix\n\n+++ b/f.c\n+x\n' > "$work/parts/0001-a.patch"
printf '# part 1: fixes\n0001-a.patch\n' > "$work/parts/series"
"$here/parts.py" check "$work/parts" x > "$work/parts0.tap" 2>/dev/null || true
printf 'Subject: [PATCH 0/1] p\nTo: a@b\n\ntext\n\nautopm developers (1):\n  b: other\n' \
	> "$work/parts/part1-cover-letter.mbox"
"$here/parts.py" check "$work/parts" x > "$work/parts1.tap" 2>/dev/null || true
grep -q '^not ok 1 .*missing' "$work/parts0.tap" &&
	grep -q "^not ok 1 .*shortlog is not the part's patches" "$work/parts1.tap" && ok=0 || ok=1
result "$ok" "parts: a missing cover letter fails, and one that lists other patches"

# power-report.py: a device with no link that counts differently fails.
{ echo "#power autopm| device model source active_ms suspnd_ms susp% suspends resumes demand energy_mJ avg_mW"
	echo "#power stock| ata2 sata-link estimate 1000 0 0 0 0 - 600 600 600 50 12000"
	echo "#power autopm| ata2 sata-link estimate 0 1000 100 1 0 - 62 62 600 50 12000"
	for p in stock autopm; do
		echo "#power $p| total devices 1 window_ms 1000 energy_mJ 1 avg_mW 1"
		echo "#dev $p| ata2 govern ata-port auto active link=no driver=- lpm=max_performance"
	done
	echo "# figure: power (t): made up"; } > "$work/power.tap"
sed 's/^sata-port-empty .*/sata-port-empty 10 0 0 made up/' "$here/power-states.txt" > "$work/states"
"$here/power-report.py" "$work/pr0" "$work/power.tap" > "$work/pr0.tap" 2>&1 || true
POWER_STATES="$work/states" "$here/power-report.py" "$work/pr1" "$work/power.tap" > "$work/pr1.tap" 2>&1 || true
grep -q '^ok 2 .* 1 devices with no link' "$work/pr0.tap" &&
	grep -q '^not ok 2 .* 1 devices with no link .*: not ata2$' "$work/pr1.tap" && ok=0 || ok=1
result "$ok" "power report: a device with no link that counts differently between policies fails"

plan
