#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The PathRecord caching flag (sa_path_caching=on, docs/plugin.md "SA
# path-record caching") on the patched opensm (opensm-patches/0003, the
# SA's PathRecord hook).  A single-record PathRecord query (SubnAdmGet,
# saquery from a PF under umad2sim) prints the record's raw hop_flow_raw
# word, bytes 44-47 of the record; the flag is bit 30 of it (byte 44, mask
# 0x40).  With the option on and a VM registry: every record has the bit
# set; with the option off: clear; on with no state=: clear and the log
# says why; on with routing by an engine not osmcloud's (minhop): clear
# and the log says why; on, stock opensm (no hook): set by the plugin's
# own PathRecord handler (sa_flag_stock.sh compares its answers with
# OpenSM's byte for byte), logged.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"
start_test sa-flag
topo=$TOPOS/vswitch-ft-default.net
peer=hv3-pf
dests="hv0-vf1 hv1-vf2 hv5-pf hv7-vf1"
prefix=$OC_BUILDDIR/opensm-patched
printf '%s vm-a\n%s vm-b\n%s vm-c\n' "$(vf_guid 0 1)" "$(vf_guid 1 2)" \
	"$(vf_guid 7 1)" >"$TOP/vms.txt"

# hop_flow TAG DEST: the hop_flow_raw word of the PathRecord peer -> DEST
# (by LID), empty when the query failed.
hop_flow() {
	local out=$TOP/$1.$2.pr dump=$TOP/$1.lids
	sa_query "$peer" "$out" --src-to-dst \
		"$(dump_lid $peer "$dump"):$(dump_lid "$2" "$dump")"
	awk '/hop_flow_raw/ { sub(/.*\.\.\./, ""); print; exit }' "$out"
}

# flags TAG WANT: every PathRecord peer -> DEST has the flag WANT (1 set,
# 0 clear); the bytes seen are reported.
flags() {
	local tag=$1 want=$2 d hf got seen="" bad=0
	sim_cmd Dump >"$TOP/$tag.lids"
	for d in $dests; do
		hf=$(hop_flow "$tag" "$d")
		if [ -z "$hf" ]; then
			fail "$tag: no PathRecord $peer -> $d: $(head -n 2 "$TOP/$tag.$d.pr")"
			bad=1
			continue
		fi
		got=$(((hf & 0x40000000) != 0))
		seen="$seen $d:hop_flow_raw=$hf,byte44=$(printf '0x%02x' $((hf >> 24 & 0xff)))"
		[ "$got" = "$want" ] && continue
		fail "$tag: PathRecord $peer -> $d: hop_flow_raw $hf, flag $got, want $want"
		bad=1
	done
	[ $bad = 0 ] && pass "$tag: flag $want in each PathRecord from $peer:$seen"
}

if ! "$OC_SRCDIR/scripts/build-patched-opensm.sh" "$prefix" >"$TOP/build-opensm.log" 2>&1; then
	fail "building the patched opensm failed: $(tail -n 5 "$TOP/build-opensm.log")"
	run_stop

# --- on, stock opensm (no hook): set through the plugin's own handler
unset OSM_BIN
route_and_check stock "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/stock.state sa_path_caching=on"
grep -q "caching flag through the plugin's PathRecord handler (stock opensm)" "$RUN/osm.log" &&
	pass "stock: the log says the flag goes through the plugin's PathRecord handler" ||
	fail "stock: no 'plugin's PathRecord handler' line: $(grep -m2 'caching flag' "$RUN/osm.log")"
flags stock 1
finish
	exit
fi
export OSM_BIN=$prefix/sbin/opensm

# --- on, with a VM registry: raised
route_and_check on "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/on.state sa_path_caching=on"
grep -q "PathRecord caching flag raised" "$RUN/osm.log" &&
	pass "on: the log says the flag is raised" ||
	fail "on: no 'caching flag raised' line: $(grep -m2 'caching flag' "$RUN/osm.log")"
grep -q "PathRecord handler (stock opensm)" "$RUN/osm.log" &&
	fail "on: the patched opensm's PathRecord handler was taken over" ||
	pass "on: the hook carries the flag; OpenSM's PathRecord handler stays"
flags on 1
run_stop

# --- off (the default): clear, nothing logged about it
route_and_check off "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/off.state"
flags off 0
grep -q "caching flag" "$RUN/osm.log" &&
	fail "off: the log mentions the caching flag: $(grep -m1 'caching flag' "$RUN/osm.log")" ||
	pass "off: the log says nothing of the caching flag"
run_stop

# --- on without state=: clear, the log says why
route_and_check no-state "$topo" \
	"event_plugin_options vms=$TOP/vms.txt sa_path_caching=on"
grep -q "PathRecord caching flag down: no VM registry" "$RUN/osm.log" &&
	pass "no-state: $(grep -m1 -o 'PathRecord caching flag down: .*' "$RUN/osm.log")" ||
	fail "no-state: no 'flag down: no VM registry' line"
[ "$(grep -c 'caching flag' "$RUN/osm.log")" = 1 ] &&
	pass "no-state: the reason is logged once" ||
	fail "no-state: $(grep -c 'caching flag' "$RUN/osm.log") 'caching flag' lines"
flags no-state 0
run_stop

# --- on, but opensm routes with minhop: clear, the log says why
if opensm_route foreign "$topo" minhop \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/foreign.state sa_path_caching=on"; then
	grep -q "caching flag down: the last routing run was not one of osmcloud's" "$RUN/osm.log" &&
		pass "foreign: the log says minhop routed, the flag is down" ||
		fail "foreign: no 'not one of osmcloud's engines' line: $(grep -m2 'caching flag' "$RUN/osm.log")"
	flags foreign 0
else
	fail "foreign: opensm with minhop did not come up"
fi
run_stop

# --- on, stock opensm (no hook): set through the plugin's own handler
unset OSM_BIN
route_and_check stock "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/stock.state sa_path_caching=on"
grep -q "caching flag through the plugin's PathRecord handler (stock opensm)" "$RUN/osm.log" &&
	pass "stock: the log says the flag goes through the plugin's PathRecord handler" ||
	fail "stock: no 'plugin's PathRecord handler' line: $(grep -m2 'caching flag' "$RUN/osm.log")"
flags stock 1
finish
