#!/bin/bash
# Let a guest test drive the QEMU monitor, as a person would to hot-unplug a
# device: every console line "autopm-guest: monitor: CMD" sends CMD to the
# monitor socket. Ends when QEMU does (its pid) or after LIMIT seconds.
# Usage: monitor.sh SOCKET CONSOLE QEMU_PID LIMIT
set -eu
socket=$1
console=$2
qemu=$3
limit=$4
sent=0
end=$(($(date +%s) + limit))

send() {
	python3 - "$socket" "$1" <<'PY'
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(sys.argv[2].encode() + b"\n")
time.sleep(0.5)
s.close()
PY
}

while kill -0 "$qemu" 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do
	mapfile -t cmds < <(sed -n 's/\r$//; s/.*autopm-guest: monitor: //p' "$console" 2>/dev/null)
	while [ "$sent" -lt "${#cmds[@]}" ]; do
		echo "monitor: ${cmds[$sent]}"
		send "${cmds[$sent]}"
		sent=$((sent + 1))
	done
	sleep 0.5
done
