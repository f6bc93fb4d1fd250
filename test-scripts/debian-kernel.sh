#!/bin/bash
# The patched kernel as Debian ships a kernel: Debian's own config for the
# series (linux-config-SERIES, config.amd64_none_amd64), autopm on by
# default and its KUnit suites built in, trimmed with make localmodconfig
# to the modules the Debian guest loaded under Debian's stock kernel
# (LSMOD: a file of "#lsmod NAME" lines), packaged with make bindeb-pkg.
# Without LSMOD: the full config, the package a power tester installs on
# real hardware (hours on two cores). Writes the .deb files to OUT.
# Usage: debian-kernel.sh SERIES SRC OUT [LSMOD]  (SRC: the patched source)
set -eu
series=$1
tree=$(realpath "$2")
out=$(realpath -m "$3")
lsmod=${4:-}
obj=$out/obj
mkdir -p "$obj"
rm -f "$out"/*.deb
xzcat "/usr/src/linux-config-$series/config.amd64_none_amd64.xz" > "$obj/.config"
cfg() { "$tree/scripts/config" --file "$obj/.config" "$@"; }
# Debian signs with its own certificates, which linux-source does not
# ship; a test kernel signs its modules with a key of its own. No debug
# info: it is most of the build's time and the package's size.
cfg --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
	--disable DEBUG_INFO --disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
	--disable DEBUG_INFO_BTF --enable DEBUG_INFO_NONE \
	--enable PM_AUTOPM --enable PM_AUTOPM_DEFAULT_ON \
	--enable KUNIT --enable PM_AUTOPM_KUNIT_TEST \
	--enable PCI_AUTOPM_KUNIT_TEST --enable USB_AUTOPM_KUNIT_TEST \
	--enable ATA_AUTOPM_KUNIT_TEST --enable SCSI_AUTOPM_KUNIT_TEST \
	--set-str LOCALVERSION "-autopm"
make -s -C "$tree" O="$obj" olddefconfig
if [ -n "$lsmod" ]; then
	{ echo "Module Size Used by"; sed -n 's/^#lsmod \(.*\)/\1 0 0/p' "$lsmod"; } > "$obj/lsmod"
	yes "" | make -s -C "$tree" O="$obj" LSMOD="$obj/lsmod" localmodconfig > /dev/null
fi
grep -qx 'CONFIG_PM_AUTOPM_DEFAULT_ON=y' "$obj/.config" ||
	{ echo "debian-kernel: the config lost PM_AUTOPM_DEFAULT_ON" >&2; exit 1; }
echo "debian-kernel: $(grep -c '=m$' "$obj/.config") modules, building the package"
# The test's packages are installed once, on the same machine: gzip, not
# dpkg-deb's default xz, several times slower on the headers package.
compress=
[ -z "$lsmod" ] || compress=KDEB_COMPRESS=gzip
# shellcheck disable=SC2086
env -u MAKEFLAGS make -s -C "$tree" O="$obj" -j"$(nproc)" KDEB_PKGVERSION=1autopm $compress bindeb-pkg
ls "$out"/*.deb
