# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pftree_lib.sh - the steps the pftree*.sh ibsim tests share (source it).
#
# The fabric is the shipped 4-ary 3-tree (ft-k4-n3.net: 64 CAs ca-0 ..
# ca-63, four on each of 16 leaves); tenants are written into opensm's
# partitions.conf through lib.sh's OSM_PARTITIONS.
. "$OC_SRCDIR/tests/ibsim/common.sh"
PF_TOPO=$TOPOS/ft-k4-n3.net
PF_CAS=64

# ca_guid I: the port GUID of ca-I in the shipped fabrics.
ca_guid() {
	printf '0x0002c904%08x' $(($1 * 16 + 1))
}

# tenant_partitions N: a partitions.conf with the default partition and
# tenants tenant1..tenantN (P_Key 0x8001..), ca-i in tenant (i mod N)+1.
tenant_partitions() {
	local n=$1 k i members
	echo 'Default=0x7fff : ALL=full ;'
	for k in $(seq 0 $((n - 1))); do
		members=
		for i in $(seq "$k" "$n" $((PF_CAS - 1))); do
			members="$members${members:+, }$(ca_guid "$i")=full"
		done
		printf 'tenant%d=0x%04x : %s ;\n' $((k + 1)) $((0x8001 + k)) "$members"
	done
}

# qos_policy: the smallest QoS policy file OpenSM accepts (one default
# level); the SLs come from the engine's path_sl.
qos_policy() {
	printf '%s\n' qos-levels qos-level 'name: default' 'sl: 0' \
		end-qos-level end-qos-levels
}

# pftree_route TAG ENGINE [config lines...]: routes the fabric with
# ENGINE, qos on, the plugin given $PF_POLICY and $PF_WEIGHTS when set;
# passes when the plugin registered ENGINE, ENGINE configured the tables,
# the Dump passes the checker (its tenant report in TAG.json) and the
# tables equal what 'osmcloud route' computes offline from the same
# partitions, files and data VLs.
pftree_route() {
	local tag=$1 engine=$2 opts=
	shift 2
	opts="${PF_POLICY:+policy=$PF_POLICY} ${PF_WEIGHTS:+weights=$PF_WEIGHTS}"
	[ -n "${opts// /}" ] && set -- "event_plugin_options $opts" "$@"
	qos_policy >"$TOP/qos-policy.conf"
	if ! opensm_route "$tag" "$PF_TOPO" "$engine" "qos TRUE" \
		"qos_policy_file $TOP/qos-policy.conf" "$@"; then
		fail "$tag: opensm did not come up"
		return 1
	fi
	grep -q "registered routing engine $engine " "$RUN/osm.log" &&
		pass "$tag: the plugin registered $engine" ||
		fail "$tag: $engine was not registered"
	if ! engine_used "$engine"; then
		fail "$tag: $engine did not route:" \
			"$(grep -m3 -E 'ERR|osmcloud' "$RUN/osm.log")"
		return 1
	fi
	pass "$tag: $(grep -m1 -o "$engine: [0-9]* tenants.*" "$RUN/osm.log")"
	set -- --partitions "$RUN/partitions.conf" \
		${PF_POLICY:+--policies "$PF_POLICY"} \
		${PF_WEIGHTS:+--weights "$PF_WEIGHTS"}
	if check_dump "$tag" "$@"; then
		pass "$tag: LFTs read back from ibsim pass the checker" \
			"($(json_get "$tag" lids) LIDs, every one reachable, no credit loop)"
	else
		fail "$tag: LFTs read back from ibsim fail the checker"
	fi
	same_as_offline "$tag" "$PF_TOPO" --engine "$engine" "$@" \
		--data-vls "$(grep -m1 -o '[0-9]* data VLs on every' "$RUN/osm.log" | cut -d' ' -f1)"
}

# tenant_get TAG PKEY KEY: KEY of partition PKEY (0x000N) in run TAG's
# tenant report.
tenant_get() {
	python3 -c 'import json, sys
for p in json.load(open(sys.argv[1]))["tenants"]["partitions"]:
    if p["pkey"] == sys.argv[2]: print(str(p[sys.argv[3]]).lower())' \
		"$TOP/$1/$1.json" "$2" "$3"
}

# lane_sl TAG PKEY: the SL the engine gave partition PKEY (0x000N), from
# the log's lanes line.
lane_sl() {
	grep -m1 -o 'lanes: .*' "$TOP/$1/osm.log" |
		grep -o "[^ ,]* $2 SL [0-9]*" | awk '{ print $NF }'
}

# check_lanes TAG: tenants that must share links got more than one SL.
check_lanes() {
	local used
	used=$(grep -m1 -o '[0-9]* data VLs used' "$TOP/$1/osm.log" | cut -d' ' -f1)
	[ "${used:-0}" -ge 2 ] &&
		pass "$1: tenants sharing links are on $used lanes" ||
		fail "$1: lanes used '${used}', want 2 or more"
}

