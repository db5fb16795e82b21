#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# ibacm_load.sh - Debian's ibacm loads libosmcloudacm.so: its loader
# binds every acm_* function the provider uses (the provider is linked
# with -z now), accepts its interface version and size, and makes
# "osmcloud" the default provider from an ibacm_opts.cfg.  Without an
# HCA ibacm then stops ("unable to open any devices"): serving requests
# is covered by test_acm_provider, not here (docs/ibacm.md).  Everything
# ibacm writes goes into a scratch folder; only the ibacm started here is
# stopped, by its PID.
set -u
so=${OC_ACM_PROVIDER:-.libs/libosmcloudacm.so}
ibacm=$(command -v ibacm || echo /usr/sbin/ibacm)
fail() {
	echo "FAIL: $*"
	exit 1
}
[ -f "$so" ] || fail "$so not built (make)"
[ -x "$ibacm" ] || fail "ibacm not found (install Debian's ibacm)"

# the provider exports provider_query and nothing else
exports=$(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }')
[ "$exports" = "provider_query@@OSMCLOUDACM_1.0" ] ||
	fail "$so exports '$exports', not provider_query alone"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/oc-ibacm.XXXXXX")
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
mkdir "$tmp/prov"
cp "$so" "$tmp/prov/libosmcloudacm.so"
cat >"$tmp/opts.cfg" <<EOT
log_file $tmp/ibacm.log
log_level 2
lock_file $tmp/ibacm.pid
server_mode unix
provider_lib_path $tmp/prov
provider osmcloud default
EOT
: >"$tmp/addr.cfg"
"$ibacm" -P -O "$tmp/opts.cfg" -A "$tmp/addr.cfg" >"$tmp/out" 2>&1 &
pid=$!

# poll for ibacm's verdict on the provider, at most 20 s
deadline=$((SECONDS + 20))
until grep -q "default provider: osmcloud" "$tmp/ibacm.log" 2>/dev/null ||
	! kill -0 "$pid" 2>/dev/null; do
	[ $SECONDS -lt $deadline ] || fail "ibacm said nothing of the provider in 20 s"
	sleep 0.1
done
log=$tmp/ibacm.log
grep -q "Provider osmcloud ($tmp/prov/libosmcloudacm.so) loaded" "$log" || {
	cat "$log" "$tmp/out" 2>/dev/null
	fail "ibacm did not load the provider"
}
grep -q "default provider: osmcloud" "$log" || {
	cat "$log"
	fail "ibacm did not take osmcloud as its default provider"
}
! grep -qi "could not load provider\|unmatched provider version" "$log" ||
	fail "ibacm refused a provider: $(grep -i provider "$log")"
echo "ibacm loaded provider osmcloud from $so as default"
echo "1 passed, 0 failed"
