#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pftree_ext in stock opensm with a policy file (policy=), five tenants on
# the 4-ary 3-tree, qos on:
#  - tenant1 phy-isolation, tenant2 vlane-isolation, strict: met, routed,
#    the Dump passes the checker, PathRecord SLs are the lanes;
#  - every tenant vlane-isolation with one data VL (max_op_vls 1): strict
#    fails naming the partition and the reason, opensm falls back to
#    minhop (with no_fallback it does not, and the subnet does not come
#    up); best-effort routes and warns about each unmet policy;
#  - a bad policy file refuses the plugin, naming file and line.
. "$OC_SRCDIR/tests/ibsim/pftree_lib.sh"
start_test pftree-ext
OSM_PARTITIONS=$(tenant_partitions 5)

printf '%s\n' '# tenant1 alone on its links' 'mode strict' \
	'0x8001 phy-isolation' 'tenant2 vlane-isolation' >"$TOP/met.policy"
PF_POLICY=$TOP/met.policy
if pftree_route met pftree_ext; then
	grep -q "pftree_ext: .* 0 unmet policies" "$RUN/osm.log" &&
		pass "met: every policy met" ||
		fail "met: policies not met: $(grep -m1 -o 'unmet.*' "$RUN/osm.log")"
	[ "$(tenant_get met 0x0001 alone)" = true ] &&
		[ "$(tenant_get met 0x0001 links_shared)" = 0 ] &&
		pass "met: the checker finds tenant1 (phy-isolation) alone on its" \
			"$(tenant_get met 0x0001 links_used) links in ibsim's tables" ||
		fail "met: tenant1 shares $(tenant_get met 0x0001 links_shared) links"
	check_path_sls met 5
fi
PF_POLICY=

# vlane_policy MODE: every tenant vlane-isolation.
vlane_policy() {
	echo "mode $1"
	for k in 1 2 3 4 5; do echo "tenant$k vlane-isolation"; done
}

vlane_policy strict >"$TOP/strict.policy"
if opensm_route strict "$PF_TOPO" pftree_ext "qos TRUE" "max_op_vls 1" \
	"event_plugin_options policy=$TOP/strict.policy"; then
	re='ERR OC11: pftree_ext: .*partition 0x000[1-5] \(tenant[1-5]\): vlane-isolation not met'
	grep -qE "$re" "$RUN/osm.log" &&
		pass "strict: $(grep -m1 -oE 'partition 0x.*not met[^;]*' "$RUN/osm.log")" ||
		fail "strict: no ERR line naming the partition: $(grep -m2 'ERR' "$RUN/osm.log")"
	grep -q "partitions from OpenSM, 1 data VLs" "$RUN/osm.log" &&
		pass "strict: the engine was given the 1 data VL of the ports" ||
		fail "strict: data VLs: $(grep -m1 -o 'partitions from OpenSM.*' "$RUN/osm.log")"
	engine_used minhop && ! engine_used pftree_ext &&
		pass "strict: opensm fell back to minhop" ||
		fail "strict: opensm did not fall back to minhop"
else
	fail "strict: opensm did not come up"
fi

# The same with no_fallback: no minhop, the sweep stops without SUBNET UP.
run_stop
run_new nofallback && sim_start "$PF_TOPO" &&
	osm_conf "$RUN/osm.conf" "routing_engine pftree_ext,no_fallback" \
		"qos TRUE" "max_op_vls 1" "event_plugin_options policy=$TOP/strict.policy" &&
	osm_start "$RUN/osm.conf"
if wait_log 'No routing engine able' 1 60; then
	[ "$(log_count 'ERR OC11: pftree_ext: .*vlane-isolation not met')" -ge 1 ] &&
		[ "$(log_count 'tables configured')" = 0 ] &&
		[ "$(log_count 'SUBNET UP')" = 0 ] &&
		pass "no_fallback: pftree_ext failed, no engine configured the tables, no SUBNET UP" ||
		fail "no_fallback: $(grep -m2 -E 'tables configured|SUBNET UP' "$RUN/osm.log")"
	# fixed (best-effort now): the next heavy sweep brings the subnet up
	vlane_policy best-effort >"$TOP/strict.policy"
	osm_console "resweep heavy" >/dev/null
	wait_log 'SUBNET UP' 1 60 && engine_used pftree_ext &&
		pass "no_fallback: policy relaxed, the next heavy sweep routed with pftree_ext and the subnet came up" ||
		fail "no_fallback: no SUBNET UP with pftree_ext after the fix"
else
	fail "no_fallback: opensm did not report that no engine could route"
fi

vlane_policy best-effort >"$TOP/best.policy"
if opensm_route best "$PF_TOPO" pftree_ext "qos TRUE" "max_op_vls 1" \
	"event_plugin_options policy=$TOP/best.policy"; then
	warned=$(log_count 'pftree_ext: warning: partition 0x000[1-5] \(tenant[1-5]\): vlane-isolation not met')
	unmet=$(grep -m1 -o '[0-9]* unmet policies' "$RUN/osm.log" | cut -d' ' -f1)
	engine_used pftree_ext && [ "$warned" -gt 0 ] && [ "$warned" = "$unmet" ] &&
		pass "best-effort: pftree_ext routed and warned about $warned unmet policies" ||
		fail "best-effort: routed? warnings $warned, unmet '$unmet'"
	check_dump best &&
		pass "best-effort: LFTs read back from ibsim pass the checker" ||
		fail "best-effort: LFTs read back from ibsim fail the checker"
else
	fail "best: opensm did not come up"
fi

printf '%s\n' 'mode strict' '0x8001 super-isolation' >"$TOP/bad.policy"
if opensm_route bad "$PF_TOPO" pftree_ext \
	"event_plugin_options policy=$TOP/bad.policy"; then
	grep -qF "option policy: $TOP/bad.policy:2:" "$RUN/osm.log" &&
		pass "bad policy: $(grep -m1 -o 'option policy: .*' "$RUN/osm.log")" ||
		fail "bad policy: no line naming the file and line: $(grep -m2 ERR "$RUN/osm.log")"
	grep -q "cannot load plugin" "$RUN/osm.log" && engine_used minhop &&
		pass "bad policy: opensm refused the plugin and routed with minhop" ||
		fail "bad policy: the plugin was not refused"
else
	fail "bad: opensm did not come up"
fi
finish
