# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# common.sh - the steps every ibsim integration test shares (source it).
#
# A test routes one fabric with stock opensm under ibsim, reads the real
# LFTs back with ibsim's Dump and checks them with 'osmcloud check'; some
# also route the same fabric with OpenSM's own ftree to compare.
# Needs OC_BUILDDIR (the build tree) and OC_SRCDIR (the source tree); make
# check sets both.

set -u
: "${OC_BUILDDIR:?}" "${OC_SRCDIR:?}"
. "$OC_SRCDIR/tests/ibsim/lib.sh"
OC_PLUGIN_DIR=$OC_BUILDDIR/.libs
OSMCLOUD=$OC_BUILDDIR/osmcloud
TOPOS=$OC_SRCDIR/topologies
FAILS=0

fail() {
	echo "FAIL: $*"
	FAILS=$((FAILS + 1))
}

pass() {
	echo "ok: $*"
}

# start_test NAME: the test's scratch folder; everything is stopped on exit.
start_test() {
	run_init "$1" || exit 1
	trap 'run_cleanup' EXIT
}

# finish: cleans up (the scratch folder stays on failure) and exits.
finish() {
	[ "$FAILS" -eq 0 ] || KEEP_RUN=1
	run_cleanup
	trap - EXIT
	[ "$FAILS" -eq 0 ] || echo "scratch folder kept: $TOP"
	echo "$(basename "$0" .sh): $FAILS failed check(s)"
	[ "$FAILS" -eq 0 ]
}

# opensm_route TAG TOPO ENGINE [config lines...]: a fresh ibsim + opensm
# run in $TOP/TAG (opensm with the plugin loaded and the given engine list)
# until the first SUBNET UP; leaves ibsim's Dump in $RUN/TAG.dump and
# opensm's own opensm-lfts.dump (-D 0x43) in $RUN/tmp.  opensm
# and ibsim keep running until run_stop.  SIM_CMDS, when set, is a file of
# ibsim console commands run before opensm starts; OSM_G2L, when set, a
# guid2lid file opensm finds in its cache at start.
opensm_route() {
	local tag=$1 topo=$2 engine=$3
	shift 3
	run_stop
	run_new "$tag" || return 1
	sim_start "$topo" ${SIM_ARGS:-} || return 1
	[ -z "${SIM_CMDS:-}" ] || sim_cmd "!$SIM_CMDS" >"$RUN/sim-cmds.out"
	[ -z "${OSM_G2L:-}" ] || cp "$OSM_G2L" "$RUN/cache/guid2lid"
	osm_conf "$RUN/osm.conf" "routing_engine $engine" "$@"
	osm_start "$RUN/osm.conf" -D 0x43
	if ! wait_log "SUBNET UP" 1 "${UP_TIMEOUT:-120}"; then
		echo "opensm did not reach SUBNET UP; log tail:"
		tail -n 20 "$RUN/osm.log"
		return 1
	fi
	sim_cmd Dump >"$RUN/$tag.dump"
}

# engine_used ENGINE: this run's opensm log says ENGINE configured the
# tables (opensm falls back to minhop silently otherwise).
engine_used() {
	grep -q "$1 tables configured on all switches" "$RUN/osm.log"
}

# check_dump TAG [osmcloud check options]: checks run TAG's Dump, writes
# $TOP/TAG/TAG.json; returns check's status (its complaints on stdout).
check_dump() {
	local tag=$1 dir=$TOP/$1 status
	shift
	"$OSMCLOUD" check --ibsim-dump "$dir/$tag.dump" "$@" --json \
		>"$dir/$tag.json" 2>"$dir/$tag.check.err"
	status=$?
	sed 's/^/  check: /' "$dir/$tag.check.err"
	return $status
}

# json_get TAG KEY: one value from run TAG's check report.
json_get() {
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' \
		"$TOP/$1/$1.json" "$2"
}

