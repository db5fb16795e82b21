#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Fabrics without vSwitches: every leaf CA is a compute node, as in
# OpenSM's ftree.  The shipped 4-ary 3-tree and a generated 8-ary 3-tree
# (512 CAs, 192 switches) against ftree on the same fabric.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test plain-fat-tree
"$OSMCLOUD" gen --kary 8 --levels 3 -q -o "$TOP/ft-k8-n3.net" ||
	fail "osmcloud gen failed"
for topo in "$TOPOS/ft-k4-n3.net" "$TOP/ft-k8-n3.net"; do
	name=$(basename "$topo" .net)
	route_and_check "$name" "$topo"
	grep -q "routed 0 VMs, 0 PFs, 0 idle VFs, [0-9]* compute nodes" "$RUN/osm.log" &&
		pass "$name: routed as compute nodes: $(grep -m1 -o '[0-9]* compute nodes' "$RUN/osm.log")" ||
		fail "$name: not routed as compute nodes"
	same_as_offline "$name" "$topo"
	compare_with_ftree "$name" "ftree-$name" "$topo" ||
		fail "$name: ftree was expected to route a k-ary n-tree"
done
finish
