#!/bin/bash
# Unpack Debian's linux-source-VERSION into TREE as a git repo with one base
# commit, then apply PATCHDIR/series with git am.
# Usage: tree.sh TREE PATCHDIR VERSION
set -eu
tree=$1
patches=$(realpath "$2")
version=$3
tarball=/usr/src/linux-source-$version.tar.xz

if [ ! -d "$tree/.git" ]; then
	if [ ! -f "$tarball" ]; then
		echo "tree: $tarball is missing: apt-get install linux-source-$version (make deps)" >&2
		exit 1
	fi
	echo "tree: unpacking $tarball"
	rm -rf "$tree" "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -xf "$tarball" -C "$tree.tmp"
	mv "$tree.tmp/linux-source-$version" "$tree"
	rmdir "$tree.tmp"
	# Debian's .gitignore ignores every top-level entry; the kernel's own
	# rules are kept.
	sed -i '/^\/\*$/d; /^!\/debian\/$/d' "$tree/.gitignore"
	(cd "$tree" && git init -q &&
		git config user.name "autopm developers" &&
		git config user.email autopm@example.org &&
		git add -A && git commit -q -m "linux-source-$version base" && git tag base)
fi

cd "$tree"
if [ -n "$(git status --porcelain)" ]; then
	echo "tree: $tree has uncommitted changes; commit them and run 'make export'," >&2
	echo "tree: or discard them (git -C $tree reset --hard) before patches/ is re-applied" >&2
	exit 1
fi
if [ -f .git/autopm-applied ] && [ "$(cat .git/autopm-applied)" != "$(git rev-parse HEAD)" ]; then
	echo "tree: $tree has commits that are not in patches/: run 'make export' first" >&2
	exit 1
fi

git am --abort >/dev/null 2>&1 || true
git checkout -q --detach base
git branch -f -q autopm base
git checkout -q autopm
grep -v '^\s*\(#\|$\)' "$patches/series" | while read -r patch; do
	if ! git am -q --keep-cr "$patches/$patch" >/dev/null 2>&1; then
		git am --abort >/dev/null 2>&1 || true
		echo "tree: patch does not apply: $2/$patch" >&2
		exit 1
	fi
	echo "tree: applied $patch"
done
git rev-parse HEAD > .git/autopm-applied