# route_and_check TAG TOPO [config lines...]: routes TOPO with
# vswitch_ftree in opensm and checks the real LFTs: every CA LID reachable
# from every switch, no loop, no credit loop for CA traffic, minimal
# CA-to-CA paths (switch LIDs are compared with ftree's where ftree runs).
route_and_check() {
	local tag=$1 topo=$2
	shift 2
	if ! opensm_route "$tag" "$topo" vswitch_ftree "$@"; then
		fail "$tag: opensm with vswitch_ftree did not come up"
		return 1
	fi
	if engine_used vswitch_ftree; then
		pass "$tag: opensm routed with vswitch_ftree"
	else
		fail "$tag: opensm did not use vswitch_ftree:" \
			"$(grep -m3 -E 'ERR|osmcloud' "$RUN/osm.log")"
		return 1
	fi
	if check_dump "$tag"; then
		pass "$tag: LFTs read back from ibsim pass the checker" \
			"($(json_get "$tag" lids) LIDs, $(json_get "$tag" ca_ca_pairs)" \
			"CA pairs, max link load $(json_get "$tag" link_load_max) routes)"
	else
		fail "$tag: LFTs read back from ibsim fail the checker"
	fi
}

# lft_triples DUMP: an opensm-lfts.dump as sorted "switch-GUID LID port"
# lines, so that dumps listing switches in another order compare.
lft_triples() {
	awk '/^Unicast lids/ { for (i = 1; i <= NF; i++) if ($i == "guid") g = $(i + 1) }
	     /^0x[0-9a-f]+ [0-9]+ / { print g, $1, $2 }' "$1" | sort
}

# same_as_offline TAG TOPO [osmcloud route options]: the tables opensm
# programmed with our engine are exactly what 'osmcloud route' computes
# offline from the same topology and opensm's LIDs (its guid2lid cache).
same_as_offline() {
	local tag=$1 topo=$2 dir=$TOP/$1
	shift 2
	if ! "$OSMCLOUD" route --topo "$topo" --guid2lid "$dir/cache/guid2lid" \
		-q -o "$dir/offline.dump" "$@"; then
		fail "$tag: osmcloud route failed offline"
		return
	fi
	if cmp -s <(lft_triples "$dir/tmp/opensm-lfts.dump") \
		<(lft_triples "$dir/offline.dump"); then
		pass "$tag: opensm's tables equal the offline router's" \
			"($(lft_triples "$dir/offline.dump" | wc -l) entries)"
	else
		fail "$tag: opensm's tables differ from the offline router's"
	fi
}

# vf_guid I J: port GUID of VF J of hypervisor I in osmcloud gen's fabrics.
vf_guid() {
	printf '0x0002c905%08x' $(((($1 << 8) | $2) << 4 | 1))
}

# same_dump A B: two ibsim Dumps show the same fabric (their first line,
# "# Net status - DATE", may differ by the second they were taken).
same_dump() {
	cmp -s <(sed 1d "$1") <(sed 1d "$2")
}

# dump_lid NAME DUMP: the LID of one-port CA NAME in an ibsim Dump.
dump_lid() {
	awk -v n="\"$1\"" '$1 == "Ca" && $3 == n { getline
		for (i = 1; i <= NF; i++) if ($i == "lid") print $(i + 1); exit }' "$2"
}

# switch_lid NAME DUMP: the LID of switch NAME (its port 0) in a Dump.
switch_lid() {
	awk -v n="\"$1\"" '$1 == "Switch" && $3 == n { f = 1; next }
		f && / lid / { for (i = 1; i <= NF; i++) if ($i == "lid") { print $(i + 1); exit } }' "$2"
}

# lid_ports LID DUMP: how many ports of a Dump have base LID LID.
lid_ports() {
	grep -c " lid $1 lmc " "$2"
}

# ctl ARGS...: one command on the plugin's control socket $sock, bounded
# in time; its answer in $TOP/ctl.out, its status returned.
ctl() {
	timeout 60 "$OSMCLOUD" ctl --socket "$sock" --timeout 50 "$@" \
		>"$TOP/ctl.out" 2>&1
}

# refuse WHAT MESSAGE ARGS...: the command ARGS is refused (status 1,
# nothing changed) and its answer contains MESSAGE.
refuse() {
	expect_status 1 "$@"
}

