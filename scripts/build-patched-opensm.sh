#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# build-patched-opensm.sh [PREFIX] - builds Debian's opensm with our
# opensm-patches/*.patch, in name order (0001: console commands for
# plugins, 0002: a LID manager port filter for plugins, 0003: a
# PathRecord hook in the SA, 0004: the LFT block stream) into PREFIX.
#
# PREFIX: first argument, else $OPENSM_PATCHED_PREFIX, else
# $top/build/opensm-patched.  Result:
#   PREFIX/sbin/opensm                  the patched binary
#   PREFIX/include/infiniband/...       the headers it was built with
#                                       (= the installed ones + the new
#                                       declarations in osm_console.h
#                                       and osm_lid_mgr.h)
#   PREFIX/build-stamp                  what it was built from
#
# The binary is built exactly as Debian builds its opensm (same source
# package, Debian's patches, dh_auto_configure's options and
# dpkg-buildflags with hardening=+all) and installed for Debian's paths
# (/etc/opensm, /var/cache/opensm, ...).  It has no RUNPATH and uses the
# system's libopensm.so.9, libosmcomp.so.5 and libosmvendor.so.5 (package
# opensm): the patch does not touch them, and the script checks that its
# own build of them exports the same symbols and that every installed
# header but osm_console.h, osm_lid_mgr.h, osm_sa.h and osm_ucast_mgr.h
# (osm_config.h included) is
# byte-identical, so
# plugins built against libopensm-dev work unchanged with it.
#
# Idempotent: nothing is done when PREFIX/build-stamp already records the
# same patch set (names and contents), this script and the installed
# opensm version.  Needs root
# only to install missing packages.  Compiles under "nice -n 19".
# KEEP_BUILD=1 keeps the scratch folder.
set -euo pipefail

self=$(readlink -f "${BASH_SOURCE[0]}")
top=$(cd "$(dirname "$self")/.." && pwd)
prefix=${1:-${OPENSM_PATCHED_PREFIX:-$top/build/opensm-patched}}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
patches=("$top"/opensm-patches/*.patch)
[ -f "${patches[0]}" ] || { echo "no patch in $top/opensm-patches" >&2; exit 1; }

say() { echo "build-patched-opensm: $*" >&2; }

# Build-time and run-time packages (Build-Depends of the source package
# minus debhelper, plus what dh would run and what we check against).
pkgs=(gcc make autoconf automake libtool bison flex pkg-config dpkg-dev
	binutils libibumad-dev libwrap0-dev opensm libopensm-dev)

stamp() {
	local p
	for p in "${patches[@]}"; do
		echo "$(sha256sum <"$p" | awk '{print $1}') $(basename "$p")"
	done
	sha256sum <"$self" | awk '{print $1}'
	echo "opensm $(dpkg-query -W -f='${Version}' opensm 2>/dev/null || echo none)"
}

# One build per prefix at a time.
exec 9>"$prefix/.lock"
flock 9

if [ -x "$prefix/sbin/opensm" ] && [ -f "$prefix/build-stamp" ] &&
	[ "$(stamp)" = "$(cat "$prefix/build-stamp")" ]; then
	say "up to date"
	echo "$prefix/sbin/opensm"
	exit 0
fi

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	say "installing ${missing[*]}"
	[ "$(id -u)" = 0 ] || { say "run as root to install: ${missing[*]}"; exit 1; }
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq "${missing[@]}" >/dev/null
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/osm-patched.XXXXXX")
[ -n "${KEEP_BUILD:-}" ] || trap 'rm -rf "$work"' EXIT
say "scratch folder $work"
cd "$work"

# Debian's source package.  apt-get verifies each file against the .dsc;
# on this mirror the .debian.tar.xz may be missing (HTTP 404), in which
# case the orig tarball is used as it is: Debian 3.3.23-2 carries no
# source patch (3.3.22-1 "Drop all patches (all accepted upstream)"; its
# systemd units are debian/ files) and its installed headers are identical
# to the orig tree's.
get_source() { (cd src && apt-get source --download-only opensm) >>apt-source.log 2>&1; }

# A fresh Debian machine lists no deb-src: add the source twin of each
# deb822 "Types: deb" entry in a file of our own (root only).
enable_deb_src() {
	local list=/etc/apt/sources.list.d/osmcloud-deb-src.sources
	[ "$(id -u)" = 0 ] && [ ! -e "$list" ] || return 1
	say "enabling deb-src in $list"
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed -n '/^Types:/s/^Types:.*/Types: deb-src/p; /^Types:/!p' \
			/etc/apt/sources.list.d/debian.sources >"$list.new"
	else
		list=${list%.sources}.list
		sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$list.new"
	fi
	grep -q 'deb-src' "$list.new" && mv "$list.new" "$list"
}

mkdir src
if ! get_source && ! ls src/opensm_*.orig.tar.* >/dev/null 2>&1; then
	{ apt-get update -qq && get_source; } ||
		{ enable_deb_src && apt-get update -qq && get_source; } || true
