#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osmcloud sa-load --json against stock opensm under ibsim: one client
# keeps 2 PathRecord queries outstanding for 1 s towards the SM; its
# JSON report is one object whose figures agree with each other (queries
# answered, no error, queries/s = queries / seconds) and with the text
# line of a second run's form (the same keys as the line's words).
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test sa-load-json

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
finish
