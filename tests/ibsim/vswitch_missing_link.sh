#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# One leaf-to-root link missing: stock ftree fails (ERR AB09) unless it is
# given the roots.  The root without the link reaches that leaf's CAs
# through detours; CA-to-CA routes stay up/down and minimal.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-missing-link
topo=$TOPOS/vswitch-ft-missing-link.net
route_and_check vsw "$topo"
same_as_offline vsw "$topo"
grep -q "18 switch LIDs, 15 detours" "$RUN/osm.log" &&
	pass "sw-L2-0 reaches the 15 CAs under sw-L1-0 through detours" ||
	fail "expected 15 detours in the log: $(grep -m1 -o 'routed.*detours' "$RUN/osm.log")"
compare_with_rooted_ftree vsw "$topo" "ERR AB09"
finish
