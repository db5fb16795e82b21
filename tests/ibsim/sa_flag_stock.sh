#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The PathRecord caching flag on STOCK opensm (docs/plugin.md, "SA
# path-record caching", "Stock opensm"): with sa_path_caching=on and a VM
# registry the plugin takes over the SA's PathRecord handler.  The same
# set of raw SA queries (sa_raw_pr, from a PF under umad2sim) is sent to
# stock opensm with the option off (OpenSM's own handler) and with it on
# (the plugin's), with the same LIDs (the first run's guid2lid): every
# answer must be equal byte for byte -- status, method, attribute offset
# and the whole data area -- but for the flag (byte 44 of a record, mask
# 0x40), which must be set in every record of the plugin's answers and
# clear in OpenSM's.  The queries: by LIDs, by GIDs (rdma_cm's mask), with
# P_Key and SL, with an MTU selector, a vGUID alias as DGID, SGID + DLID,
# SLID + DGID, DGID only, no end point at all, and queries that must fail
# (unknown DLID, unknown DGID, SGID and SLID of two ports, two records
# for a SubnAdmGet, an invalid rate, a multicast DGID with no group) or
# go unanswered (a SubnAdmSet: OpenSM's SA drops it).
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"
start_test sa-flag-stock
topo=$TOPOS/vswitch-ft-default.net
peer=hv3-pf
raw=$OC_BUILDDIR/tests/ibsim/sa_raw_pr
vguid=00aa000000000001
printf '%s vm-a vguid=0x%s\n%s vm-b\n%s vm-c\n' "$(vf_guid 0 1)" "$vguid" \
	"$(vf_guid 1 2)" "$(vf_guid 7 1)" >"$TOP/vms.txt"

