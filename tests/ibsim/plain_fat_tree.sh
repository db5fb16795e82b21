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
	# the summary's phases cover the whole run: they add up to its total
	# (each printed to 0.1 ms, hence the rounding allowance)
	grep -m1 -o 'routed .* in [0-9.]* ms ([^)]*)' "$RUN/osm.log" |
		sed 's/.* in \([0-9.]*\) ms (\(.*\))/\1 \2/' | tr -d ',' |
		awk '{ s = 0; n = 0; for (i = 2; i <= NF; i++) if ($i ~ /^[0-9.]+$/) { s += $i; n++ }
		       d = s - $1; exit !(n >= 13 && d * d <= (0.05 * (n + 1)) ^ 2) }' &&
		pass "$name: the summary's $(grep -m1 -o 'routed .* ms ([^)]*)' "$RUN/osm.log" | sed 's/.* ms (//' | tr ',' '\n' | wc -l) phases add up to its total" ||
		fail "$name: the summary's phases do not add up: $(grep -m1 -o 'in [0-9.]* ms ([^)]*)' "$RUN/osm.log")"
	same_as_offline "$name" "$topo"
	compare_with_ftree "$name" "ftree-$name" "$topo" ||
		fail "$name: ftree was expected to route a k-ary n-tree"
done
finish
