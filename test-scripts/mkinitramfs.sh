#!/bin/bash
# Build the guest's initramfs: busybox-static, Debian's perf, trace-cmd and
# powertop with the shared libraries ldd lists (and the terminfo entry
# powertop's curses reads even for --auto-tune), the guest scripts and their
# expected data.
# Usage: mkinitramfs.sh OUT.cpio.gz GUESTDIR EXTRA_FILE...
# Each EXTRA_FILE is copied to /tests/ in the guest.
set -eu
out=$(realpath -m "$1")
guest=$(realpath "$2")
shift 2
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,tests}
cp /bin/busybox "$root/bin/busybox"
for applet in $("$root/bin/busybox" --list | grep -vx busybox); do
	ln -sf busybox "$root/bin/$applet"
done

# They are dynamically linked: bring every library they need, and the loader.
for tool in /usr/bin/perf /usr/bin/trace-cmd /usr/sbin/powertop; do
	cp "$tool" "$root$tool"
	for lib in $(ldd "$tool" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
done

mkdir -p "$root/lib/terminfo/l" "$root/var/cache/powertop"
cp /lib/terminfo/l/linux "$root/lib/terminfo/l/"

cp "$guest"/init "$root/init"
cp "$guest"/*.sh "$root/tests/"
for f in "$@"; do
	cp "$f" "$root/tests/"
done
chmod +x "$root/init" "$root"/tests/*.sh

(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 > "$out"
