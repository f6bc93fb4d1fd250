#!/bin/bash
# kernel-doc for the files the series adds: no kernel-doc warnings, and a
# kernel-doc comment for every function that is not static.
# Usage: check-kerneldoc.sh TREE TAP
set -eu
tree=$(realpath "$1")
tap=$(realpath -m "$2")
cd "$tree"
files=$(git diff --name-only --diff-filter=A base HEAD -- '*.c' '*.h' | grep -v -- '-test\.c$' || true)

: > "$tap"
n=0
failed=0
for f in $files; do
	n=$((n + 1))
	report=$(scripts/kernel-doc -none -v "$f" 2>&1)
	documented=$(echo "$report" | sed -n 's/.*Scanning doc for function \([a-z0-9_]*\).*/\1/p')
	# Function definitions at column 0 that are not static (headers only
	# declare them; their kernel-doc is at the definition).
	defined=""
	[ "${f%.c}" != "$f" ] && defined=$(grep -E '^[a-z][a-z0-9_ *]* \**[a-z0-9_]+\(' "$f" |
		grep -vE '^(static|struct|enum|union|typedef|extern) ' |
		grep -v ';$' | sed -E 's/^.*[ *]([a-z0-9_]+)\(.*/\1/' || true)
	missing=$(comm -23 <(echo "$defined" | sort -u) <(echo "$documented" | sort -u) | grep . || true)
	warnings=$(echo "$report" | grep -i 'warning' || true)
	if [ -z "$missing" ] && [ -z "$warnings" ]; then
		echo "ok $n kernel-doc: $f" >> "$tap"
	else
		echo "not ok $n kernel-doc: $f" >> "$tap"
		echo "kernel-doc: $f: ${missing:+no kernel-doc for: $missing }$warnings" >&2
		failed=1
	fi
done
echo "kernel-doc: $n files checked"
exit "$failed"
