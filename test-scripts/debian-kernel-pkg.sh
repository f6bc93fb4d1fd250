#!/bin/bash
# The name of Debian's stock kernel package built from the same source as
# linux-source-SERIES: the linux-image-*-amd64 whose version is
# linux-source's. Stops and says so if apt knows none.
# Usage: debian-kernel-pkg.sh SERIES
set -eu
series=$1
version=$(dpkg-query -W -f='${Version}' "linux-source-$series")
for pkg in $(apt-cache search --names-only "^linux-image-$series[.0-9+a-z-]*-amd64\$" |
	awk '{ print $1 }' | grep -v -e '-rt-' -e '-cloud-' -e '-dbg$' -e '-unsigned$'); do
	if apt-cache show "$pkg" | grep -qx "Version: $version"; then
		echo "$pkg"
		exit 0
	fi
done
echo "debian-kernel-pkg: no linux-image-$series*-amd64 of version $version in apt's lists (apt-get update?)" >&2
exit 1
