#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pftree in stock opensm: five tenant partitions on the 4-ary 3-tree
# (ca-i in tenant i mod 5: more tenants than a leaf has up-links, so some
# must share links and get their own SLs), partitions.conf read by
# opensm, qos on.  The plugin registered the engine and it routed, the
# Dump passes the checker and equals the offline router's tables, the
# engine was given the data VLs the ports report, PathRecord SLs are the
# partitions' lanes and the SL-to-VL tables programmed are SL i -> VL
# i % the lanes used; a partitions.conf edited while opensm runs is
# routed at the next heavy sweep.
. "$OC_SRCDIR/tests/ibsim/pftree_lib.sh"
start_test pftree

OSM_PARTITIONS=$(tenant_partitions 5)
pftree_route pftree pftree || { finish; exit; }
check_data_vls pftree
check_lanes pftree
check_path_sls pftree 5
check_sl2vl pftree

# partitions.conf edited while opensm runs: the next heavy sweep routes
# the new tenants (two now) and the tables follow them.
tenant_partitions 2 >"$RUN/partitions.conf"
n=$(log_count "pftree tables configured")
if heavy_sweep && [ "$(log_count "pftree tables configured")" -gt "$n" ]; then
	line=$(grep -o 'pftree: [0-9]* tenants.*' "$RUN/osm.log" | tail -n 1)
	parts=$(grep -o '[0-9]* partitions from OpenSM' "$RUN/osm.log" | tail -n 1)
	[ "$parts" = "3 partitions from OpenSM" ] &&
		[[ $line == "pftree: 2 tenants"* ]] &&
		pass "resweep: OpenSM's new partitions routed: $line" ||
		fail "resweep: new partitions not routed: $parts; $line"
	sim_cmd Dump >"$RUN/pftree.dump"
	check_dump pftree --partitions "$RUN/partitions.conf" &&
		pass "resweep: LFTs read back from ibsim pass the checker" ||
		fail "resweep: LFTs read back from ibsim fail the checker"
	same_as_offline pftree "$PF_TOPO" --engine pftree \
		--partitions "$RUN/partitions.conf" --data-vls 8
else
	fail "resweep: pftree did not route again after the heavy sweep"
fi
finish
