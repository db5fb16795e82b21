#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The hop rows the plugin leaves out (docs/hop-tables.md) change nothing
# OpenSM does: the demo fabric with four IPoIB groups joined from VFs and
# PFs, routed twice by vswitch_ftree, once with every hop row (-D 0x43,
# the ROUTING log flag) and once with the needed rows only (-D 0x03, the
# dumps asked of osm_dump.c alone by per-module logging): the same
# multicast tables (opensm.mcfdbs) and LFTs, no multicast error, and the
# vSwitches' lid-matrix rows cut down to the switches within two hops.
# Then the same with sftree, whose rows follow its routes.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test hop-rows
topo=$TOPOS/vswitch-ft-default.net
raw=$OC_BUILDDIR/tests/ibsim/sa_raw_pr
OSM_PARTITIONS='Default=0x7fff, ipoib : ALL=full ; P1=0x1, ipoib : ALL=full ;
P2=0x2, ipoib : ALL=full ; P3=0x3, ipoib : ALL=full ;'

# joins: "CA partition-pkey-with-0x8000": groups spread over the fabric
# (ffff), on two leaves (8001), on one vSwitch only (8002: its root is that
# vSwitch) and on two vSwitches of one leaf (8003).
JOINS="hv0-pf ffff
hv0-vf1 ffff
hv5-vf2 ffff
hv11-pf ffff
hv3-vf3 8001
hv10-vf1 8001
hv7-vf1 8002
hv7-vf2 8002
hv0-vf3 8003
hv1-vf3 8003"

# join CA PKEY: a full-member MCMemberRecord SubnAdmSet for the IPoIB
# broadcast group of PKEY from CA; prints the answer's status and MLID.
join() {
	local rec ans
	# MGID, PortGID (-g), Q_Key .. SL/FlowLabel/HopLimit, JoinState 1
	rec=ff12401b${2}000000000000ffffffff$(printf '0%.0s' $(seq 64))01$(printf '0%.0s' $(seq 30))
	ans=$(cd "$RUN" && SIM_HOST=$1 timeout 20 ibsim-run "$raw" -a 38 -g \
		2 10003 "$rec") || return 1
	echo "$ans" | sed -nE '1s/^status (0x[0-9a-f]+) method (0x[0-9a-f]+).*/\1 \2/p'
	echo "$ans" | sed -nE '2s/^data .{72}(.{4}).*/mlid 0x\1/p'
}

# run_groups TAG ENGINE DFLAGS [config lines]: routes, joins every group,
# waits for opensm to settle; its dumps stay in $TOP/TAG.
run_groups() {
	local tag=$1 engine=$2 dflags=$3 ca pkey ans
	shift 3
	run_stop
	run_new "$tag" || return 1
	sim_start "$topo" || return 1
	osm_conf "$RUN/osm.conf" "routing_engine $engine" "$@"
	osm_start "$RUN/osm.conf" -D "$dflags"
	wait_log "SUBNET UP" 1 120 || { fail "$tag: no SUBNET UP"; return 1; }
	engine_used "$engine" || fail "$tag: $engine did not route"
	while read -r ca pkey; do
		ans=$(join "$ca" "$pkey") || { fail "$tag: $ca: no answer to the join"; continue; }
		case $ans in
		"0x0000 0x81"*mlid\ 0xc*) ;;
		*) fail "$tag: $ca joins $pkey: $ans" ;;
		esac
	done <<<"$JOINS"
	osm_settle 30 || fail "$tag: opensm did not settle"
	[ "$(log_count 'ERR 0A')" -eq 0 ] && pass "$tag: no multicast manager error" ||
		fail "$tag: multicast manager errors: $(grep -m 2 'ERR 0A' "$RUN/osm.log")"
}

# rows DIR GUID: the lid-matrix rows of one switch.
rows() {
	awk -v g="Switch: guid $2" '$0 == g {on = 1; next} /^Switch:/ {on = 0} on' \
		"$1/tmp/opensm-lid-matrix.dump" | wc -l
}

# same ENGINE: both runs of ENGINE, compared.
same() {
	local engine=$1 a=$TOP/$1-all/tmp b=$TOP/$1-needed/tmp f n ra rb g
	run_groups "$engine-all" "$engine" 0x43
	run_groups "$engine-needed" "$engine" 0x03 \
		"per_module_logging_file $TOP/pml.conf"
	run_stop
	for f in opensm.mcfdbs opensm-lfts.dump opensm-lid-matrix.dump; do
		[ -s "$a/$f" ] && [ -s "$b/$f" ] || fail "$engine: no $f in both runs"
	done
	n=$(grep -c '^0xC' "$a/opensm.mcfdbs")
	[ "$n" -ge 4 ] && pass "$engine: $n multicast table entries" ||
		fail "$engine: only $n multicast table entries"
	cmp -s "$a/opensm.mcfdbs" "$b/opensm.mcfdbs" &&
		pass "$engine: the same multicast tables with the needed rows as with all" ||
		fail "$engine: other multicast tables: $(diff "$a/opensm.mcfdbs" "$b/opensm.mcfdbs" | head -n 6)"
	cmp -s "$a/opensm-lfts.dump" "$b/opensm-lfts.dump" &&
		pass "$engine: the same LFTs" || fail "$engine: other LFTs"
	# rows of a vSwitch (hv0: itself, its leaf, the 2 spines, hv1, hv2)
	# and of a leaf (all 18 switches)
	for g in "$hv0 18 6" "$leaf 18 18"; do
		set -- $g
		ra=$(rows "$a/.." "$1") rb=$(rows "$b/.." "$1")
		[ "$ra" -eq "$2" ] && [ "$rb" -eq "$3" ] &&
			pass "$engine: switch $1: $ra hop rows with every row, $rb with the needed ones" ||
			fail "$engine: switch $1: $ra / $rb hop rows, expected $2 / $3"
	done
}

echo "osm_dump.c 0x43" >"$TOP/pml.conf"
hv0=$(grep -B1 '^Switch.*"hv0"' "$topo" | sed -nE 's/^switchguid=(0x[0-9a-f]+).*/\1/p')
leaf=$(grep -B1 '^Switch.*"sw-L1-0"' "$topo" | sed -nE 's/^switchguid=(0x[0-9a-f]+).*/\1/p')
same vswitch_ftree
same sftree
finish
