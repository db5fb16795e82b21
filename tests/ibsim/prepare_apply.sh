#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The papers' split of a live migration (prepared.h): "prepare VM DEST"
# plans while the VM still runs and sends nothing (QP0 counter, tables and
# registry unchanged); "apply VM" once it has stopped sends exactly the
# kept plan (as many SMPs as prepare announced, the plan's time already
# paid), the active route first; the VF holds the VM's LID in ibsim and
# the real LFTs pass the checker.  A migrate to the same DEST takes the
# kept plan too.  A plan that OpenSM's sweep made stale is dropped and the
# apply plans afresh (same result); another VM's operation drops it, so
# its apply is refused and changes nothing.  Repeats and bad requests
# follow the protocol's rules.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/json_lib.sh"
start_test prepare-apply
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
printf '%s vm-a\n%s vm-b\n%s vm-c\n' "$(vf_guid 0 1)" "$(vf_guid 3 1)" \
	"$(vf_guid 8 2)" >"$TOP/vms.txt"
route_and_check start "$TOPOS/vswitch-ft-default.net" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep || fail "start: no second heavy sweep"

# prepared TAG VM DEST: prepare answers done with a plan and sends nothing
prepared() {
	unchanged "$1" 0 done "prepared: migrate $2" \
		"{\"id\":\"$1\",\"op\":\"prepare\",\"vm\":\"$2\",\"dest\":\"$3\"}"
	[ "$(jget "$1" prepared)" = true ] && [ "$(jget "$1" planned_smps)" -gt 0 ] &&
		[ "$(jget "$1" smps_sent)" = 0 ] && [ "$(jget "$1" already)" = false ] &&
		pass "$1: $(jget "$1" planned_smps) SMPs planned ($(jget "$1" planned_active) on the" \
			"active route) in $(jget "$1" prepared_ms) ms, none sent" ||
		fail "$1: $(cat "$TOP/$1.reply")"
}

# applied TAG VF JSON: the request moves the VM onto VF (done, every SMP
# acknowledged, the checker passes on the tables read back, the registry
# follows); sets APPLIED_LID
applied() {
	local tag=$1 vf=$2 dir=$TOP/$1
	mkdir -p "$dir"
	jreq "$tag" "$3"
	sim_cmd Dump >"$dir/$tag.dump"
	APPLIED_LID=$(jget "$tag" lid)
	[ $JST -eq 0 ] && [ "$(jget "$tag" result)" = done ] && [ "$(jget "$tag" vf)" = "$vf" ] &&
		[ "$(jget "$tag" smps_sent)" -gt 0 ] &&
		[ "$(jget "$tag" smps_sent)" = "$(jget "$tag" smps_acked)" ] &&
		pass "$tag: done on $vf, $(jget "$tag" smps_sent) SMPs sent and acknowledged" ||
		fail "$tag: $(cat "$TOP/$tag.reply")"
	[ "$(dump_lid "$vf" "$dir/$tag.dump")" = "$APPLIED_LID" ] &&
		pass "$tag: $vf has LID $APPLIED_LID in ibsim" ||
		fail "$tag: $vf has LID '$(dump_lid "$vf" "$dir/$tag.dump")', want $APPLIED_LID"
	check_dump "$tag" && pass "$tag: LFTs read back from ibsim pass the checker" ||
		fail "$tag: LFTs read back from ibsim fail the checker"
	registry "$tag" "$(jget "$tag" vm)" "$vf"
}

# took_plan TAG PREP: the request sent the plan PREP kept
took_plan() {
	[ "$(jget "$1" smps_sent)" = "$(jget "$2" planned_smps)" ] &&
		python3 -c 'import sys; sys.exit(not float(sys.argv[1]) > 0)' "$(jget "$1" prepared_ms)" &&
		pass "$1: sent the $(jget "$2" planned_smps) SMPs $2 planned; its plan" \
			"($(jget "$1" prepared_ms) ms) was paid ahead, $(jget "$1" plan_ms) ms here" ||
		fail "$1: sent $(jget "$1" smps_sent), $2 planned $(jget "$2" planned_smps);" \
			"prepared_ms $(jget "$1" prepared_ms)"
}

# --- prepare, then apply: the kept plan is what is sent
prepared prep-a vm-a hv5
applied apply-a hv5-vf1 '{"id":"apply-a","op":"apply","vm":"vm-a"}'
took_plan apply-a prep-a
grep -q "osmcloud: prepare vm-a (LID [0-9]*) .* kept until applied" "$RUN/osm.log" &&
	pass "log: the prepare is in opensm's log" || fail "log: no prepare line"

# --- a migrate to the same DEST takes the kept plan too
prepared prep-c vm-c hv4
applied migrate-c hv4-vf1 '{"id":"migrate-c","op":"migrate","vm":"vm-c","dest":"hv4"}'
took_plan migrate-c prep-c

# --- OpenSM swept since: the plan is stale, apply plans afresh
prepared prep-b vm-b hv6
heavy_sweep || fail "stale: no heavy sweep"
applied apply-b hv6-vf1 '{"id":"apply-b","op":"apply","vm":"vm-b"}'
python3 -c 'import sys; sys.exit(float(sys.argv[1]) != 0)' "$(jget apply-b prepared_ms)" &&
	grep -q 'the migration prepared for VM "vm-b" is stale' "$RUN/osm.log" &&
	pass "apply-b: the plan made before the sweep was dropped (logged) and planned afresh" ||
	fail "apply-b: prepared_ms $(jget apply-b prepared_ms), log: $(grep -c stale "$RUN/osm.log")"

# --- another VM's operation changed the tables: the kept plan is dropped
prepared prep-a2 vm-a hv2
applied migrate-b hv3-vf1 '{"id":"migrate-b","op":"migrate","vm":"vm-b","dest":"hv3"}'
unchanged apply-dropped 1 refused 'no migration of VM \"vm-a\" is prepared' \
	'{"op":"apply","vm":"vm-a"}'

# --- repeats, refusals and bad requests change nothing
unchanged prep-already 0 done 'already runs on' \
	'{"op":"prepare","vm":"vm-b","dest":"hv3"}'
unchanged apply-none 1 refused 'no migration of VM \"vm-c\" is prepared' \
	'{"op":"apply","vm":"vm-c"}'
unchanged prep-unknown 1 refused 'unknown hypervisor \"hv99\"' \
	'{"op":"prepare","vm":"vm-a","dest":"hv99"}'
unchanged prep-bad-method 4 bad-request 'unknown method \"fast\"' \
	'{"op":"prepare","vm":"vm-a","dest":"hv1","method":"fast"}'
unchanged apply-extra 4 bad-request 'unknown member \"dest\" for op \"apply\"' \
	'{"op":"apply","vm":"vm-a","dest":"hv1"}'

# --- the text protocol: prepare and apply for people
ctl prepare vm-a hv7 itrc
[ $? -eq 0 ] && grep -q "prepared: migrate vm-a (LID [0-9]*) from .* to hv7 with itrc" "$TOP/ctl.out" &&
	pass "text: $(head -n 1 "$TOP/ctl.out" | cut -c 1-160)" ||
	fail "text: prepare: $(cat "$TOP/ctl.out")"
ctl apply vm-a
[ $? -eq 0 ] && grep -q "migrated vm-a .* to hv7 with itrc" "$TOP/ctl.out" &&
	grep -q "planned ahead by prepare" "$TOP/ctl.out" &&
	pass "text: apply: $(head -n 1 "$TOP/ctl.out" | cut -c 1-120)" ||
	fail "text: apply: $(cat "$TOP/ctl.out")"
finish
