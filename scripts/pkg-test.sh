#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pkg-test.sh - build osmcloud's Debian packages from a clean copy of the
# source tree, check what they hold and, when asked, install them on this
# machine and run the demo against the installed files (docs/packaging.md).
#
#   scripts/pkg-test.sh [--out DIR] [--install] [--keep-installed]
#
#   --out DIR         where the .deb files and build.log go (default: a new
#                     folder under $TMPDIR); the source tree and its build/
#                     are never written
#   --install         install the packages (apt-get install ./*.deb, as
#                     root or through sudo), run "scripts/demo.sh
#                     --installed", then remove them again; for CI and
#                     scratch machines only.  CI=true implies it.
#   --keep-installed  leave the packages installed afterwards
#
# Exits non-zero when the build fails, a package misses a file it must
# hold, the plugin's Depends is not the exact opensm it was built against,
# or the installed demo fails.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
out= install=no keep=no
[ "${CI:-}" = true ] && install=yes
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:?--out needs a folder}; shift ;;
	--install) install=yes ;;
	--keep-installed) keep=yes ;;
	*) echo "pkg-test: unknown option $1 (see the head of $0)" >&2; exit 2 ;;
	esac
	shift
done
packages=(opensm-osmcloud osmcloud libosmcloudctl0 libosmcloudctl-dev ibacm-osmcloud)

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

fail() {
	echo "pkg-test: FAIL: $*" >&2
	exit 1
}

# the tracked and new (not ignored) files of the tree, without any build
# folder, copied to $1: dpkg-buildpackage writes into its source tree
clean_copy() {
	mkdir -p "$1" || return 1
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$top" && git ls-files -z -co --exclude-standard |
			grep -zvE '^build[^/]*/' | tar -cf - --null -T -) |
			tar -xf - -C "$1"
	else
		(cd "$top" && tar -cf - --exclude='./build*' --exclude=./.git .) |
			tar -xf - -C "$1"
	fi
}

# need_packages PACKAGE...: Debian packages this script runs (the package
# tools, and ibsim, opensm and infiniband-diags for the demo), installed
# when allowed
need_packages() {
	local p missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$install" = yes ] || {
		echo "pkg-test: missing ${missing[*]}: install them (or run with --install)" >&2
		return 1
	}
	as_root apt-get update -q >/dev/null &&
		as_root env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# the build dependencies of debian/control in $1, installed when allowed
build_deps() {
	local missing
	missing=$(cd "$1" && dpkg-checkbuilddeps 2>&1) && return 0
	echo "pkg-test: $missing"
	[ "$install" = yes ] || {
		echo "pkg-test: install them (or run with --install)" >&2
		return 1
	}
	as_root env DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q "$1"
}

# deb_field DEB FIELD
deb_field() {
	dpkg-deb -f "$1" "$2"
}

# has DEB PATH: the package holds PATH
has() {
	dpkg -c "$1" | awk '{ print $6 }' | grep -qxF "./$2" ||
		fail "$(basename "$1") does not hold /$2"
}

