#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The VM commands keep their fabric model between them (kept_model.h,
# docs/migration.md "The kept model").  On a three-level PGFT with two VFs
# per hypervisor, a sequence of VM commands (cross-pod and in-pod
# migrations with both methods, a stop, a boot on the VF the stop freed, a
# migration of the booted VM) runs twice on the same fabric:
#   kept:  the default; the first command builds the model ("model":
#          "built"), every later one plans on the kept one ("kept");
#   fresh: keep_model=off; every command builds it ("built").
# Every command is done with every SMP acknowledged and the tables read
# back from ibsim pass the checker; after the sequence both fabrics are
# the same (every LID and every LFT entry): the kept model plans exactly
# what a fresh one does.  A third run, with the test build of the plugin
# (OSMCLOUD_FAULT_PORT_CHANGED, src/osm/vmops/fault_port.h), sees hv1-vf1
# changed: the two commands touching it build the model afresh (logged),
# the others keep it, and the fabric ends the same again.  Then, on the
# kept run: a heavy sweep frees the kept model at once (logged) and the
# next command builds a new one; so does a routing run without a heavy
# sweep (console "reroute"); the command after that plans on the kept
# model again.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/json_lib.sh"
start_test kept-model
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
topo=$TOP/pods.net
"$OSMCLOUD" gen --pgft '3;2,2,2;1,2,2' --vswitch 2 -o "$topo" >/dev/null 2>&1 ||
	fail "osmcloud gen failed"
quiet="sweep_on_trap FALSE"
nocache="use_ucast_cache FALSE"

# command RUN TAG MODEL JSON: one VM command, done with every SMP
# acknowledged, the checker passing on ibsim's tables, planned on a model
# MODEL (built or kept).
command() {
	local run=$1 tag=$1-$2 want=$3 dir=$TOP/$1-$2
	mkdir -p "$dir"
	jreq "$tag" "$4"
	sim_cmd Dump >"$dir/$tag.dump"
	[ $JST -eq 0 ] && [ "$(jget "$tag" result)" = done ] &&
		[ "$(jget "$tag" smps_sent)" -gt 0 ] &&
		[ "$(jget "$tag" smps_sent)" = "$(jget "$tag" smps_acked)" ] &&
		pass "$tag: done, $(jget "$tag" smps_sent) SMPs sent and acknowledged" ||
		fail "$tag: $(cat "$TOP/$tag.reply")"
	[ "$(jget "$tag" model)" = "$want" ] &&
		pass "$tag: planned on a $want model in $(jget "$tag" plan_ms) ms" \
			"(building it: $(jget "$tag" model_ms) ms)" ||
		fail "$tag: model '$(jget "$tag" model)', want $want"
	check_dump "$tag" && pass "$tag: LFTs read back from ibsim pass the checker" ||
		fail "$tag: LFTs read back from ibsim fail the checker"
}

# sequence RUN LATER [TOUCHED]: the commands; the first builds the model,
# the later ones find it as LATER says (kept, or built with
# keep_model=off), but those that touch hv1-vf1 (b-pods, b-pod) as TOUCHED
# says (default LATER).
sequence() {
	local run=$1 later=$2 touched=${3:-$2}
	command "$run" a-pods built '{"id":1,"op":"migrate","vm":"vm-a","dest":"hv6","method":"ftreeminrc"}'
	command "$run" b-pods "$touched" '{"id":2,"op":"migrate","vm":"vm-b","dest":"hv1","method":"itrc"}'
	command "$run" c-pod "$later" '{"id":3,"op":"migrate","vm":"vm-c","dest":"hv4","method":"ftreeminrc"}'
	command "$run" a-back "$later" '{"id":4,"op":"migrate","vm":"vm-a","dest":"hv0","method":"itrc"}'
	command "$run" c-stop "$later" '{"id":5,"op":"stop","vm":"vm-c"}'
	command "$run" d-boot "$later" '{"id":6,"op":"boot","vm":"vm-d","dest":"hv4"}'
	command "$run" d-pods "$later" '{"id":7,"op":"migrate","vm":"vm-d","dest":"hv3","method":"ftreeminrc"}'
	command "$run" b-pod "$touched" '{"id":8,"op":"migrate","vm":"vm-b","dest":"hv2","method":"ftreeminrc"}'
	sim_cmd Dump >"$TOP/$run-final.dump"
}

