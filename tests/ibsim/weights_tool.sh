#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osmcloud weights against ibsim: ibsim's PerformanceSet gives every CA
# port of the 4-ary 3-tree a known PortRcvData before the tool starts and
# another between its two reads; the weights file written must be
# Equation 1 of those values (to the file's 9 digits), for every CA port
# and for lists of ports, with extended and basic counters.  Bad
# arguments, unknown ports, a saturated or reset counter: clear errors.
# ibsim counts the tool's own MADs (72 words each) too; every port of a
# run gets the same number of them, and Equation 1 ignores a common
# offset, so the weights are exact.  (A list mixing LIDs and GUIDs would
# not be: a port named by LID gets three more SMPs.)
. "$OC_SRCDIR/tests/ibsim/pftree_lib.sh"
start_test weights-tool
SIM_TOOL_HOST=sw-L1-0 # the tool's port: a switch, so no CA port sees its answers

# tool_fails WHAT MESSAGE ARGS...: osmcloud weights ARGS exits non-zero
# and says MESSAGE.
tool_fails() {
	local what=$1 want=$2
	shift 2
	(cd "$TOP" && SIM_HOST=$SIM_TOOL_HOST timeout 60 ibsim-run \
		"$OSMCLOUD" weights "$@") >"$TOP/tool.out" 2>&1
	local status=$?
	[ $status -ne 0 ] && grep -q -- "$want" "$TOP/tool.out" &&
		pass "refused: $what: $(grep -m1 -- "$want" "$TOP/tool.out")" ||
		fail "refused: $what: status $status: $(tail -n 2 "$TOP/tool.out")"
}

# Arguments are checked before any MAD is sent.
tool_fails "no output file" "-o FILE is required"
tool_fails "range MIN > MAX" 'want 0 < MIN < MAX' -o "$TOP/w" --range 5:1
tool_fails "range from 0" 'want 0 < MIN < MAX' -o "$TOP/w" --range 0:10
tool_fails "range without colon" 'want MIN:MAX' -o "$TOP/w" --range 100
tool_fails "range not numbers" 'must be numbers' -o "$TOP/w" --range a:b
tool_fails "interval 0" 'more than 0' -o "$TOP/w" --interval 0
tool_fails "interval not a number" 'more than 0' -o "$TOP/w" --interval soon
tool_fails "counter width" 'want auto, basic or extended' -o "$TOP/w" --counters wide
tool_fails "extra argument" 'unexpected' -o "$TOP/w" extra

if ! opensm_route tool "$PF_TOPO" pftree; then
	fail "opensm did not come up"
	finish
	exit
fi

# perf_file FILE ATTR BASE STEP [I...]: PerformanceSet commands giving ca-I
# (default every CA) PortRcvData BASE + STEP * ((37 * I) mod 64).
perf_file() {
	local file=$1 attr=$2 base=$3 step=$4 i
	shift 4
	[ "$#" -gt 0 ] && [ "$1" = all ] && shift
	for i in ${@:-$(seq 0 $((PF_CAS - 1)))}; do
		echo "PerformanceSet \"ca-$i\"[1] $attr.PortRcvData=$((base + step * (37 * i % 64)))"
	done >"$file"
}

# measure TAG ATTR BASE STEP I... -- TOOL ARGS: sets the counters of ca-I
# (I "all": every CA) to 1000, starts the tool, and once its first read is
# done sets them to BASE + STEP * ((37 * I) mod 64); the tool's answer in
# $TOP/TAG.out.  BASE well above 1000 covers the tool's own MADs.
measure() {
	local tag=$1 attr=$2 base=$3 step=$4 i ports=()
	shift 4
	while [ "$1" != -- ]; do ports+=("$1"); shift; done
	shift
	perf_file "$TOP/$tag.before" "$attr" 1000 0 "${ports[@]}"
	perf_file "$TOP/$tag.during" "$attr" "$base" "$step" "${ports[@]}"
	sim_cmd "!$TOP/$tag.before" >/dev/null
	(cd "$TOP" && SIM_HOST=$SIM_TOOL_HOST exec timeout 120 ibsim-run \
		"$OSMCLOUD" weights "$@") >"$TOP/$tag.out" 2>&1 &
	local tool=$!
	for i in $(seq 600); do
		grep -q "first read" "$TOP/$tag.out" && break
		kill -0 $tool 2>/dev/null || break
		sleep 0.05
	done
	sim_cmd "!$TOP/$tag.during" >/dev/null
	wait $tool
}

# expect_weights TAG FILE A B STEP [I...]: FILE holds, for each ca-I,
# Equation 1 of the values measure set (each I's delta is STEP * ((37 *
# I) mod 64) words), mapped into [A, B], as the file writes it (%.9g).
expect_weights() {
	local tag=$1 file=$2 a=$3 b=$4 step=$5 i want=
	shift 5
	for i in ${@:-$(seq 0 $((PF_CAS - 1)))}; do
		want="$want $(ca_guid "$i")=$((step * (37 * i % 64)))"
	done
	if python3 - "$file" "$a" "$b" $want <<'PY'; then
import sys
path, a, b = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
x = {g: int(v) for g, v in (w.split("=") for w in sys.argv[4:])}
lo, hi = min(x.values()), max(x.values())
want = {g: "%.9g" % ((v - lo) * (b - a) / (hi - lo) + a) for g, v in x.items()}
got = dict(l.split() for l in open(path) if not l.startswith("#"))
sys.exit(0 if got == want else "got %d lines, want %d; first differences: %s" % (
    len(got), len(want), [(g, got.get(g), want[g]) for g in want if got.get(g) != want[g]][:3]))
PY
		pass "$tag: $(grep -vc '^#' "$file") weights = Equation 1 of the counters set, in [$a, $b]"
	else
		fail "$tag: weights in $file differ from Equation 1"
	fi
}

