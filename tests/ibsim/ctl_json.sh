#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The control socket's machine protocol (docs/protocol.md) on stock opensm:
# JSON requests that name the destination by a hypervisor's node GUID, by
# a NodeDescription with a blank (rdma-ndd's "%h %d"), by its host name
# alone, by OpenSM's node-name-map name and by an exact VF port GUID;
# each move checked in ibsim (the VM's LID on the VF, the real LFTs pass
# the checker, every SMP acknowledged).  A repeated request is done
# without an SMP (opensm's QP0 counter does not move, the tables and the
# registry do not change).  Bad requests and refusals change nothing,
# boot 'x#y' included; the exit status of osmcloud ctl is the result code;
# every request is in opensm's log with its peer's credentials.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/json_lib.sh"
start_test ctl-json
sock=$TOP/osmcloud.sock
state=$TOP/vms.state
# hv5's NodeDescription as rdma-ndd writes it; hv7 renamed by a node map
sed 's/"hv5"/"hv5 mlx5_0"/g' "$TOPOS/vswitch-ft-default.net" >"$TOP/topo.net"
hv5_guid=$(guid_file "$TOP/topo.net" 'hv5 mlx5_0' 0)
hv7_guid=$(guid_file "$TOP/topo.net" 'hv7' 0)
leaf_guid=$(guid_file "$TOP/topo.net" 'sw-L1-0' 0)
printf '%s "rack2-u07"\n' "$hv7_guid" >"$TOP/node-name-map"
printf '%s vm-a\n%s vm-b\n%s vm-c\n' "$(vf_guid 0 1)" "$(vf_guid 3 1)" \
	"$(vf_guid 8 2)" >"$TOP/vms.txt"

route_and_check start "$TOP/topo.net" \
	"event_plugin_options vms=$TOP/vms.txt state=$state ctl=$sock" \
	"node_name_map_name $TOP/node-name-map" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep || fail "start: no second heavy sweep"

# move TAG VM DEST VF: migrate VM to DEST by JSON; VF must then hold the
# VM's LID, the checker pass, every SMP be acknowledged, the registry
# agree and the exit status be 0.
move() {
	local tag=$1 vm=$2 dest=$3 vf=$4 dir=$TOP/$1 lid
	mkdir -p "$dir"
	lid=$(lid_of "$vm")
	sim_cmd Dump >"$dir/before.dump"
	jreq "$tag" "{\"id\":\"$tag\",\"op\":\"migrate\",\"vm\":\"$vm\",\"dest\":\"$dest\"}"
	sim_cmd Dump >"$dir/$tag.dump"
	[ $JST -eq 0 ] && [ "$(jget "$tag" result)" = done ] && [ "$(jget "$tag" id)" = "$tag" ] &&
		[ "$(jget "$tag" vf)" = "$vf" ] && [ "$(jget "$tag" lid)" = "$lid" ] &&
		[ "$(jget "$tag" already)" = false ] &&
		pass "$tag: migrate $vm to \"$dest\": done on $vf ($(jget "$tag" how)," \
			"$(jget "$tag" smps_sent) SMPs in $(jget "$tag" time_ms) ms)" ||
		fail "$tag: migrate $vm to \"$dest\": status $JST, $(cat "$TOP/$tag.reply")"
	[ "$(jget "$tag" smps_sent)" -gt 0 ] && [ "$(jget "$tag" smps_sent)" = "$(jget "$tag" smps_acked)" ] &&
		pass "$tag: $(jget "$tag" smps_sent) SMPs sent, all acknowledged" ||
		fail "$tag: SMPs sent $(jget "$tag" smps_sent), acked $(jget "$tag" smps_acked)"
	[ "$(dump_lid "$vf" "$dir/$tag.dump")" = "$lid" ] && pass "$tag: $vf has LID $lid in ibsim" ||
		fail "$tag: $vf has LID '$(dump_lid "$vf" "$dir/$tag.dump")', want $lid"
	check_dump "$tag" && pass "$tag: LFTs read back from ibsim pass the checker" ||
		fail "$tag: LFTs read back from ibsim fail the checker"
	registry "$tag" "$vm" "$vf"
}

jreq version '{"id":7,"op":"version"}'
[ $JST -eq 0 ] && [ "$(jget version protocol)" = osmcloud-ctl ] && [ "$(jget version version)" = 1 ] &&
	[ "$(jget version id)" = 7 ] && pass "version: osmcloud-ctl 1, numeric id echoed" ||
	fail "version: $(cat "$TOP/version.reply")"

# --- the destination, every way it can be named
move by-guid vm-a "$hv5_guid" hv5-vf1
move by-desc vm-b "hv5 mlx5_0" hv5-vf2
move by-map vm-a rack2-u07 hv7-vf1
move by-vf vm-c "$(vf_guid 4 3)" hv4-vf3
# the first idle VF of hv5: vm-a's old LID went to hv5-vf1 when it left
move by-host vm-a hv5 hv5-vf1

# --- idempotence: the same request again is done and sends nothing
unchanged again-vf 0 done '"vm-c\" already runs on' \
	"{\"id\":\"x\",\"op\":\"migrate\",\"vm\":\"vm-c\",\"dest\":\"$(vf_guid 4 3)\"}"
[ "$(jget again-vf already)" = true ] && [ "$(jget again-vf smps_sent)" = 0 ] &&
	[ "$(jget again-vf vf)" = hv4-vf3 ] && pass "again-vf: already: true, 0 SMPs, VF hv4-vf3" ||
	fail "again-vf: $(cat "$TOP/again-vf.reply")"
