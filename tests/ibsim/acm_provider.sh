#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The ibacm provider (src/acm, docs/ibacm.md) against opensm's real SA:
# ibacm does not start under umad2sim, so acm_host stands in for ibacm's
# core (its acm_* functions on libibumad) and asks through the provider's
# query() from a PF of the fabric.  Four destinations, three rounds each:
#   - patched opensm, sa_path_caching=on: round 1 asks the SA (each
#     answer flagged), round 2 is served from the cache, a
#     client-reregister before round 3 drops it and round 3 asks again:
#     8 SA queries, 4 hits for 12 requests;
#   - the same with osmcloud_pathcache_capacity 2 (ibacm_opts.cfg): four
#     destinations in turn never hit a cache of two: 12 SA queries;
#   - sa_path_caching off: 12 SA queries, none flagged, nothing cached.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test acm-provider
topo=$TOPOS/vswitch-ft-default.net
peer=hv3-pf
host=$OC_BUILDDIR/tests/ibsim/acm_host
prefix=$OC_BUILDDIR/opensm-patched
printf '%s vm-a\n%s vm-b\n%s vm-c\n' "$(vf_guid 0 1)" "$(vf_guid 1 2)" \
	"$(vf_guid 7 1)" >"$TOP/vms.txt"

# ask TAG ARGS...: acm_host from $peer; its output in $TOP/TAG.out
ask() {
	local tag=$1
	shift
	(cd "$RUN" && SIM_HOST=$peer timeout 60 ibsim-run "$host" "$@") \
		>"$TOP/$tag.out" 2>"$TOP/$tag.err"
}

# expect TAG SUMMARY: acm_host's summary line is SUMMARY
expect_summary() {
	local got
	got=$(tail -n 1 "$TOP/$1.out")
	[ "$got" = "$2" ] && pass "$1: $got" ||
		fail "$1: got '$got', want '$2'; $(head -c 600 "$TOP/$1.err")"
}

# expect_round TAG ROUND WAY: every request of ROUND went WAY (sa, cache)
expect_round() {
	local n
	n=$(grep -c "^round $2 .*: $3 " "$TOP/$1.out")
	[ "$n" = 4 ] && pass "$1: round $2: 4 of 4 requests by $3" ||
		fail "$1: round $2: $n of 4 requests by $3: $(grep "^round $2 " "$TOP/$1.out" | tr '\n' ';')"
}

if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
	finish
	exit
fi
export OSM_BIN=$prefix/sbin/opensm

# destinations: three PFs by LID (SLID/DLID, as saquery asks) and vm-a's
# VF by GID (SGID/DGID, as rdma_cm asks)
dests() {
	local d dump=$RUN/$1.dump
	for d in hv0-pf hv5-pf hv7-pf; do
		printf 'lid:%s ' "$(dump_lid "$d" "$dump")"
	done
	printf 'guid:%s\n' "$(vf_guid 0 1)"
}

# --- flag on: cached after the first round, dropped by client-reregister
if opensm_route on "$topo" vswitch_ftree \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/on.state sa_path_caching=on" &&
	wait_log "PathRecord caching flag raised" 1 30; then
	ask on --rounds 3 --event client-reregister@3 $(dests on)
	sed 's/^/  /' "$TOP/on.out"
	expect_summary on "requests=12 sa_queries=8 cache_hits=4 flagged=8 unflagged=0 failed=0"
	expect_round on 1 sa
	expect_round on 2 cache
	expect_round on 3 sa
	grep -q "client-reregister: dropped 4 path records" "$TOP/on.err" &&
		pass "on: the provider logged the drop of 4 records" ||
		fail "on: no drop logged: $(head -c 400 "$TOP/on.err")"

	# --- the bound: a cache of 2 entries never holds 4 destinations in turn
	printf 'log_level 1\nosmcloud_pathcache_capacity 2\n' >"$TOP/opts.cfg"
	ACM_HOST_OPTS=$TOP/opts.cfg ask bound --rounds 3 $(dests on)
	expect_summary bound "requests=12 sa_queries=12 cache_hits=0 flagged=12 unflagged=0 failed=0"
	grep -q "path-record cache of 2 entries" "$TOP/bound.err" &&
		pass "bound: the port's cache has 2 entries" ||
		fail "bound: $(head -c 400 "$TOP/bound.err")"
else
	fail "on: opensm did not come up with the flag raised: $(grep -m2 'caching flag' "$RUN/osm.log")"
fi
run_stop

# --- flag off (the default): every request asks the SA
if opensm_route off "$topo" vswitch_ftree \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/off.state"; then
	ask off --rounds 3 $(dests off)
	expect_summary off "requests=12 sa_queries=12 cache_hits=0 flagged=0 unflagged=12 failed=0"
	expect_round off 2 sa
else
	fail "off: opensm did not come up"
fi
finish