# reject WHAT MESSAGE ARGS...: the command ARGS is a bad request (status
# 4: malformed, nothing looked at) and its answer contains MESSAGE.
reject() {
	expect_status 4 "$@"
}

# expect_status CODE WHAT MESSAGE ARGS...: osmcloud ctl ARGS exits with
# the result code CODE (docs/protocol.md) and answers MESSAGE.
expect_status() {
	local code=$1 what=$2 want=$3 st
	shift 3
	ctl "$@"
	st=$?
	if [ $st -eq "$code" ] && grep -q -- "$want" "$TOP/ctl.out"; then
		pass "status $code: $what: $(head -n 1 "$TOP/ctl.out")"
	else
		fail "status $code: $what: got $st: $(cat "$TOP/ctl.out")"
	fi
}

# switch_misses TAG: (switch, switch LID) pairs run TAG does not deliver.
switch_misses() {
	echo $(($(json_get "$1" switch_holes) + $(json_get "$1" switch_loops) + \
		$(json_get "$1" switch_wrong)))
}

# compare_with_ftree TAG FTAG TOPO [config lines...]: routes TOPO with
# OpenSM's ftree as run FTAG.  When ftree runs, ours must deliver every
# switch LID that ftree delivers (counted in pairs) and our most loaded
# link must carry no more CA-to-CA routes than ftree's.  Returns 2 when
# ftree cannot route the fabric, with its error in FTREE_ERR.
compare_with_ftree() {
	local tag=$1 ftag=$2 topo=$3 ours theirs
	shift 3
	FTREE_ERR=
	opensm_route "$ftag" "$topo" ftree "$@" || {
		fail "$ftag: ftree run did not come up"
		return 1
	}
	if ! engine_used ftree; then
		FTREE_ERR=$(grep -m1 -oE 'ERR AB[0-9A-F]{2}' "$RUN/osm.log")
		echo "note: OpenSM's ftree cannot route this fabric" \
			"(${FTREE_ERR:-no ERR line}); it fell back to minhop"
		return 2
	fi
	check_dump "$ftag" --allow-nonminimal >/dev/null
	ours=$(switch_misses "$tag")
	theirs=$(switch_misses "$ftag")
	[ "$ours" -le "$theirs" ] &&
		pass "$tag: undelivered (switch, switch LID) pairs $ours <= ftree's $theirs" ||
		fail "$tag: undelivered (switch, switch LID) pairs $ours > ftree's $theirs"
	ours=$(json_get "$tag" link_load_max)
	theirs=$(json_get "$ftag" link_load_max)
	[ "$ours" -le "$theirs" ] &&
		pass "$tag: max routes on a link $ours <= ftree's $theirs" ||
		fail "$tag: max routes on a link $ours > ftree's $theirs"
	return 0
}

# compare_with_rooted_ftree TAG TOPO ERR [config lines...]: stock ftree
# without a root file fails on TOPO with ERR (e.g. "ERR AB0A"); given the
# roots (sw-L2-*) and the config lines it routes TOPO, and run TAG compares
# with it (see compare_with_ftree).
compare_with_rooted_ftree() {
	local tag=$1 topo=$2 err=$3
	shift 3
	compare_with_ftree "$tag" ftree "$topo"
	[ $? -eq 2 ] && [ "$FTREE_ERR" = "$err" ] &&
		pass "ftree without roots fails with $err, as expected" ||
		fail "ftree without roots was expected to fail with $err"
	guid_file "$topo" 'sw-L2-[0-9]+' 0 >"$TOP/roots.txt"
	compare_with_ftree "$tag" ftree-roots "$topo" \
		"root_guid_file $TOP/roots.txt" "$@" ||
		fail "ftree given its roots was expected to route this fabric"
}