# port_guid CA: the port GUID (hex, 16 digits) of one-port CA CA in the
# topology (its caguid + 1, as ibsim numbers the port).
port_guid() {
	local g
	g=$(awk -v n="\"$1\"" '/^caguid=/ { g = substr($1, 8) }
		$1 == "Ca" && $3 == n { print g; exit }' "$topo")
	printf '%016x' $((g + 1))
}

# hex16 N / hex8 N: big-endian fields of a record.
hex16() { printf '%04x' "$1"; }
hex8() { printf '%02x' "$1"; }

# record DGUID SGUID DLID SLID [REV_NUMPATH PKEY SLWORD MTU RATE]: the 64
# bytes of a query's PathRecord in hex (GIDs fe80::/64 + GUID, 0 = none).
record() {
	local dg=$1 sg=$2 dl=$3 sl=$4 np=${5:-1} pk=${6:-0} sw=${7:-0}
	local mtu=${8:-0} rate=${9:-0} gid_d=0000000000000000
	local gid_s=$gid_d
	[ "$dg" = 0 ] && dg=0000000000000000 || gid_d=fe80000000000000
	[ "$sg" = 0 ] && sg=0000000000000000 || gid_s=fe80000000000000
	printf '%016x%s%s%s%s%s%s%s%s%s%s%s%s%s' 0 "$gid_d$dg" "$gid_s$sg" \
		"$(hex16 "$dl")" "$(hex16 "$sl")" 00000000 00 "$(hex8 "$np")" \
		"$(hex16 "$pk")" "$(hex16 "$sw")" "$(hex8 "$mtu")" \
		"$(hex8 "$rate")" 0000 000000000000
}

# The queries, one a line: NAME METHOD COMPMASK RECORD.  Component mask
# bits: DGID 0x4, SGID 0x8, DLID 0x10, SLID 0x20, Reversible 0x800,
# NumbPath 0x1000, PKey 0x2000, SL 0x8000, MTUSelector 0x10000, MTU
# 0x20000, RateSelector 0x40000, Rate 0x80000.
queries() {
	local d=$1 me vm vmb pf5 g_me g_vm g_vmb
	me=$(dump_lid $peer "$d")
	vm=$(dump_lid hv0-vf1 "$d")
	vmb=$(dump_lid hv1-vf2 "$d")
	pf5=$(dump_lid hv5-pf "$d")
	g_me=$(port_guid $peer)
	g_vm=$(port_guid hv0-vf1)
	g_vmb=$(port_guid hv1-vf2)
	cat <<EOF
lids-vm 1 1030 $(record 0 0 "$vm" "$me")
lids-pf 1 1030 $(record 0 0 "$pf5" "$me")
lids-vm-to-vm 1 1030 $(record 0 0 "$vmb" "$vm")
gids-rdma-cm 1 380c $(record "$g_vm" "$g_me" 0 0 0x81 0xffff)
gids-vm-to-vm 1 380c $(record "$g_vmb" "$g_vm" 0 0 0x81 0xffff)
pkey-sl 1 b030 $(record 0 0 "$vmb" "$me" 1 0xffff 0)
mtu-selector 1 31030 $(record 0 0 "$vm" "$me" 1 0 0 1)
vguid-alias 1 380c $(record "$vguid" "$g_me" 0 0 0x81 0xffff)
sgid-dlid 1 1018 $(record 0 "$g_me" "$pf5" 0)
slid-dgid 1 1024 $(record "$g_vmb" 0 0 "$me")
slid-vguid 1 1024 $(record "$vguid" 0 0 "$me")
dgid-only 1 1004 $(record "$g_vm" 0 0 0)
dlid-only 1 1010 $(record 0 0 "$pf5" 0)
fail-too-many-vm-aliases 1 1010 $(record 0 0 "$vm" 0)
no-end-point 1 1000 $(record 0 0 0 0)
fail-unknown-dlid 1 1030 $(record 0 0 0x3000 "$me")
fail-unknown-dgid 1 380c $(record 00bb000000000001 "$g_me" 0 0 0x81 0xffff)
fail-sgid-slid-differ 1 1038 $(record 0 "$g_me" "$vm" "$pf5")
noanswer-method-set 2 1030 $(record 0 0 "$vm" "$me")
fail-bad-rate 1 c1030 $(record 0 0 "$vm" "$me" 1 0 0 0 0x3f)
fail-mcast-no-group 1 1004 0000000000000000ff12401bffff0000000000000000ffff$(record 0 0 0 0 | cut -c49-)
EOF
}

# ask TAG: every query from $peer, each answer in $TOP/TAG.NAME.
ask() {
	local tag=$1 name method mask rec
	sim_cmd Dump >"$TOP/$tag.lids"
	queries "$TOP/$tag.lids" >"$TOP/$tag.queries"
	while read -r name method mask rec; do
		(cd "$RUN" && SIM_HOST=$peer timeout 20 ibsim-run "$raw" \
			"$method" "$mask" "$rec") >"$TOP/$tag.$name" 2>"$TOP/$tag.$name.err"
		case $?,$name in
		0,noanswer-*) fail "$tag: $name: answered: $(head -n 1 "$TOP/$tag.$name")" ;;
		0,* | 2,noanswer-*) ;;
		*) fail "$tag: $name: no answer: $(head -n 2 "$TOP/$tag.$name.err")" ;;
		esac
	done <"$TOP/$tag.queries"
}

# flag_of ANSWER: the flag (0/1) of the answer's record; empty when the
# answer carries none (an error status).
flag_of() {
	local status data
	status=$(awk '/^status/ { print $2 }' "$1")
	data=$(awk '/^data/ { print $2 }' "$1")
	[ "$status" = 0x0000 ] && [ -n "$data" ] || return 0
	echo $(((0x${data:88:2} & 0x40) != 0))
}

# comparable ANSWER: the answer with the flag bit of byte 44 cleared; in
# an error answer without the last 16 bytes of the MAD (240-255): OpenSM
# answers an error with the request MAD as it received it, and there
# those bytes are not the client's (under umad2sim they change between
# two identical queries to the same stock opensm).
comparable() {
	local line b
	while IFS= read -r line; do
		case $line in
		"data "*)
			b=$((0x${line:93:2} & ~0x40 & 0xff))
			line=${line:0:93}$(printf '%02x' $b)${line:95}
			grep -q '^status 0x0000' "$1" || line=${line:0:373}
			printf '%s\n' "$line"
			;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$1"
}

# --- stock opensm, the option off: OpenSM's own handler answers
unset OSM_BIN
route_and_check off "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/off.state"
ask off
grep -q "caching flag" "$RUN/osm.log" &&
	fail "off: the log mentions the caching flag: $(grep -m1 'caching flag' "$RUN/osm.log")" ||
	pass "off: the log says nothing of the caching flag"
cp "$RUN/cache/guid2lid" "$TOP/off.guid2lid"
run_stop

