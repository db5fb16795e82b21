#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osmcloud smp-time against ibsim, on the default vSwitch fat-tree that
# opensm (vswitch_ftree) configured first: ibsim's own packet dump
# (Verbose 3: every MAD a client sends, method and attribute) counts the
# LFT Gets and Sets that reached the fabric, and must equal X; the tool
# reports X acks; the LFTs (ibsim's Dump) are byte-identical after every
# run.  Too many switches, or more blocks than a switch's LinearFDBCap
# (ibsim's default 30720 LIDs: 480 blocks) are refused naming the switch
# with no LFT SMP sent at all; a switch that drops LFT SMPs (ibsim's
# Error) gives time-outs, named, never acks, and no Set.  Bad options
# exit 2 before any MAD.  Last, without any SM: the walk needs no LIDs.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test smp-time
TOOL_HOST=hv5-pf # not opensm's port (the file's first node, hv0-pf)

# tool NAME ARGS...: osmcloud smp-time ARGS under ibsim at $TOOL_HOST;
# stdout in $TOP/NAME.out, stderr in $TOP/NAME.err; returns its status.
tool() {
	local name=$1
	shift
	(cd "$RUN" && SIM_HOST=$TOOL_HOST exec timeout 120 ibsim-run \
		"$OSMCLOUD" smp-time "$@") >"$TOP/$name.out" 2>"$TOP/$name.err"
}

# packets: "SETS GETS OTHERS": LFT Sets, LFT Gets and any other MADs
# clients sent so far, from ibsim's packet dump (method byte 4, attribute
# bytes 17-18).
packets() {
	awk '/^--- packet ---/ { getline a; getline b
		if (substr(b, 1, 4) != "0019") o++
		else if (substr(a, 8, 2) == "02") s++
		else if (substr(a, 8, 2) == "01") g++ }
	     END { print s + 0, g + 0, o + 0 }' "$RUN/sim.out"
}

# sent_since BEFORE: "SETS GETS OTHERS" sent since packets said BEFORE.
sent_since() {
	local b=($1) n=($(packets))
	echo "$((n[0] - b[0])) $((n[1] - b[1])) $((n[2] - b[2]))"
}

# lft_dump: ibsim's Dump without its time-stamp line.
lft_dump() {
	sim_cmd Dump | grep -v '^# Net status'
}

if ! opensm_route smp "$TOPOS/vswitch-ft-default.net" vswitch_ftree; then
	fail "opensm did not configure the fabric"
	finish
	exit
fi
osm_settle
lft_dump >"$TOP/before.dump"
sim_cmd "Verbose 3" >/dev/null

# bad NAME MESSAGE ARGS...: exit 2, MESSAGE on stderr, no MAD sent.
bad() {
	local name=$1 want=$2 before
	shift 2
	before=$(packets)
	tool "$name" "$@"
	local status=$? sent
	sent=$(sent_since "$before")
	if [ $status -eq 2 ] && grep -q -- "$want" "$TOP/$name.err" &&
		[ "$sent" = "0 0 0" ]; then
		pass "bad options refused: $(head -n 1 "$TOP/$name.err")"
	else
		fail "$name: status $status (want 2), MADs $sent," \
			"stderr: $(head -n 2 "$TOP/$name.err")"
	fi
}
bad no-k "--switches K and --smps X are required" --smps 6
bad no-x "--switches K and --smps X are required" --switches 6
bad not-multiple "is not a multiple of --switches 6" --switches 6 --smps 7
bad too-many-blocks "an LFT has at most 768" --switches 6 --smps 4614
bad window-0 "--window '0': want 1..64" -k 6 -x 6 --window 0
bad window-65 "--window '65': want 1..64" -k 6 -x 6 --window 65
bad repeat-0 "--repeat '0': want 1..1000" -k 6 -x 6 --repeat 0
bad not-a-number "--smps 'many'" -k 6 -x many
bad extra "unexpected 'now'" -k 6 -x 6 now
bad unknown "usage: osmcloud smp-time" -k 6 -x 6 --fast

# good NAME X W R: X Sets to 6 switches, window W, R repeats: exit 0,
# R lines of X acks, ibsim saw R*X LFT Sets and R*X LFT Gets, the LFTs
# are unchanged.
good() {
	local name=$1 x=$2 w=$3 r=$4 before sent runs
	before=$(packets)
	tool "$name" --switches 6 --smps "$x" --window "$w" --repeat "$r"
	local status=$?
	sent=$(sent_since "$before")
	runs=$(grep -c "^X=$x K=6 W=$w run=[0-9]* ms=[0-9.]* .*acks=$x errors=0 timeouts=0 differ=0$" \
		"$TOP/$name.out")
	if [ $status -eq 0 ] && [ "$runs" -eq "$r" ] &&
		[ "${sent% *}" = "$((r * x)) $((r * x))" ] &&
		grep -q "^median X=$x K=6 W=$w repeats=$r ms=" "$TOP/$name.out"; then
		pass "$name: $r x $x Sets acknowledged, ibsim saw $sent" \
			"(LFT Sets, Gets, other MADs); $(grep '^median' "$TOP/$name.out")"
	else
		fail "$name: status $status, $runs of $r runs with $x acks," \
			"ibsim saw $sent (want $((r * x)) $((r * x)) ...)," \
			"stderr: $(head -n 2 "$TOP/$name.err")"
	fi
	if cmp -s "$TOP/before.dump" <(lft_dump); then
		pass "$name: every switch's LFT byte-identical after"
	else
		fail "$name: the LFTs changed"
	fi
}
good w4 48 4 2
good w1 48 1 1
good odd-window 30 7 1
good whole-cap 2880 4 1 # 480 blocks of each switch: ibsim's whole table

