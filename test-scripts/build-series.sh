#!/bin/bash
# Check that the kernel builds after each patch of the series in turn. The
# walk goes backwards, from the last patch down to the base (the stock
# kernel, kept as STOCK_IMAGE for the baseline), with incremental builds
# that start from KERNEL_OUT (where `make kernel` built the last patch):
# the base then costs an incremental build instead of a full one. A step
# whose Kconfig files differ from the step before it reuses the last
# patch's .config through olddefconfig, which drops what the step lacks;
# the others keep the .config they have (olddefconfig would change
# nothing, and costs seconds a step).
#
# The walk runs on a copy of KERNEL_OUT at KERNEL_OUT's own path: the host
# tools kbuild builds there (objtool) record that absolute path, so a copy
# anywhere else rebuilds objtool and, since every object depends on it,
# the whole kernel. The last patch's build waits in KERNEL_OUT.top and is
# put back when the walk ends, so later incremental builds start from it.
#
# A step that changes only C files and headers (and documentation)
# compiles only the objects built from them (the sources and headers each
# object's .cmd file lists), not the whole tree: kbuild's walk of every
# directory and the link of vmlinux cost 8 s a step, most of a walk of 37
# steps but for its one full rebuild. The link's check that every symbol
# is defined is made with nm instead: the symbols the built-in objects and
# libraries leave undefined must be those the last linked step left
# undefined (what the linker script defines). A step that changes a
# Makefile or Kconfig, or a header in more than 200 objects, builds
# vmlinux as before.
#
# Usage: build-series.sh TREE KERNEL_OUT STOCK_IMAGE TAP
# One TAP line per step goes to TAP, in series order; each step's build log
# to TAP's directory, series-logs/. BASE (default: the tag base) is where
# the walk stops.
set -eu
# Our own make, not a part of the parent's jobserver (see the Makefile).
unset MAKEFLAGS MFLAGS
tree=$(realpath "$1")
kout=$(realpath -m "$2")
stock=$3
tap=$4
logs=$(dirname "$tap")/series-logs
base=${BASE:-base}
top=$kout.top
branch=$(git -C "$tree" rev-parse --abbrev-ref HEAD)
commits="$(git -C "$tree" rev-parse "$base") $(git -C "$tree" rev-list --reverse "$base..HEAD")"

# A walk that was interrupted left the last patch's build in $top.
if [ -d "$top" ]; then
	rm -rf "$kout"
	mv "$top" "$kout"
fi
rm -rf "$logs"
mkdir -p "$logs"
mv "$kout" "$top"
restore() {
	git -C "$tree" checkout -q "$branch"
	rm -rf "$kout"
	mv "$top" "$kout"
}
trap restore EXIT
cp -a "$top" "$kout"
cp "$kout/.config" "$logs/series.config"
# Only the base's own build may become the stock kernel.
rm -f "$kout/arch/x86/boot/bzImage"

# The symbols the built-in objects and the libraries leave undefined.
undefined_symbols() {
	nm "$kout/vmlinux.a" "$kout"/lib/lib.a "$kout"/arch/*/lib/lib.a 2>/dev/null |
		awk 'NF == 2 && $1 == "U" { u[$2] = 1 }
			NF == 3 && $2 !~ /^[Uwv]$/ { d[$3] = 1 }
			END { for (s in u) if (!(s in d)) print s }' | LC_ALL=C sort
}

# objects_of FILE...: the objects whose sources include a FILE (their own
# .c, or one they #include, as the KUnit suites are).
objects_of() {
	for f in "$@"; do
		grep -rlF --include='.*.o.cmd' "$tree/$f" "$kout" || true
	done | sed 's|^'"$kout"'/\(.*\)/\.\(.*\)\.cmd$|\1/\2|' | sort -u
}

# compile_touched PREV COMMIT LOG: where what COMMIT changes from PREV is
# C files, headers and documentation only, compile the objects built from
# them and check the symbols (2 if that fails); else return 1.
compile_touched() {
	files=$(git -C "$tree" diff --name-only "$1" "$2" -- . ':!Documentation' ':!MAINTAINERS')
	[ -n "$files" ] && echo "$files" | grep -qv '\.[ch]$' && return 1
	echo "$files" | grep -q '^\(scripts\|tools\|usr\)/' && return 1
	# shellcheck disable=SC2086
	objs=$(objects_of $files)
	[ "$(echo "$objs" | wc -l)" -le 200 ] || return 1
	# shellcheck disable=SC2086
	[ -z "$objs" ] || make -s -C "$tree" O="$kout" -j"$(nproc)" $objs >> "$3" 2>&1 || return 2
	# Only a symbol the last linked step did not leave undefined fails: one
	# fewer (a reference to the linker script's dropped) links as well.
	undefined_symbols | comm -13 "$logs/undefined.top" - > "$logs/undefined.new"
	if [ -s "$logs/undefined.new" ]; then
		echo "symbols undefined, not defined by the linker script:" >> "$3"
		cat "$logs/undefined.new" >> "$3"
		return 2
	fi
}

total=$(echo "$commits" | wc -w)
n=$total
failed=0
: > "$tap.steps"
# The commit whose Kconfig files the .config in $kout was made from.
configured=$(git -C "$tree" rev-parse HEAD)
# The commit the objects in $kout were last built from.
prev=
for commit in $(echo "$commits" | tr ' ' '\n' | tac); do
	subject=$(git -C "$tree" log -1 --format=%s "$commit")
	log=$logs/step-$n.log
	git -C "$tree" checkout -q "$commit"
	start=$(date +%s)
	: > "$log"
	configures=ok
	if ! git -C "$tree" diff --quiet "$configured" "$commit" -- ':(glob)**/Kconfig*'; then
		cp "$logs/series.config" "$kout/.config"
		make -s -C "$tree" O="$kout" olddefconfig > "$log" 2>&1 || configures=no
		configured=$commit
	fi
	# vmlinux is linked, so a missing symbol fails the step; only the base
	# needs a bootable image. The first step (the last patch, built) and
	# each linked step give the symbols the linker script defines.
	target=vmlinux
	[ "$n" = 1 ] && target=bzImage
	built=no
	how=
	if [ "$configures" = ok ] && [ "$n" != 1 ] && [ -n "$prev" ]; then
		rc=0
		compile_touched "$prev" "$commit" "$log" || rc=$?
		case $rc in
		0) built=yes how=", its objects" ;;
		2) built=failed ;;
		esac
	fi
	if [ "$configures" = ok ] && [ "$built" = no ] &&
		make -s -C "$tree" O="$kout" -j"$(nproc)" $target >> "$log" 2>&1; then
		built=yes
		undefined_symbols > "$logs/undefined.top"
	fi
	if [ "$built" = yes ]; then
		echo "$n ok $n kernel builds after: $subject" >> "$tap.steps"
		echo "series: [$n/$total] builds after: $subject ($(($(date +%s) - start))s$how)"
	else
		echo "$n not ok $n kernel builds after: $subject" >> "$tap.steps"
		echo "series: [$n/$total] does not build after: $subject (see $log)" >&2
		failed=1
	fi
	prev=$commit
	n=$((n - 1))
done
cp "$kout/arch/x86/boot/bzImage" "$stock" ||
	echo "series: the base did not build: no stock kernel in $stock" >&2
sort -n "$tap.steps" | cut -d' ' -f2- > "$tap"
rm -f "$tap.steps"
exit "$failed"
