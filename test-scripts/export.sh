#!/bin/bash
# Write the tree's commits above the base back to patches/ with git
# format-patch: the patch files, the cover letter (its subject and text are
# kept, its shortlog and diffstat regenerated) and the quilt series file.
# Usage: export.sh TREE PATCHDIR
set -eu
tree=$1
patches=$(realpath "$2")
cover=$patches/0000-cover-letter.patch

if [ -n "$(git -C "$tree" status --porcelain)" ]; then
	echo "export: $tree has uncommitted changes: commit them first" >&2
	exit 1
fi

subject="PM: runtime: autopm, an idle-detection governor"
blurb=$(mktemp)
trap 'rm -f "$blurb"' EXIT
if [ -f "$cover" ]; then
	subject=$(sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$cover")
	# The text runs from the end of the headers to the shortlog.
	python3 - "$cover" > "$blurb" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
body = text.split("\n\n", 1)[1]
print(re.split(r"^autopm developers \(\d+\):$", body, maxsplit=1, flags=re.M)[0], end="")
PY
fi

find "$patches" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete
git -C "$tree" -c user.name="autopm developers" \
	-c user.email=autopm@example.org format-patch -q --zero-commit --cover-letter \
	-o "$patches" base..HEAD
ls "$patches" | grep -v '^0000-' | grep '\.patch$' > "$patches/series"

if [ -f "$cover" ]; then
	python3 - "$cover" "$subject" "$blurb" <<'PY'
import sys
path, subject, blurb = sys.argv[1], sys.argv[2], open(sys.argv[3]).read()
text = open(path).read()
text = text.replace("*** SUBJECT HERE ***", subject)
text = text.replace("*** BLURB HERE ***\n\n", blurb)
open(path, "w").write(text)
PY
fi
git -C "$tree" rev-parse HEAD > "$tree/.git/autopm-applied"
echo "export: $(wc -l < "$patches/series") patches in patches/series"