# --json: one line, the same figures: 2 runs of 12 acks on 6 switches
before=$(packets)
tool json --switches 6 --smps 12 --repeat 2 --json
status=$?
sent=$(sent_since "$before")
if [ $status -eq 0 ] && [ "${sent% *}" = "24 24" ] && python3 -c 'import json, sys
t = open(sys.argv[1]).read()
assert t.count("\n") == 1
d = json.loads(t)
assert d["smps"] == 12 and d["switches"] == 6 and d["completed"] is True, d
assert len(d["switch_list"]) == 6 and "\"hv5\"" in d["switch_list"][0]["switch"], d
assert [r["acks"] for r in d["runs"]] == [12, 12], d["runs"]
assert d["median"]["min_ms"] <= d["median"]["ms"] <= d["median"]["max_ms"], d' \
	"$TOP/json.out"; then
	pass "json: one object, 2 runs of 12 acks on 6 switches, hv5 first"
else
	fail "json: status $status, ibsim saw $sent, $(head -c 300 "$TOP/json.out")"
fi

# the first six switches, breadth-first from hv5-pf: its vSwitch first
if grep -q '^# switch 1: .*"hv5" (route 0,1) LinearFDBCap 30720' "$TOP/w4.out" &&
	[ "$(grep -c '^# switch [1-6]: ' "$TOP/w4.out")" -eq 6 ]; then
	pass "six switches breadth-first from the tool's port, hv5 first"
else
	fail "switches found: $(grep '^# switch' "$TOP/w4.out" | head -n 3)"
fi

# refused NAME MESSAGE ARGS...: exit 1, MESSAGE on stderr, no LFT SMP.
refused() {
	local name=$1 want=$2 before sent
	shift 2
	before=$(packets)
	tool "$name" "$@"
	local status=$?
	sent=$(sent_since "$before")
	if [ $status -eq 1 ] && grep -q -- "$want" "$TOP/$name.err" &&
		[ "${sent% *}" = "0 0" ]; then
		pass "$name refused, no LFT SMP: $(head -n 1 "$TOP/$name.err")"
	else
		fail "$name: status $status (want 1), LFT Sets/Gets $sent," \
			"stderr: $(head -n 2 "$TOP/$name.err")"
	fi
}
refused too-many-switches \
	"--switches 19: only 18 switch(es) reachable from .*; nothing sent" \
	--switches 19 --smps 19
refused over-cap \
	'switch 0x0002c90300000005 "hv5" (route 0,1): LinearFDBCap 30720 holds 480 LFT blocks, --smps 2886 over 6 switches asks 481; nothing sent' \
	--switches 6 --smps 2886

# hv5 drops every LFT SMP: the reads time out, named; no Set is sent
sim_cmd 'Error "hv5" 100 25' >/dev/null
before=$(packets)
tool dropped --switches 6 --smps 12 --timeout 200
status=$?
sent=$(sent_since "$before")
sim_cmd 'Error "hv5" 0' >/dev/null
if [ $status -eq 1 ] && [ "${sent% *}" = "0 12" ] &&
	grep -q 'Get of LFT block 0 of switch 0x0002c90300000005 "hv5" (route 0,1): no answer' \
		"$TOP/dropped.err" &&
	grep -q "10 of 12 LFT blocks read; no Set sent" "$TOP/dropped.err"; then
	pass "dropped LFT SMPs: $(tr '\n' ' ' <"$TOP/dropped.err")"
else
	fail "dropped: status $status, ibsim saw $sent (want 0 12 ...)," \
		"stderr: $(head -n 3 "$TOP/dropped.err")"
fi
if cmp -s "$TOP/before.dump" <(lft_dump); then
	pass "every switch's LFT byte-identical at the end"
else
	fail "the LFTs changed"
fi
sim_cmd "Verbose 0" >/dev/null

# Without an SM: no LIDs, every LFT still all 0xff (LinearFDBTop 0); the
# walk needs neither, and the tables stay as they were.
run_stop
run_new nosm && sim_start "$TOPOS/vswitch-ft-default.net" ||
	fail "ibsim without an SM did not start"
lft_dump >"$TOP/nosm-before.dump"
tool nosm --switches 6 --smps 60
status=$?
if [ $status -eq 0 ] &&
	[ "$(grep -c ' LinearFDBTop 0$' "$TOP/nosm.out")" -eq 6 ] &&
	grep -q '^X=60 K=6 W=4 run=1 .*acks=60 errors=0 timeouts=0' "$TOP/nosm.out" &&
	cmp -s "$TOP/nosm-before.dump" <(lft_dump); then
	pass "no SM: 60 Sets to 6 unconfigured switches acknowledged, LFTs unchanged"
else
	fail "no SM: status $status: $(grep -m2 -E '^X=|switch 1' "$TOP/nosm.out")" \
		"$(head -n 2 "$TOP/nosm.err")"
fi
finish