unchanged again-host 0 done 'nothing sent' \
	'{"id":"y","op":"migrate","vm":"vm-a","dest":"hv5 mlx5_0","method":"itrc"}'
unchanged again-stop 0 done 'not in the registry (stopped already?)' \
	'{"id":"z","op":"stop","vm":"vm-gone"}'
unchanged stop-elsewhere 0 done 'runs on VF hv5-vf1, not on \"hv0\": nothing to stop' \
	'{"id":"w","op":"stop","vm":"vm-a","from":"hv0"}'

# --- refusals (status 1) and bad requests (status 4) change nothing
unchanged unknown-dest 1 refused 'unknown hypervisor \"hv99\"' \
	'{"op":"migrate","vm":"vm-a","dest":"hv99"}'
unchanged leaf-dest 1 refused "no hypervisor (vSwitch or PF) and no VF has GUID $leaf_guid" \
	"{\"op\":\"migrate\",\"vm\":\"vm-a\",\"dest\":\"$leaf_guid\"}"
unchanged busy-vf 1 refused 'another VM uses it' \
	"{\"op\":\"migrate\",\"vm\":\"vm-b\",\"dest\":\"$(vf_guid 4 3)\"}"
unchanged boot-bad-name 4 bad-request "VM name: character 2 is '#'" \
	'{"id":"b","op":"boot","vm":"x#y","dest":"hv5"}'
unchanged esc-name 4 bad-request 'word 2, character 1 is not printable ASCII' \
	'{"op":"boot","vm":"\u001b[2Jx","dest":"hv5"}'
unchanged malformed 4 bad-request 'request: column 29: a member name (a string) expected' \
	'{"op":"migrate","vm":"vm-a",,"dest":"hv1"}'
unchanged unknown-op 4 bad-request 'request: unknown op' '{"op":"frobnicate"}'
unchanged unknown-member 4 bad-request 'unknown member \"host\" for op \"migrate\"' \
	'{"op":"migrate","vm":"vm-a","host":"hv1"}'
unchanged missing-vm 4 bad-request 'member \"vm\" missing for op \"migrate\"' \
	'{"op":"migrate","dest":"hv1"}'
unchanged nested 4 bad-request 'nested objects and arrays' \
	'{"op":"migrate","vm":["vm-a"],"dest":"hv1"}'
unchanged dup 4 bad-request 'member \"vm\" given twice' \
	'{"op":"migrate","vm":"vm-a","vm":"vm-b","dest":"hv1"}'
unchanged bad-method 4 bad-request 'unknown method \"fast\"' \
	'{"op":"migrate","vm":"vm-a","dest":"hv1","method":"fast"}'
grep -q "$(printf '\033')" "$RUN/osm.log" && fail "esc-name: a raw ESC reached opensm's log" ||
	pass "esc-name: no raw control character reached opensm's log"

# --- stats: the last operations as JSON too; the newest is by-host's
jreq stats '{"op":"stats"}'
if [ $JST -eq 0 ] && python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
m = json.load(open(sys.argv[2]))
ops = s["ops"]
assert 1 <= len(ops) <= 8, ops
last = ops[-1]
assert last["kind"] == "migrate" and last["vm"] == m["vm"] == "vm-a", last
for k in ("lid", "smps_sent", "smps_acked", "lft_blocks", "switches", "from", "to", "method"):
    assert last[k] == m[k], (k, last[k], m[k])
lines = [l for l in s["message"].split("\n") if not l.startswith("registry: ")]
assert len(lines) == len(ops), s["message"]
assert s["registry"] in ("reconciled", "unreconciled"), s' \
	"$TOP/stats.reply" "$TOP/by-host.reply"; then
	pass "stats: ops in JSON, the newest the last migrate's figures"
else
	fail "stats: $(cut -c 1-400 "$TOP/stats.reply")"
fi

# --- the text protocol for people: a quoted word with a blank
ctl migrate vm-b "hv5 mlx5_0"
[ $? -eq 0 ] && grep -q 'already runs on "hv5 mlx5_0"' "$TOP/ctl.out" &&
	pass "text: migrate vm-b \"hv5 mlx5_0\": $(head -n 1 "$TOP/ctl.out")" ||
	fail "text: $(cat "$TOP/ctl.out")"
python3 -c 'import socket,sys
s = socket.socket(socket.AF_UNIX); s.settimeout(30); s.connect(sys.argv[1])
s.sendall(b"migrate vm-b \"hv5\n"); out = b""
while b"osmcloud-status" not in out: out += s.recv(4096)
sys.stdout.write(out.decode())' "$sock" >"$TOP/quote.out" 2>&1
grep -q 'a quote (") is not closed' "$TOP/quote.out" && grep -q "^osmcloud-status 4$" "$TOP/quote.out" &&
	pass "text: an unclosed quote is a bad request (status line 4)" ||
	fail "text: unclosed quote: $(cat "$TOP/quote.out")"

# --- every request in opensm's log, with its peer
n=$(grep -c "osmcloud: ctl #[0-9]* (uid $(id -u) gid $(id -g) pid [0-9]*): .* -> " "$RUN/osm.log")
r=$(grep -c "osmcloud: ctl #[0-9]* (uid $(id -u) gid $(id -g) pid [0-9]*): .* -> refused: " "$RUN/osm.log")
[ "$n" -ge 30 ] && [ "$r" -ge 3 ] &&
	pass "log: $n requests logged with uid, gid and pid ($r refusals among them)" ||
	fail "log: $n requests, $r refusals logged"
finish
