# shellcheck shell=bash
# TAP for the host-side check scripts: `result RC TEXT` prints "ok N TEXT"
# for RC 0, else "not ok N TEXT"; `plan` prints the closing "1..N".
n=0

result() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}

plan() {
	echo "1..$n"
}