# --- stock opensm, the option on: the plugin's handler, the same LIDs
OSM_G2L=$TOP/off.guid2lid route_and_check on "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/on.state sa_path_caching=on"
grep -q "caching flag through the plugin's PathRecord handler (stock opensm)" \
	"$RUN/osm.log" &&
	pass "on: the log says the flag goes through the plugin's handler" ||
	fail "on: no 'plugin's PathRecord handler' line: $(grep -m2 'caching flag' "$RUN/osm.log")"
grep -q "PathRecord caching flag raised" "$RUN/osm.log" &&
	pass "on: the log says the flag is raised" ||
	fail "on: no 'caching flag raised' line: $(grep -m2 'caching flag' "$RUN/osm.log")"
ask on
cmp -s "$TOP/off.queries" "$TOP/on.queries" &&
	pass "on: the same queries as off (the same LIDs)" ||
	fail "on: the LIDs differ from the off run: $(diff "$TOP/off.queries" "$TOP/on.queries" | head -n 3)"

records=0 failed=0 unanswered=0 bad=0
while read -r name _; do
	off=$TOP/off.$name on=$TOP/on.$name
	if ! cmp -s <(comparable "$off") <(comparable "$on"); then
		fail "$name: the plugin's answer differs from OpenSM's beyond the flag:" \
			"off $(head -c 200 "$off") / on $(head -c 200 "$on")"
		bad=1
		continue
	fi
	f_off=$(flag_of "$off") f_on=$(flag_of "$on")
	case $name in
	fail-* | noanswer-*)
		if [ -n "$f_on" ]; then
			fail "$name: answered with a record: $(head -n 1 "$on")"
			bad=1
		fi
		case $name in
		fail-*) failed=$((failed + 1)) ;;
		*) unanswered=$((unanswered + 1)) ;;
		esac
		;;
	*)
		if [ "$f_off" != 0 ] || [ "$f_on" != 1 ]; then
			fail "$name: flag off=${f_off:-none} on=${f_on:-none}, want 0 and 1: $(head -n 1 "$on")"
			bad=1
		fi
		records=$((records + 1))
		;;
	esac
done <"$TOP/off.queries"
[ $bad = 0 ] && pass "the plugin's answers equal OpenSM's byte for byte but" \
	"the flag: $records answers with a record (flag set in each, clear" \
	"without the option), $failed error answers (the same status:" \
	"$(for f in "$TOP"/on.fail-*; do awk '/^status/ { printf "%s ", $2 }' "$f"; done | sed 's/ $//'))," \
	"$unanswered left unanswered by both"

# opensm stops cleanly with the plugin's handler registered: its SA
# shutdown unregisters it before the plugin is unloaded
log=$RUN/osm.log out=$RUN/osm.out
run_stop
if grep -q "Exiting SM" "$log" && ! grep -qiE "segmentation|abort|core dumped" "$out"; then
	pass "on: opensm stopped cleanly with the plugin's PathRecord handler (Exiting SM)"
else
	fail "on: opensm did not stop cleanly: $(tail -n 2 "$log") $(tail -n 2 "$out")"
fi

# --- the plugin loaded twice (osmcloud, then its test build): the second
# finds the handler taken, leaves it alone (ERR OC03) and fails to load;
# the first one's handler keeps answering with the flag
OSM_PLUGIN="osmcloud osmcloudfault" OSM_G2L=$TOP/off.guid2lid \
	opensm_route twice "$topo" vswitch_ftree \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/twice.state sa_path_caching=on" ||
	fail "twice: opensm did not come up"
grep -q "ERR OC03: osmcloud: cannot take over the SA's PathRecord handler: another plugin already did" \
	"$RUN/osm.log" &&
	pass "twice: the second instance leaves the first one's handler alone (ERR OC03)" ||
	fail "twice: no 'another plugin already did' line: $(grep -m3 'PathRecord handler' "$RUN/osm.log")"
(cd "$RUN" && SIM_HOST=$peer timeout 20 ibsim-run "$raw" \
	$(awk '$1 == "lids-vm" { print $2, $3, $4 }' "$TOP/off.queries")) \
	>"$TOP/twice.lids-vm" 2>&1
[ "$(flag_of "$TOP/twice.lids-vm")" = 1 ] &&
	cmp -s <(comparable "$TOP/off.lids-vm") <(comparable "$TOP/twice.lids-vm") &&
	pass "twice: the first instance's handler answers, flag set, as OpenSM but the flag" ||
	fail "twice: lids-vm answered $(head -c 300 "$TOP/twice.lids-vm")"
run_stop
finish