# guid_file TOPO NAME_REGEX OFFSET: the GUIDs (+ OFFSET: 1 gives a one-port
# CA's port GUID) of the records of TOPO whose name matches, one a line, as
# OpenSM's root_guid_file / io_guid_file want them.
guid_file() {
	local guid=
	while read -r line; do
		case $line in
		switchguid=* | caguid=*) guid=${line#*=} ;;
		Switch* | Ca* | Hca*)
			[[ $line =~ \"($2)\" ]] && printf '0x%016x\n' $((guid + $3)) ;;
		esac
	done <"$1"
}

# smps_match_blocks TAG ANSWER: the LFT SMPs a plugin command reported in
# ANSWER were all acknowledged and equal the 64-LID blocks that differ
# between $TOP/TAG/before.dump and $TOP/TAG/TAG.dump; sets OP_SWITCHES to
# the physical switches it updated.
smps_match_blocks() {
	local tag=$1 answer=$2 dir=$TOP/$1 blocks diff
	blocks=$(sed -n 's/.*LFT blocks \([0-9]*\) (acked \([0-9]*\)).*/\1 \2/p' "$answer")
	diff=$(block_diff "$dir/before.dump" "$dir/$tag.dump")
	[ "$blocks" = "$diff $diff" ] &&
		pass "$tag: $diff LFT SMPs, all acknowledged, = blocks changed in ibsim" ||
		fail "$tag: LFT SMPs (sent, acked) '$blocks', blocks changed in ibsim $diff"
	OP_SWITCHES=$(sed -n 's/.*: switches \([0-9]*\) .*/\1/p' "$answer")
}

# block_diff BEFORE AFTER: 64-LID LFT blocks that differ, all switches.
block_diff() {
	python3 - "$1" "$2" <<'PY'
import re, sys
def load(path):
    t, sw = {}, None
    for line in open(path, errors="replace"):
        line = re.sub(r"^(sim> )+", "", line)
        m = re.match(r'(Switch|Ca|Hca|Router)\s+\d+\s+"([^"]*)"', line)
        if m:
            sw = m.group(2) if m.group(1) == "Switch" else None
        elif sw and "Forwarding table" in line:
            for lid, port in re.findall(r"\[(\d+)\]([0-9A-Fa-f]+)", line.split(":", 1)[1]):
                t.setdefault(sw, {})[int(lid)] = int(port, 16)
    return t
a, b = load(sys.argv[1]), load(sys.argv[2])
n = 0
for sw in set(a) | set(b):
    x, y = a.get(sw, {}), b.get(sw, {})
    blocks = {l // 64 for l in set(x) | set(y) if x.get(l, 255) != y.get(l, 255)}
    n += len(blocks)
print(n)
PY
}

# no_more_switches WHAT FTREEMINRC ITRC: FTreeMinRC updated no more
# switches than ItRC for the same move (both counts must be known).
no_more_switches() {
	[ -n "$2" ] && [ -n "$3" ] && [ "$2" -le "$3" ] &&
		pass "$1: FTreeMinRC updates $2 switch(es) <= ItRC's $3" ||
		fail "$1: FTreeMinRC '$2' switches, ItRC '$3'"
}

# heavy_sweep: one 'resweep heavy' on the console, until its SUBNET UP.
# opensm settles first, so the SUBNET UP counted is that of this sweep,
# not of one opensm started itself (it sweeps again after a sweep that
# lost a port, e.g. while ibsim drops its SMPs).
heavy_sweep() {
	local n
	osm_settle || echo "heavy_sweep: opensm's log never went still" >&2
	n=$(log_count "SUBNET UP")
	osm_console "resweep heavy" >/dev/null
	wait_log "SUBNET UP" $((n + 1)) 60
}

# --- the VM commands of the dynamic LID model (migrate_dynamic*.sh)

# op TAG VF LID ARGS...: one plugin command (ARGS) on $sock, checked; VF
# must then have LID (0: none; "?": checked by the caller).  Sets
# OP_SWITCHES.
op() {
	local tag=$1 vf=$2 want=$3 dir=$TOP/$1 got
	shift 3
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	if ! ctl "$@"; then
		fail "$tag: $* failed: $(cat "$TOP/ctl.out")"
		return 1
	fi
	cp "$TOP/ctl.out" "$dir/op.out"
	sed 's/^/  /' "$dir/op.out"
	sim_cmd Dump >"$dir/$tag.dump"
	check_dump "$tag" && pass "$tag: LFTs read back from ibsim pass the checker" ||
		fail "$tag: LFTs read back from ibsim fail the checker"
	got=$(dump_lid "$vf" "$dir/$tag.dump")
	[ "$want" = "?" ] || [ "$got" = "$want" ] && pass "$tag: $vf has LID $got" ||
		fail "$tag: $vf has LID '$got', want $want"
	smps_match_blocks "$tag" "$dir/op.out"
}

# registry TAG VM VF: the registry has VM on VF (VF "-": VM is gone).
registry() {
	ctl vms
	if [ "$3" = - ]; then
		! grep -q "^$2 " "$TOP/ctl.out" && pass "$1: the registry has no $2" ||
			fail "$1: the registry still has $2"
	else
		grep -q "^$2 .* $3$" "$TOP/ctl.out" && pass "$1: the registry has $2 on $3" ||
			fail "$1: registry: $(grep "^$2 " "$TOP/ctl.out")"
	fi
}

# lid_of VM: its LID in the registry.
lid_of() {
	ctl vms && awk -v v="$1" '$1 == v { print $4 }' "$TOP/ctl.out"
}

# migrate_to TAG VM HV VF METHOD: VM moves by a LID copy to VF of HV.
migrate_to() {
	local lid
	lid=$(lid_of "$2")
	op "$1" "$4" "$lid" migrate "$2" "$3" "$5" || return
	grep -q "LID copied to VF $4, the old VF is left without a LID" "$TOP/$1/op.out" &&
		pass "$1: a LID copy (dynamic model)" || fail "$1: not a copy: $(head -n 1 "$TOP/$1/op.out")"
	registry "$1" "$2" "$4"
}

# ca_lids DUMP: "name LID" of every CA port in an ibsim Dump, sorted.
ca_lids() {
	awk '$1 == "Ca" { n = $3; getline
		for (i = 1; i <= NF; i++) if ($i == "lid") print n, $(i + 1) }' "$1" | sort
}

# tables_by: the engine that configured this run's tables (opensm falls
# back to minhop when the requested engine fails).
tables_by() {
	sed -n 's/.* \([a-z0-9_]*\) tables configured on all switches.*/\1/p' \
		"$RUN/osm.log" | head -n 1
}

# expect_engine NAME TOPO "ENGINE: TOKEN..." : routes TOPO with ENGINE in
# opensm (run NAME-ENGINE), checks ibsim's Dump with osmcloud check and
# asserts every TOKEN:
#   used=E       the tables were configured by E (default: ENGINE itself)
#   ca-ok        every CA LID reachable from every switch, no routing loop,
#                no credit loop in CA-sourced traffic; ca-fail: not so
#   misses=N     N undelivered (switch, switch LID) pairs (misses>0: some)
#   loop/noloop  credit loop / none once switches source traffic too
#   minimal      every CA-to-CA route minimal
# Prints the counts; an assertion that does not hold is a failure.
expect_engine() {
	local name=$1 topo=$2 spec=$3 engine tag used tok misses pairs loop ok
	engine=${spec%%:*}
	tag=$name-$engine
	if ! opensm_route "$tag" "$topo" "$engine" >/dev/null; then
		fail "$tag: opensm with $engine did not come up"
		return 1
	fi
	used=$(tables_by)
	check_dump "$tag" --allow-nonminimal >/dev/null
	ok=$?
	[ "$ok" -le 1 ] || { fail "$tag: osmcloud check could not read the Dump"; return 1; }
	misses=$(switch_misses "$tag")
	pairs=$(json_get "$tag" switch_pairs_checked)
	loop=$(json_get "$tag" cdg_all_cycle)
	echo "  $tag: tables by ${used:-nobody}; $misses of $pairs (switch, switch LID)" \
		"pairs undelivered; CA checks $([ "$ok" -eq 0 ] && echo pass || echo FAIL);" \
		"credit loop with switch sources: $loop"
	case " ${spec#*:} " in *" used="*) ;; *) spec="$spec used=$engine" ;; esac
	for tok in ${spec#*:}; do
		case $tok in
		used=*) [ "$used" = "${tok#used=}" ] ;;
		ca-ok) [ "$ok" -eq 0 ] ;;
		ca-fail) [ "$ok" -eq 1 ] ;;
		misses\>0) [ "$misses" -gt 0 ] ;;
		misses=*) [ "$misses" -eq "${tok#misses=}" ] ;;
		loop) [ "$loop" = True ] ;;
		noloop) [ "$loop" = False ] ;;
		minimal) [ "$(json_get "$tag" nonminimal_ca_pairs)" -eq 0 ] ;;
		*) echo "expect_engine: unknown token $tok" >&2; false ;;
		esac && pass "$tag: $tok" || fail "$tag: expected $tok"
	done
}