fi
dsc=$(ls src/opensm_*.dsc 2>/dev/null | head -n1) || true
orig=$(ls src/opensm_*.orig.tar.* 2>/dev/null | head -n1) || true
[ -n "$orig" ] || { say "apt-get source opensm failed (deb-src enabled?):"; tail -n 5 apt-source.log >&2; exit 1; }
if [ -n "$dsc" ] && ls src/opensm_*.debian.tar.* >/dev/null 2>&1; then
	# unpacks and applies debian/patches/series, as dpkg-buildpackage does
	dpkg-source -x "$dsc" opensm >>apt-source.log 2>&1
	say "Debian source $(basename "$dsc"), Debian patches: $(cat opensm/debian/patches/series 2>/dev/null | tr '\n' ' ' || true)"
else
	say "Debian's packaging tarball is unavailable; using $(basename "$orig") as is"
	mkdir opensm
	tar -xf "$orig" -C opensm --strip-components=1
fi
cd opensm
for p in "${patches[@]}"; do
	say "applying $(basename "$p")"
	patch -p1 --forward --quiet <"$p"
done

# What dh (debhelper compat 12) does: dh_autoreconf, then
# dh_auto_configure with dpkg-buildflags (hardening=+all: the packaged
# binary is PIE with BIND_NOW).
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
eval "$(DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --export=sh)"
t0=$(date +%s)
nice -n 19 autoreconf -f -i >../autoreconf.log 2>&1 ||
	{ tail -n 20 ../autoreconf.log >&2; exit 1; }
nice -n 19 ./configure --build="$(dpkg-architecture -qDEB_BUILD_GNU_TYPE)" \
	--prefix=/usr --includedir='${prefix}/include' \
	--mandir='${prefix}/share/man' --infodir='${prefix}/share/info' \
	--sysconfdir=/etc --localstatedir=/var --disable-option-checking \
	--disable-silent-rules --libdir="\${prefix}/lib/$multiarch" \
	--runstatedir=/run --disable-maintainer-mode \
	--disable-dependency-tracking >../configure.log 2>&1 ||
	{ tail -n 20 ../configure.log >&2; exit 1; }
nice -n 19 make -j"$(nproc)" >../make.log 2>&1 || { tail -n 30 ../make.log >&2; exit 1; }
nice -n 19 make install DESTDIR="$work/stage" >../install.log 2>&1 ||
	{ tail -n 20 ../install.log >&2; exit 1; }
say "built in $(($(date +%s) - t0)) s"

stage=$work/stage
bin=$stage/usr/sbin/opensm

# ABI checks against the installed libopensm-dev and opensm.
bad=$(diff -rq "$stage/usr/include/infiniband" /usr/include/infiniband 2>&1 |
	grep -v '^Only in /usr/include/infiniband' |
	grep -v 'opensm/osm_console.h differ$' |
	grep -v 'opensm/osm_lid_mgr.h differ$' |
	grep -v 'opensm/osm_sa.h differ$' |
	grep -v 'opensm/osm_ucast_mgr.h differ$' || true)
[ -z "$bad" ] || { say "headers differ from libopensm-dev's:"; echo "$bad" >&2; exit 1; }
for lib in libopensm.so.9 libosmcomp.so.5 libosmvendor.so.5; do
	a=$(nm -D --defined-only "$stage/usr/lib/$multiarch/$lib" | awk '{print $2, $3}' | sort)
	b=$(nm -D --defined-only "/usr/lib/$multiarch/$lib" | awk '{print $2, $3}' | sort)
	[ "$a" = "$b" ] || { say "$lib: exported symbols differ from the system's"; exit 1; }
done
# (read nm's output whole: with pipefail, grep -q closing the pipe early
# would fail the check by SIGPIPE)
exported=$(nm -D --defined-only "$bin")
for sym in osm_console_register_cmd osm_console_unregister_cmd \
	osm_lid_mgr_set_port_filter osm_sa_set_pr_hook osm_sa_pr_hook_apply \
	osm_ucast_mgr_lft_stream_next; do
	grep -qw "$sym" <<<"$exported" ||
		{ say "$sym is not exported by opensm"; exit 1; }
done
if readelf -d "$bin" | grep -qE 'RPATH|RUNPATH'; then
	say "opensm has an RPATH/RUNPATH; expected none"
	exit 1
fi
# BIND_NOW: this fails if the system libraries lack a symbol it needs.
rc=0
"$bin" --help >/dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || { say "opensm --help exited $rc (expected 2)"; exit 1; }

rm -rf "$prefix/sbin" "$prefix/include" "$prefix/build-stamp"
install -D -m 755 "$bin" "$prefix/sbin/opensm"
mkdir -p "$prefix/include"
cp -a "$stage/usr/include/infiniband" "$prefix/include/"
stamp >"$prefix/build-stamp"
say "installed; run it like /usr/sbin/opensm (system libraries, no LD_LIBRARY_PATH needed)"
echo "$prefix/sbin/opensm"
