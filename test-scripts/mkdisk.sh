#!/bin/bash
# Make a raw disk image with known contents and write its md5 next to it.
# Usage: mkdisk.sh IMAGE MIB
# The guest reads the image back after the disk has runtime-suspended and
# compares (test-scripts/guest/io.sh).
set -eu
img=$1
mib=$2
python3 - "$img.tmp" "$mib" "$(basename "$img")" <<'PY'
import sys
path, mib, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "wb") as f:
    for block in range(mib * 1024):
        f.write(f"autopm {label} block {block:07d}\n".encode().ljust(1024, b"."))
PY
md5sum < "$img.tmp" | cut -d' ' -f1 > "$img.md5"
mv "$img.tmp" "$img"
