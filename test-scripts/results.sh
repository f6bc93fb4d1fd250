#!/bin/bash
# Write the results page from the device tables of the last `make test`.
# Usage: results.sh TABLES > Documentation/results.md
set -eu
t=$1
stock=$t/stock@base.txt
on=$t/on.txt

newly=$(join <(awk 'NR > 1 && $6 == "active" { print $1 }' "$stock" | sort) \
	<(awk 'NR > 1 && $6 == "suspended" && / govern .*owner=autopm/ { print $1, $9 }' "$on" | sort))

cat <<EOF2
# Results on the default QEMU machine

What autopm did on q35 (qemu-configs/default.sh) with no userspace input,
after 10 s idle, as recorded by \`make test\` on $(date -u +%Y-%m-%d) in
build/tables/on.txt and compared with the unpatched kernel's
build/tables/stock@base.txt. Regenerate with \`make results\`.

## Devices stock 6.1 keeps active that autopm suspends: $(echo "$newly" | grep -c .)

| device | rule |
| --- | --- |
$(echo "$newly" | awk '{ sub("reason=", "", $2); print "| `" $1 "` | " $2 " |" }')

## Devices autopm looked at that stay active, and why

| device | decision | why active |
| --- | --- | --- |
$(awk 'NR > 1 && $6 == "active" && $8 != "unseen" && $8 != "-" {
	why = $0; sub(/.*\| /, "", why); r = $9; sub("reason=", "", r)
	print "| `" $1 "` | " $8 " " r " | " why " |" }' "$on")

Devices no driver binds to (host bridge, VGA, LPC and SMBus in this
config, USB ports) are not looked at ("unseen") and stay as stock leaves
them.

## The whole table

\`\`\`
$(cat "$on")
\`\`\`
EOF2
