#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# setup.sh - install what osmcloud needs from Debian's packages and build it
# into ./build (out of tree).  Safe to run again; it only redoes what is
# missing.  Needs root or sudo for apt-get.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
packages=(
	build-essential autoconf automake libtool pkg-config
	opensm libopensm-dev ibsim-utils libumad2sim0 infiniband-diags
	libibumad-dev libibmad-dev libcmocka-dev ibutils ibacm libibverbs-dev time clang-format
	python3 gnuplot-nox libjansson-dev procps
)

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "setup: installing ${missing[*]}"
	as_root apt-get update -q
	as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

cd "$top"
[ -x configure ] || autoreconf -fi
mkdir -p build
cd build
# the default prefix /usr/local: "sudo make -C build install && sudo
# ldconfig" puts libosmcloud.so in /usr/local/lib, where opensm's
# dlopen("libosmcloud.so") finds it (docs/packaging.md)
# (a build/ configured by an older setup.sh, into build/prefix, is
# configured again)
if [ ! -f Makefile ] || grep -q "^prefix = $top/build/prefix\$" Makefile; then
	../configure
fi
make -j"$(nproc)"
echo "setup: built osmcloud in $top/build"