# Every CA port, extended counters (ibsim supports them).
measure all PortCountersExtended 100000 4096 all -- -o "$TOP/all.txt" \
	--interval 2 -v
expect_weights all "$TOP/all.txt" 1 100 4096
# the octets reported: 4 per word; ca-1 got 4096 * 37 words more than ca-0
o0=$(awk '$NF == "ca-0" { print $4 }' "$TOP/all.out")
o1=$(awk '$NF == "ca-1" { print $4 }' "$TOP/all.out")
[ -n "$o0" ] && [ $((o1 - o0)) -eq $((4 * 4096 * 37)) ] &&
	pass "all: octets received reported: ca-1 - ca-0 = $((o1 - o0)) = 4 x 4096 x 37" ||
	fail "all: octets received ca-0 '$o0', ca-1 '$o1'"
# the file is what pftree_wt reads (weights=, --weights)
"$OSMCLOUD" route --topo "$PF_TOPO" --engine pftree_wt --weights "$TOP/all.txt" \
	-q -o "$TOP/all.lfts" 2>"$TOP/all.route" &&
	pass "all: the weights file routes with pftree_wt (osmcloud route --weights)" ||
	fail "all: pftree_wt does not take the file: $(cat "$TOP/all.route")"
grep -q "64 CA ports received" "$TOP/all.out" &&
	pass "all: $(grep -m1 'CA ports received' "$TOP/all.out")" ||
	fail "all: no summary: $(tail -n 2 "$TOP/all.out")"

# Lists: GUIDs with basic 32-bit counters, LIDs, other ranges.
dump=$TOP/tool/tool.dump
measure guids PortCounters 100000 1000 3 9 12 -- -o "$TOP/guids.txt" \
	--interval 1 --counters basic --range 2.5:10 \
	--ports "$(ca_guid 3),$(ca_guid 9),$(ca_guid 12)"
expect_weights guids "$TOP/guids.txt" 2.5 10 1000 3 9 12
measure lids PortCountersExtended 100000 7 20 21 40 63 -- -o "$TOP/lids.txt" \
	--interval 1 --range 1:1000 --ports "$(dump_lid ca-20 "$dump"),$(dump_lid \
	ca-21 "$dump"),$(dump_lid ca-40 "$dump"),$(dump_lid ca-63 "$dump")"
expect_weights lids "$TOP/lids.txt" 1 1000 7 20 21 40 63

# --json: the same weights as the file, and the octets, as one object
measure json PortCounters 100000 1000 3 9 12 -- -o "$TOP/json.txt" \
	--interval 1 --counters basic --range 2.5:10 --json \
	--ports "$(ca_guid 3),$(ca_guid 9),$(ca_guid 12)"
expect_weights json "$TOP/json.txt" 2.5 10 1000 3 9 12
if python3 - "$TOP/json.out" "$TOP/json.txt" <<'PY'; then
import json, sys
lines = [l for l in open(sys.argv[1]) if l.startswith("{")]
assert len(lines) == 1, lines
d = json.loads(lines[0])
got = dict(l.split() for l in open(sys.argv[2]) if not l.startswith("#"))
assert d["output"] == sys.argv[2] and d["num_ports"] == 3 and d["range"] == [2.5, 10.0], d
assert {p["guid"]: "%.9g" % p["weight"] for p in d["ports"]} == got, (d, got)
o = sorted(p["octets"] for p in d["ports"])
assert o[1] - o[0] > 0 and (o[1] - o[0]) % 4000 == 0, o
PY
	pass "json: one object, every port's weight as in the file"
else
	fail "json: $(grep '^{' "$TOP/json.out" | cut -c 1-300)"
fi

# Ports that are not there, or not CA ports.
tool_fails "unknown GUID" 'no CA port with GUID 0x0002c904deadbee1' \
	-o "$TOP/w" --interval 0.1 --ports 0x0002c904deadbee1
tool_fails "a switch LID" 'is not a CA port' \
	-o "$TOP/w" --interval 0.1 --ports "$(switch_lid sw-L1-1 "$dump")"
tool_fails "a port twice" 'listed twice' -o "$TOP/w" --interval 0.1 \
	--ports "$(dump_lid ca-3 "$dump"),$(ca_guid 3)"
tool_fails "LID out of range" 'out of range' -o "$TOP/w" --ports 50000

# A 32-bit counter stuck at its maximum, and one that went back.
echo 'PerformanceSet "ca-3"[1] PortCounters.PortRcvData=4294967295' >"$TOP/sat"
sim_cmd "!$TOP/sat" >/dev/null
tool_fails "saturated counter" 'stuck at 0xffffffff' -o "$TOP/w" \
	--interval 0.1 --counters basic --ports "$(dump_lid ca-3 "$dump")"
measure back PortCountersExtended 500 0 5 6 -- -o "$TOP/back.txt" \
	--interval 1 --ports "$(ca_guid 5),$(ca_guid 6)"
grep -q 'PortRcvData went back' "$TOP/back.out" && [ ! -e "$TOP/back.txt" ] &&
	pass "refused: a counter reset meanwhile: $(grep -m1 'went back' "$TOP/back.out")" ||
	fail "a counter that went back: $(tail -n 2 "$TOP/back.out")"
finish