need_packages dpkg-dev debhelper || exit 1
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/osmcloud-pkg.XXXXXX") || exit 1
out=$(realpath -m "$out")
case $out/ in
"$top"/*) fail "--out $out is inside the source tree: give a folder outside it" ;;
esac
mkdir -p "$out" || exit 1
# only what an earlier run left there
rm -rf "$out/src" "$out"/osmcloud_*.buildinfo "$out"/osmcloud_*.changes
for p in "${packages[@]}"; do
	rm -f "$out/${p}_"*.deb "$out/${p}-dbgsym_"*.deb
done
echo "== clean copy of the source tree in $out/src"
clean_copy "$out/src" || fail "cannot copy $top to $out/src"
build_deps "$out/src" || exit 1

echo "== dpkg-buildpackage -us -uc -b (log: $out/build.log)"
start=$(date +%s)
(cd "$out/src" && nice dpkg-buildpackage -us -uc -b -j"$(nproc)") \
	>"$out/build.log" 2>&1 || {
	tail -n 30 "$out/build.log" >&2
	fail "dpkg-buildpackage failed (log: $out/build.log)"
}
echo "   built in $(($(date +%s) - start)) s"

for p in "${packages[@]}"; do
	deb=$(ls "$out/${p}_"*.deb 2>/dev/null) || fail "no $p package"
	echo "== $(basename "$deb"): $(deb_field "$deb" Depends)"
	dpkg -c "$deb" | awk '$1 !~ /^d/ { print "   " $6 }'
done
deb() { ls "$out/${1}_"*.deb; }
has "$(deb opensm-osmcloud)" "usr/lib/$multiarch/libosmcloud.so"
has "$(deb opensm-osmcloud)" "usr/lib/tmpfiles.d/osmcloud.conf"
has "$(deb opensm-osmcloud)" "usr/share/man/man5/osmcloud-plugin.5.gz"
has "$(deb opensm-osmcloud)" "usr/share/doc/opensm-osmcloud/examples/osmcloud.conf"
has "$(deb osmcloud)" "usr/share/man/man8/osmcloud.8.gz"
has "$(deb osmcloud)" "usr/bin/osmcloud"
has "$(deb osmcloud)" "usr/share/osmcloud/vswitch-ft-default.net"
has "$(deb libosmcloudctl-dev)" "usr/lib/$multiarch/pkgconfig/osmcloudctl.pc"
has "$(deb ibacm-osmcloud)" "usr/lib/$multiarch/ibacm/libosmcloudacm.so"
built_against=$(dpkg-query -W -f='${Version}' libopensm-dev)
deb_field "$(deb opensm-osmcloud)" Depends |
	grep -qF "opensm (= $built_against)" ||
	fail "opensm-osmcloud does not depend on opensm (= $built_against)"
echo "   opensm-osmcloud depends on opensm (= $built_against), as built"

[ "$install" = yes ] || {
	echo "pkg-test: OK (built, not installed: --install installs and runs the demo)"
	exit 0
}

# packages of ours already on the machine stay after the test
installed_before=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' &&
		installed_before+=("$p")
done
remove_ours() {
	[ "$keep" = yes ] && return 0
	[ ${#installed_before[@]} -eq 0 ] || {
		echo "pkg-test: ${installed_before[*]} were installed before: left installed"
		return 0
	}
	as_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q "${packages[@]}" \
		>"$out/remove.log" 2>&1 || echo "pkg-test: removing failed: $out/remove.log" >&2
}
trap remove_ours EXIT

need_packages opensm ibsim-utils libumad2sim0 infiniband-diags procps || exit 1
# a from-source install in /usr/local would be found before the packages
for f in /usr/local/lib/libosmcloud.so /usr/local/bin/osmcloud; do
	[ ! -e "$f" ] || fail "$f (make install) would shadow the packages: make uninstall first"
done
debs=()
for p in "${packages[@]}"; do
	debs+=("./$(basename "$(deb "$p")")")
done
echo "== apt-get install ${debs[*]}"
(cd "$out" && as_root env DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q --no-install-recommends "${debs[@]}") >"$out/install.log" 2>&1 || {
	tail -n 20 "$out/install.log" >&2
	fail "installing the packages failed (log: $out/install.log)"
}
for dir in /var/lib/osmcloud /run/osmcloud; do
	[ "$(stat -c '%a %U' "$dir" 2>/dev/null)" = "755 root" ] ||
		fail "$dir is not there as root's, mode 0755 (tmpfiles.d/osmcloud.conf)"
done
echo "   /var/lib/osmcloud and /run/osmcloud made by the package (0755 root)"
ldconfig -p | grep -q "libosmcloud.so " ||
	fail "libosmcloud.so is not in the dynamic linker's cache"
echo "   $(ldconfig -p | grep 'libosmcloud.so ' | sed 's/^[[:space:]]*//')"

[ "$(command -v osmcloud)" = /usr/bin/osmcloud ] ||
	fail "osmcloud on PATH is $(command -v osmcloud), not the package's /usr/bin/osmcloud"
version=$(dpkg-query -W -f='${Version}' osmcloud)
osmcloud --version | grep -qx "osmcloud ${version%-*} (OpenSM ${built_against%%-*})" ||
	fail "osmcloud --version says '$(osmcloud --version)', not package ${version%-*} on OpenSM ${built_against%%-*}"
echo "   $(osmcloud --version)"
for page in 8:osmcloud 5:osmcloud-plugin; do
	man -w "${page%%:*}" "${page#*:}" >/dev/null 2>&1 ||
		fail "man ${page%%:*} ${page#*:} finds no installed page"
done
echo "   man 8 osmcloud and man 5 osmcloud-plugin installed"
example=/usr/share/doc/opensm-osmcloud/examples/osmcloud.conf
zcat /usr/share/man/man8/osmcloud.8.gz | grep -qF "$example" ||
	fail "osmcloud(8)'s FILES do not name the packaged $example"
osmcloud config check "$example" >"$out/config-check.out" 2>&1 || {
	cat "$out/config-check.out" >&2
	fail "the packaged example configuration fails osmcloud config check"
}
echo "   $example passes osmcloud config check"
echo "== scripts/demo.sh --installed"
DEMO_OUT=$out/demo "$top/scripts/demo.sh" --installed || fail "the demo failed against the installed files"
echo "pkg-test: OK"
