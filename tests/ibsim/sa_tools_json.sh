#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osmcloud sa-load and sa-peer --json against stock opensm under ibsim.
# sa-load: one client keeps 2 PathRecord queries outstanding for 1 s
# towards the SM; its JSON report is one object whose figures agree with
# each other (queries answered, no error, queries/s = queries / seconds)
# and whose keys are the text line's words.  sa-peer: a peer connects to
# a PF's GID from the address book and, on SIGTERM, reports one
# resolution, its SA queries and the connection as one object.
. "$OC_SRCDIR/tests/ibsim/common.sh"
. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"
start_test sa-tools-json
peer=
trap 'stop_pids "$peer"; run_cleanup' EXIT

if ! opensm_route sa "$TOPOS/vswitch-ft-default.net" vswitch_ftree; then
	fail "opensm did not configure the fabric"
	finish
	exit
fi
osm_settle

# load NAME ARGS...: osmcloud sa-load ARGS at hv5-pf; stdout in
# $TOP/NAME.out, stderr in $TOP/NAME.err; returns its status.
load() {
	local name=$1
	shift
	(cd "$RUN" && SIM_HOST=hv5-pf exec timeout 60 ibsim-run \
		"$OSMCLOUD" sa-load --seconds 1 --window 2 "$@") \
		>"$TOP/$name.out" 2>"$TOP/$name.err"
}

load text --role text
st_text=$?
load json --role json --json
st_json=$?
if [ $st_text -eq 0 ] && [ $st_json -eq 0 ] && python3 -c 'import json, sys
t = open(sys.argv[1]).read()
assert t.count("\n") == 1, t
d = json.loads(t)
words = dict(w.split("=") for w in open(sys.argv[2]).read().split()[1:])
assert list(d) == list(words), (list(d), list(words))
assert d["role"] == "json" and d["window"] == 2 and d["errors"] == 0, d
assert d["queries"] > 0 and abs(d["qps"] - d["queries"] / d["seconds"]) <= 0.5 + d["queries"] * 0.01, d
assert 0 < d["median_us"] <= d["p99_us"], d' "$TOP/json.out" "$TOP/text.out"; then
	pass "sa-load --json: $(cat "$TOP/json.out")"
else
	fail "sa-load: status $st_text/$st_json: $(cat "$TOP/json.out" "$TOP/json.err" | head -c 400)"
fi

# sa-peer at hv4-pf, connected to "vm-a", the GID of hv0-pf; stopped
# once it says it is connected
echo "vm-a $(gid "$(guid_file "$TOPOS/vswitch-ft-default.net" hv0-pf 1)")" \
	>"$TOP/hosts"
(cd "$RUN" && SIM_HOST=hv4-pf exec ibsim-run "$OSMCLOUD" sa-peer \
	--name vm-a --hosts "$TOP/hosts" --json) >"$TOP/peer.out" \
	2>"$TOP/peer.err" &
peer=$!
for i in $(seq 600); do
	grep -q 'connected (LID' "$TOP/peer.err" && break
	kill -0 "$peer" 2>/dev/null || break
	sleep 0.05
done
stop_pids "$peer"
lid=$(sed -n 's/.*connected (LID \([0-9]*\)).*/\1/p' "$TOP/peer.err" | head -n 1)
if [ -n "$lid" ] && python3 -c 'import json, sys
t = open(sys.argv[1]).read()
assert t.count("\n") == 1, t
d = json.loads(t)
assert d["name"] == "vm-a" and d["connected"] is True and d["connects"] == 1, d
assert d["resolves"] >= 1 and d["sa_queries"] >= 1 and d["drops"] == 0, d' \
	"$TOP/peer.out"; then
	pass "sa-peer --json: connected to LID $lid: $(cat "$TOP/peer.out")"
else
	fail "sa-peer: $(head -c 300 "$TOP/peer.out") $(tail -n 3 "$TOP/peer.err")"
fi
finish
