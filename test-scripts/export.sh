#!/bin/bash
# Write the tree's commits above the base back to patches/ with git
# format-patch: the patch files, the cover letter (its subject and text are
# kept, its shortlog and diffstat regenerated), the quilt series file
# (its "# part N:" lines kept) and each part's cover letter (parts.py).
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
markers=$(mktemp)
# The cover letters as they were: one whose text did not change keeps its
# Date:, so that an export changes only what the series changed.
before=$(mktemp -d)
trap 'rm -rf "$blurb" "$markers" "$before"' EXIT
cp "$patches"/0000-cover-letter.patch "$patches"/part*-cover-letter.mbox "$before"/ 2>/dev/null || true
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

# The series' "# part N:" lines stay before the patch they stood before
# (matched by its name without the number, which a re-roll changes).
awk '/^#/ { m = m $0 "\\n"; next } m { sub(/^[0-9]+-/, ""); printf "%s\t%s\n", $0, m; m = "" }' \
	"$patches/series" > "$markers" 2>/dev/null || true
find "$patches" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete
git -C "$tree" -c user.name="autopm developers" \
	-c user.email=autopm@example.org format-patch -q --zero-commit --cover-letter \
	-o "$patches" base..HEAD
ls "$patches" | grep '^[0-9]\{4\}-' | grep -v '^0000-' | grep '\.patch$' |
	python3 -c '
import sys
marks = dict(l.rstrip("\n").split("\t", 1) for l in open(sys.argv[1]) if "\t" in l)
for name in sys.stdin:
    name = name.strip()
    print(marks.get(name.split("-", 1)[1], "").replace("\\n", "\n"), end="")
    print(name)' "$markers" > "$patches/series"

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
if grep -q '^# part' "$patches/series"; then
	"$(dirname "$0")/parts.py" write "$tree" "$patches"
fi
for old in "$before"/*; do
	new=$patches/$(basename "$old")
	if [ ! -f "$old" ] || [ ! -f "$new" ]; then continue; fi
	if [ "$(grep -v '^Date: ' "$old")" = "$(grep -v '^Date: ' "$new")" ]; then
		cp "$old" "$new"
	fi
done
git -C "$tree" rev-parse HEAD > "$tree/.git/autopm-applied"
echo "export: $(grep -vc '^#' "$patches/series") patches in patches/series"
