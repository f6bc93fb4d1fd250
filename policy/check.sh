#!/bin/bash
# The bounds on the lab's summary lines (policy/main.c), as TAP:
# where the oracle saves at least 5%, autopm captures at least 95% of its
# saving and no less than the best fixed delay in hindsight, and no fixed
# delay has both less energy and fewer demand resumes than autopm.
# Usage: check.sh BENCH_TXT
set -eu
n=0
fail=0
while read -r _ trace model saving autopm best pareto; do
	n=$((n + 1))
	s=${saving#saving=}
	a=${autopm#autopm=}
	b=${best#best-fixed=}
	what="policy: $trace x $model: oracle saves $s, autopm captures $a (best fixed $b), ${pareto#pareto=}"
	if awk -v s="${s%\%}" 'BEGIN { exit !(s < 5) }'; then
		echo "ok $n $what # the oracle saves under 5%: not judged"
	elif awk -v a="${a%\%}" -v b="${b%\%}" 'BEGIN { exit !(a >= 95 && a >= b) }' &&
		[ "$pareto" = pareto=ok ]; then
		echo "ok $n $what"
	else
		echo "not ok $n $what"
		fail=1
	fi
done < <(grep '^summary ' "$1")
echo "1..$n"
exit "$fail"