# path_sl TAG FROM TO: the SL of the PathRecord ca-FROM -> ca-TO that
# OpenSM's SA answers (asked from ca-FROM).
path_sl() {
	local dump=$TOP/$1/$1.dump out=$TOP/$1/pr-$2-$3 sl
	(cd "$RUN" && SIM_HOST=ca-$2 timeout 20 ibsim-run saquery --src-to-dst \
		"$(dump_lid "ca-$2" "$dump"):$(dump_lid "ca-$3" "$dump")") \
		>"$out" 2>&1
	sl=$(sed -n 's/^[[:space:]]*sl[.]*0x\([0-9a-f]*\)$/\1/p' "$out")
	[ -n "$sl" ] && echo $((16#$sl))
}

# check_path_sls TAG N: for every tenant of tenant_partitions N, the
# PathRecord between two of its members on different leaves has the SL
# the engine gave the tenant.
check_path_sls() {
	local tag=$1 n=$2 k want got
	for k in $(seq 0 $((n - 1))); do
		want=$(lane_sl "$tag" "$(printf '0x%04x' $((k + 1)))")
		got=$(path_sl "$tag" "$k" $((k + 7 * n)))
		[ -n "$want" ] && [ "$got" = "$want" ] &&
			pass "$tag: PathRecord ca-$k -> ca-$((k + 7 * n)) (tenant$((k + 1))): SL $got = the tenant's lane" ||
			fail "$tag: PathRecord ca-$k -> ca-$((k + 7 * n)) (tenant$((k + 1))): SL '$got', lane '$want'"
	done
}

# sl2vl_rows OUT: the distinct rows (VLs of SL 0..15) of one smpquery
# sl2vl answer (a switch port answers one row per input port).
sl2vl_rows() {
	awk -F'|' '/ports: in/ { r = ""; for (i = 2; i <= 17; i++) r = r " " $i + 0; print r }' "$1" |
		sort -u
}

# check_sl2vl TAG: the SL-to-VL tables read back from a CA port and from
# a switch's output port (all its input ports) are SL i -> VL i % the
# VLs the lane plan uses.
check_sl2vl() {
	local tag=$1 vls want= sl dump=$TOP/$1/$1.dump out=$TOP/$1/sl2vl
	vls=$(grep -m1 -o '[0-9]* data VLs used' "$TOP/$tag/osm.log" | cut -d' ' -f1)
	for sl in $(seq 0 15); do want="$want $((sl % ${vls:-1}))"; done
	(cd "$RUN" && SIM_HOST=ca-1 timeout 20 ibsim-run smpquery sl2vl \
		"$(dump_lid ca-5 "$dump")") >"$out.ca" 2>&1
	[ "$(sl2vl_rows "$out.ca")" = "$want" ] &&
		pass "$tag: SL2VL of ca-5 read back: SL i -> VL i % $vls" ||
		fail "$tag: SL2VL of ca-5: '$(sl2vl_rows "$out.ca")', want '$want'"
	(cd "$RUN" && SIM_HOST=ca-1 timeout 20 ibsim-run smpquery sl2vl \
		"$(switch_lid sw-L1-1 "$dump")" 5) >"$out.sw" 2>&1
	[ "$(sl2vl_rows "$out.sw")" = "$want" ] &&
		[ "$(grep -c 'ports: in' "$out.sw")" -ge 5 ] &&
		pass "$tag: SL2VL of sw-L1-1, every input port -> port 5, read back: SL i -> VL i % $vls" ||
		fail "$tag: SL2VL of sw-L1-1 -> port 5: '$(sl2vl_rows "$out.sw")', want '$want'"
}

# check_data_vls TAG: the data VLs the plugin gave the engine are what a
# CA port and a switch port report as VLCap (smpquery portinfo).
check_data_vls() {
	local tag=$1 dump=$TOP/$1/$1.dump got caps
	got=$(grep -m1 -o '[0-9]* data VLs on every' "$TOP/$tag/osm.log" | cut -d' ' -f1)
	caps=$( (cd "$RUN" && SIM_HOST=ca-1 timeout 20 ibsim-run smpquery portinfo \
		"$(dump_lid ca-5 "$dump")" && SIM_HOST=ca-1 timeout 20 ibsim-run \
		smpquery portinfo "$(switch_lid sw-L1-1 "$dump")" 5) 2>/dev/null |
		sed -n 's/^VLCap:\.*VL0-\([0-9]*\)$/\1/p' | sort -u)
	[ -n "$caps" ] && [ "$(echo "$caps" | wc -l)" = 1 ] && [ "$got" = $((caps + 1)) ] &&
		pass "$tag: the engine was given $got data VLs, the ports' VLCap VL0-$caps" ||
		fail "$tag: data VLs given '$got', VLCap of the ports VL0-'$caps'"
}

