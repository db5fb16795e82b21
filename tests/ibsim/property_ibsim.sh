#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# property_ibsim.sh - the property test (tests/unit/property_offline.sh)
# under opensm, for a sample: a few seeded random fat-trees of at most
# $OC_PROPERTY_IBSIM_NODES nodes (drawn as the offline test draws them)
# routed by stock opensm with the plugin, with sftree and with
# vswitch_ftree, the tables read back from ibsim's Dump:
#   - opensm routed with the engine, or the engine refuses the fabric
#     offline too as "not a fat-tree (rule Rn)" (opensm fell back);
#   - opensm's tables are those "osmcloud route" computes offline from
#     opensm's LIDs (so the offline property test speaks for opensm);
#   - "osmcloud check" on the Dump holds the offline test's properties;
#   - ibdmchk (Debian ibutils) agrees with "osmcloud check": it misses
#     CA-to-CA paths exactly when check finds CA pairs unreachable, and
#     finds a credit loop in them exactly when check does; with switches
#     as sources and destinations too (-a) likewise for every pair and
#     the credit loop with switch sources.
# Each failure prints the commands that reproduce the fabric offline.
#   OC_PROPERTY_IBSIM_COUNT  fabrics (default 12, about 25 s)
#   OC_PROPERTY_IBSIM_NODES  largest fabric, in nodes (default 250)
#   OC_PROPERTY_SEED         seed of the run (default 1); fabric i is drawn
#                            from the seed SEED * 100000 + 90000 + i
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/unit/property_lib.sh"
start_test property-ibsim
command -v ibdmchk >/dev/null || { fail "ibdmchk not installed (Debian ibutils)"; finish; }
count=${OC_PROPERTY_IBSIM_COUNT:-12}
max_nodes=${OC_PROPERTY_IBSIM_NODES:-250}
run_seed=${OC_PROPERTY_SEED:-1}
osmcloud=$OSMCLOUD

# ibdmchk_verdict: "missing" (some paths missing), "loop" (a credit
# loop) or "clean", from its last run.
ibdmchk_verdict() {
	if grep -q -- "missing paths" "$IBDMCHK_OUT"; then
		echo missing
	elif grep -q -- "-E- credit loops in routing" "$IBDMCHK_OUT"; then
		echo loop
	else
		echo clean
	fi
}

# check_verdict TAG UNREACHABLE CYCLE: the same from osmcloud check's
# report of run TAG, given the pairs it found unreachable and the key of
# the credit loop.
check_verdict() {
	if [ "$2" -gt 0 ]; then
		echo missing
	elif [ "$(json "$TOP/$1/$1.json" "$3")" = true ]; then
		echo loop
	else
		echo clean
	fi
}

# ibdmchk_matches TAG: ibdmchk's verdicts on run TAG's tables, on the
# CA-to-CA paths and (-a) on all paths, are osmcloud check's.
ibdmchk_matches() {
	local tag=$1 report=$TOP/$1/$1.json theirs ours
	ibdmchk_run "$tag"
	theirs=$(ibdmchk_verdict)
	ours=$(check_verdict "$tag" "$(json "$report" ca_ca_unreachable)" \
		cdg_ca_cycle)
	[ "$theirs" = "$ours" ] &&
		pass "$tag: ibdmchk agrees on the CA-to-CA paths: $ours" ||
		fail "$tag: on the CA-to-CA paths ibdmchk says $theirs, osmcloud check $ours"
	ibdmchk_run "$tag" -a
	theirs=$(ibdmchk_verdict)
	ours=$(check_verdict "$tag" $(($(json "$report" ca_unreachable_pairs) + \
		$(switch_misses "$tag"))) cdg_all_cycle)
	[ "$theirs" = "$ours" ] &&
		pass "$tag: ibdmchk -a agrees on all paths: $ours" ||
		fail "$tag: on all paths ibdmchk -a says $theirs, osmcloud check $ours"
}

# judge TAG ENGINE: the offline test's properties on run TAG's Dump.
judge() {
	local tag=$1 engine=$2
	# shellcheck disable=SC2046
	if check_dump "$tag" $(check_options "$engine") >/dev/null; then
		pass "$tag: the Dump has the properties" \
			"($(json "$TOP/$tag/$tag.json" lids) LIDs)"
	else
		fail "$tag: $(failure_kinds "$engine" "$TOP/$tag/$tag.json");" \
			"reproduce: $(gen_command) -o f.net; osmcloud route" \
			"--engine $engine --topo f.net --sm-guid $sm_guid -o t.dump;" \
			"osmcloud check $(check_options "$engine") --topo f.net --lfts t.dump"
	fi
}

# route_fabric ENGINE: fabric $i under opensm with ENGINE, judged.
route_fabric() {
	local engine=$1 tag=f$i-$1 used
	if ! opensm_route "$tag" "$dir/f.net" "$engine" >/dev/null; then
		fail "$tag: opensm did not come up ($(gen_command))"
		return
	fi
	used=$(tables_by)
	if ! "$OSMCLOUD" route --engine "$engine" --topo "$dir/f.net" \
		--guid2lid "$RUN/cache/guid2lid" --sm-guid "$sm_guid" \
		2>"$RUN/route.err"; then
		why=$(refusal "$RUN/route.err")
		[ -n "$why" ] && [ "$used" != "$engine" ] &&
			pass "$tag: refused ($why) offline, opensm fell back to $used" ||
			fail "$tag: offline: $(head -c 300 "$RUN/route.err"); opensm's" \
				"tables by ${used:-nobody} ($(gen_command))"
		return
	fi
	[ "$used" = "$engine" ] && pass "$tag: opensm routed with $engine" || {
		fail "$tag: opensm's tables by ${used:-nobody}: $(grep -m2 'ERR OC' "$RUN/osm.log")"
		return
	}
	same_as_offline "$tag" "$dir/f.net" --engine "$engine" --sm-guid "$sm_guid"
	# the switch pairs sftree declares unserved need no route (its summary)
	unserved=$(unserved_pairs "$RUN/route.err")
	judge "$tag" "$engine"
	ibdmchk_matches "$tag"
}

i=1
done_fabrics=0
while [ "$done_fabrics" -lt "$count" ]; do
	fabric_seed=$((run_seed * 100000 + 90000 + i))
	seed "$fabric_seed"
	dir=$TOP/fabric-$i
	mkdir -p "$dir"
	draw_fabric "$fabric_seed"
	generate || fail "fabric $i: $(gen_command): $(cat "$dir/gen.err")"
	nodes=$(sed -n 's/^# nodes: \([0-9]*\),.*/\1/p' "$dir/f.net")
	if [ "${nodes:-0}" -gt 0 ] && [ "$nodes" -le "$max_nodes" ]; then
		echo "fabric $i ($nodes nodes): $(gen_command)"
		# ibsim attaches opensm to the first CA of the file
		g=$(sed -n 's/^caguid=\(0x[0-9a-f]*\)$/\1/p' "$dir/f.net" | head -n 1)
		sm_guid=$(printf '0x%016x' $((g + 1)))
		route_fabric vswitch_ftree
		route_fabric sftree
		done_fabrics=$((done_fabrics + 1))
	fi
	i=$((i + 1))
done
finish