# same_fabric RUN: RUN ended on the fresh run's fabric.
same_fabric() {
	if same_dump "$TOP/fresh-final.dump" "$TOP/$1-final.dump"; then
		pass "$1 and fresh models: the same fabric after the 8 commands" \
			"($(ca_lids "$TOP/$1-final.dump" | wc -l) CA LIDs, every LFT entry)"
	else
		fail "$1 and fresh models: the fabrics differ after the 8 commands:" \
			"$(block_diff "$TOP/fresh-final.dump" "$TOP/$1-final.dump") LFT blocks," \
			"CA LIDs: $(diff <(ca_lids "$TOP/fresh-final.dump") <(ca_lids "$TOP/$1-final.dump") | grep -c '^[<>]')"
	fi
}

# start RUN [plugin options]: opensm with the plugin on the PGFT, three VMs.
start() {
	local run=$1
	shift
	rm -f "$state"
	{
		echo "$(vf_guid 0 1) vm-a"
		echo "$(vf_guid 3 1) vm-b"
		echo "$(vf_guid 5 1) vm-c"
	} >"$TOP/vms.txt"
	route_and_check "$run" "$topo" \
		"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock $*" \
		"$quiet" "$nocache"
	heavy_sweep || fail "$run: no SUBNET UP after the second heavy sweep"
}

start fresh keep_model=off
sequence fresh built

# --- a port the commands touch seen changed (the test build of the
# plugin, docs/testing.md): the kept model is dropped for those commands,
# the model built afresh, and the fabric ends the same
changed_vf=$(vf_guid 1 1)
OSM_PLUGIN=osmcloudfault OSMCLOUD_FAULT_PORT_CHANGED=$changed_vf start changed
sequence changed kept built
[ "$(log_count "port $changed_vf changed since the model was kept: built afresh")" -eq 2 ] &&
	pass "changed: both commands that touch hv1-vf1 ($changed_vf) logged it changed and built afresh" ||
	fail "changed: $(grep -a 'since the model was kept' "$RUN/osm.log")"
same_fabric changed

start kept
sequence kept kept
same_fabric kept

# --- a heavy sweep frees the kept model; the next command builds one
freed='kept model is freed .a heavy sweep started; it served 7 commands'
n=$(log_count "$freed")
heavy_sweep || fail "sweep: no SUBNET UP after 'resweep heavy'"
wait_log "$freed" $((n + 1)) 30 &&
	pass "sweep: the heavy sweep freed the kept model at its start (it served 7 commands)" ||
	fail "sweep: no '$freed' line: $(grep 'kept model' "$RUN/osm.log")"
command kept a-sweep built '{"id":9,"op":"migrate","vm":"vm-a","dest":"hv7","method":"itrc"}'
command kept b-sweep kept '{"id":10,"op":"migrate","vm":"vm-b","dest":"hv5","method":"ftreeminrc"}'

# --- a routing run without a heavy sweep (console "reroute") too
r=$(log_count "vswitch_ftree: routed")
osm_console reroute >/dev/null
wait_log "vswitch_ftree: routed" $((r + 1)) 60 &&
	pass "reroute: vswitch_ftree routed again" ||
	fail "reroute: no routing run after 'reroute'"
wait_log 'kept model is freed .OpenSM routed the fabric; it served 1 command.' 1 30 &&
	pass "reroute: the routing run freed the kept model (it served 1 command)" ||
	fail "reroute: $(grep 'kept model' "$RUN/osm.log")"
osm_settle || fail "reroute: opensm's log never went still"
command kept a-reroute built '{"id":11,"op":"migrate","vm":"vm-a","dest":"hv1","method":"ftreeminrc"}'
command kept d-reroute kept '{"id":12,"op":"migrate","vm":"vm-d","dest":"hv6","method":"itrc"}'

finish