# ibdmchk_run TAG [-a]: Debian ibutils' ibdmchk in verification mode on
# the subnet and LFT dumps opensm wrote for run TAG (-D 0x43:
# opensm-subnet.lst, opensm.fdbs, opensm.mcfdbs): CA-to-CA paths and
# their credit loops, with -a also the paths from and to switches.  Its
# output goes to $IBDMCHK_OUT; fails when it has no verdict.  ibdmchk
# writes reports into the fixed folder /var/cache/ibutils; where a private
# mount namespace is allowed (root) that folder is the run's own.  ibdmchk
# 1.5.7 often crashes on exit after its verdict, so its lines are judged,
# not its status.
ibdmchk_run() {
	local tag=$1 dir=$TOP/$1
	shift
	IBDMCHK_OUT=$dir/ibdmchk$*.out
	set -- "$@" -s "$dir/tmp/opensm-subnet.lst" -f "$dir/tmp/opensm.fdbs" \
		-m "$dir/tmp/opensm.mcfdbs"
	mkdir -p "$dir/ibutils"
	if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
		(cd "$dir" && timeout 300 unshare -m sh -c \
			'mount --bind "$1" /var/cache/ibutils && shift && exec ibdmchk "$@"' \
			sh "$dir/ibutils" "$@" || true) >"$IBDMCHK_OUT" 2>&1
	else
		(cd "$dir" && timeout 300 ibdmchk "$@" || true) >"$IBDMCHK_OUT" 2>&1
	fi
	grep -qE -- "^-I- no credit loops found|^-E- credit loops in routing|^-E- Some Point to Point Traversals Failed" \
		"$IBDMCHK_OUT"
}

