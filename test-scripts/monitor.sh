#!/bin/bash
# Let a guest test drive QEMU through QMP, as a management tool would to
# hot-unplug a device: every line "# autopm-guest: monitor: CMD
# KEY=VALUE..." of the guest's TAP (its qmp helper, guest/lib.sh) sends
# {"execute": CMD, "arguments": {KEY: VALUE...}} to the QMP socket
# (VALUE true or false as a JSON boolean, every other as a string) and
# prints QEMU's answer; an error answer is printed as such
# and makes the exit status 1. Ends when QEMU does (its pid) or after
# LIMIT seconds. Only whole lines are read: the serial port writes the
# file a character at a time, and a command read before its newline came
# was sent cut short (QEMU refused it, and the line was taken as done).
# Usage: monitor.sh SOCKET TAP QEMU_PID LIMIT
set -eu
socket=$1
tap=$2
qemu=$3
limit=$4
sent=0
failed=0
end=$(($(date +%s) + limit))

send() {
	python3 - "$socket" "$1" <<'PY'
import json, socket, sys
words = sys.argv[2].split()
booleans = {"true": True, "false": False}
arguments = dict(w.split("=", 1) for w in words[1:])
command = {"execute": words[0],
           "arguments": {k: booleans.get(v, v) for k, v in arguments.items()}}
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rw")

def answer():
    # Skip the events: the answer is the line with "return" or "error".
    while True:
        reply = json.loads(f.readline())
        if "return" in reply or "error" in reply:
            return reply

f.readline()  # the greeting
for msg in ({"execute": "qmp_capabilities"}, command):
    f.write(json.dumps(msg) + "\n")
    f.flush()
    reply = answer()
print(json.dumps(reply))
sys.exit("error" in reply)
PY
}

while kill -0 "$qemu" 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do
	lines=$(wc -l 2>/dev/null < "$tap") || lines=0
	mapfile -t cmds < <(head -n "$lines" "$tap" 2>/dev/null |
		sed -n 's/\r$//; s/.*autopm-guest: monitor: //p')
	while [ "$sent" -lt "${#cmds[@]}" ]; do
		echo "monitor: ${cmds[$sent]}"
		send "${cmds[$sent]}" || failed=1
		sent=$((sent + 1))
	done
	sleep 0.5
done
exit "$failed"