# ibdmchk_clean: ibdmchk's last run found every path and no credit loop.
ibdmchk_clean() {
	grep -q -- "-I- no credit loops found" "$IBDMCHK_OUT" &&
		! grep -q -- "^-E-" "$IBDMCHK_OUT"
}

# ibdmchk_agrees TAG: ibdmchk finds every CA-to-CA path of run TAG
# (C*(C-1) for C CA ports) and, with -a, every path between CAs and
# switches ((C+S)*(C+S-1)), without a credit loop in either.
ibdmchk_agrees() {
	local tag=$1 cas sws
	cas=$(json_get "$tag" ca_ports)
	sws=$(json_get "$tag" switches)
	ibdmchk_run "$tag" && ibdmchk_clean &&
		grep -q -- "-I- Scanned:$((cas * (cas - 1))) CA to CA paths" "$IBDMCHK_OUT" &&
		pass "ibdmchk: $tag's $((cas * (cas - 1))) CA-to-CA paths all there, no credit loop" ||
		fail "ibdmchk: $tag's CA-to-CA paths: $(grep -m3 -- '^-E-' "$IBDMCHK_OUT")"
	ibdmchk_run "$tag" -a && ibdmchk_clean &&
		grep -q -- "-I- Scanned:$(((cas + sws) * (cas + sws - 1))) paths" "$IBDMCHK_OUT" &&
		pass "ibdmchk -a: $tag's $(((cas + sws) * (cas + sws - 1))) paths (switches too) all there, no credit loop" ||
		fail "ibdmchk -a: $tag's paths: $(grep -m3 -- '^-E-' "$IBDMCHK_OUT")"
}
