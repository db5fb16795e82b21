#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# json_outputs.sh - every subcommand's --json prints one JSON object on
# one line of stdout and nothing else, and its figures are the ones the
# text output (or the files written) shows.  Needs no ibsim: the
# subcommands that need a fabric's MADs are run up to their refusal.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

# py FILE CODE [ARGS...]: CODE runs with d the JSON object of FILE (one
# line) and a the ARGS; an AssertionError fails with CODE's message
py() {
	file=$1
	code=$2
	shift 2
	python3 -c 'import json, sys
text = open(sys.argv[1]).read()
assert text.count("\n") == 1 and text.endswith("\n"), "not one line: %r" % text[:200]
d = json.loads(text)
assert isinstance(d, dict), "not an object"
a = sys.argv[3:]
exec(sys.argv[2])' "$file" "$code" "$@" 2>"$tmp/py.err" ||
		fail "$file: $(tail -n 1 "$tmp/py.err")"
}

net=$top/topologies/vswitch-ft-default.net
k4=$top/topologies/ft-k4-n3.net

# ---- route: LIDs as the topology has them, the dump written ----------
expect 0 "route --json" "$osmcloud" route --json --topo "$net" \
	-o "$tmp/vsw.dump"
cp "$tmp/out" "$tmp/route.json"
[ -s "$tmp/err" ] && fail "route --json wrote on stderr: $(cat "$tmp/err")"
cas=$(grep -c '^Ca' "$net")
vfs=$(grep -c '^Ca.*"hv[0-9]*-vf' "$net")
py "$tmp/route.json" '
assert d["engine"] == "vswitch_ftree" and d["output"] == a[0], d
assert d["ca_lids"] == int(a[1]), d["ca_lids"]
l = d["lids"]
assert l["vms"] + l["pfs"] + l["idle_vfs"] == d["ca_lids"], l
assert l["vms"] + l["idle_vfs"] == int(a[2]), l
assert l["switches"] == d["switches"] == 18 and d["max_lid"] == 78, d
assert d["promise_kept"] is True and d["promise_violation"] is None
assert set(d["time_ms"]) == {"analyse", "route", "promise_check"}' \
	"$tmp/vsw.dump" "$cas" "$vfs"
[ -s "$tmp/vsw.dump" ] || fail "route --json: no dump written"

# a subnet list as the topology (regression: --json crashed on it)
lst=$top/tests/unit/data/live/tiny.opensm-subnet.lst
expect 0 "route --subnet-lst --json" "$osmcloud" route --json --subnet-lst "$lst"
json_is "$tmp/out" topo "$lst"
json_is "$tmp/out" promise_kept true

expect 0 "route sftree" "$osmcloud" route --engine sftree --topo "$k4"
root=$(sed -n 's/^subtree root "\([^"]*\)".*/\1/p' "$tmp/err")
sw2sw=$(sed -n 's/.*: \([0-9]*\) switch-to-switch entries and.*/\1/p' "$tmp/err")
expect 0 "route sftree --json" "$osmcloud" route --engine sftree --json \
	--topo "$k4"
py "$tmp/out" '
assert d["subtree_root"] == a[0] and d["sw2sw"] == int(a[1]), d
assert d["output"] is None and d["lids"]["compute_nodes"] == 64, d' \
	"$root" "$sw2sw"

# pftree: the tenants and their lanes, as the summary names them
expect 0 "gen XGFT(2;8,4;1,4)" "$osmcloud" gen --pgft '2;8,4;1,4' \
	-o "$tmp/x32.net"
guid() { printf '0x0002c904%08x' $(($1 * 16 + 1)); }
{
	echo "Default=0x7fff, ipoib : ALL=full ;"
	echo "a=0x8001 : $(guid 0) $(guid 5) $(guid 9) ;"
	echo "b=0x8002, sl=2 : $(guid 1) $(guid 6) $(guid 30) ;"
} >"$tmp/parts"
expect 0 "route pftree" "$osmcloud" route --engine pftree --topo \
	"$tmp/x32.net" --partitions "$tmp/parts"
tenants=$(sed -n 's/^tenants: \([0-9]*\) partitions routed.*/\1/p' "$tmp/err")
lanes=$(sed -n 's/^lanes: //p' "$tmp/err")
expect 0 "route pftree --json" "$osmcloud" route --engine pftree --json \
	--topo "$tmp/x32.net" --partitions "$tmp/parts"
py "$tmp/out" '
t = d["tenants"]
assert t["partitions"] == int(a[0]), (t, a)
assert " ".join("%s=SL%d" % kv for kv in t["sl"].items()) == a[1], (t, a)
assert d["lids"]["compute_nodes"] == 32, d' "$tenants" "$lanes"

# ---- check: the same figures as route's --------------------------------
expect 0 "check --json" "$osmcloud" check --json --topo "$net" \
	--lfts "$tmp/vsw.dump"
py "$tmp/out" '
r = json.load(open(a[0]))
assert d["ca_ports"] == r["ca_lids"] and d["switches"] == r["switches"], d
assert d["lids"] == r["ca_lids"] + r["lids"]["switches"], d["lids"]
assert d["passed"] is True and d["failed"] == []' "$tmp/route.json"

# ---- gen: the counts of the file it wrote ------------------------------
expect 0 "gen --json" "$osmcloud" gen --kary 4 --levels 2 --vswitch 3 \
	--io-cas 0:2 --json -o "$tmp/g.net"
py "$tmp/out" '
net = open(a[0]).read().split("\n")
sw = sum(1 for l in net if l.startswith("Switch"))
ca = sum(1 for l in net if l.startswith("Ca"))
assert d["switches"] == sw and d["cas"] == ca, (d, sw, ca)
assert d["nodes"] == sw + ca and d["io_cas"] == 2 and d["vfs"] == 48, d
assert d["output"] == a[0] and d["lids"] == sw + ca, d' "$tmp/g.net"
expect 2 "gen --json without -o" "$osmcloud" gen --kary 2 --json
grep -q -- '--json needs -o FILE' "$tmp/err" || fail "gen: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "gen --json without -o wrote on stdout"

# ---- plan: each method's counts as the text shows them -----------------
expect 0 "plan (text)" "$osmcloud" plan --topo "$net" -q \
	--migrate hv0-vf1:hv5 --migrate hv2-vf1:hv9 --random 20 --verify
cp "$tmp/out" "$tmp/plan.txt"
expect 0 "plan --json" "$osmcloud" plan --topo "$net" -q --json \
	--migrate hv0-vf1:hv5 --migrate hv2-vf1:hv9 --random 20 --verify
py "$tmp/out" '
import re
text = open(a[0]).read()
counts = re.findall(r"^  (ItRC|FTreeMinRC): (\d+) switches, (\d+) blocks; (\d+) vSwitches, (\d+) blocks; (\d+) LFT SMPs", text, re.M)
assert len(counts) == 4, counts
got = []
for mig in d["migrations"]:
    for m in ("itrc", "ftreeminrc"):
        p = mig["plans"][m]
        got.append((p["switches"], p["blocks"], p["vswitches"], p["vswitch_blocks"], p["smps"]))
assert got == [tuple(map(int, c[1:])) for c in counts], (got, counts)
f = d["fabric"]
assert re.search(r"^fabric: %d switches, %d vSwitches, %d leaves, max LID %d" % (f["switches"], f["vswitches"], f["leaves"], f["max_lid"]), text, re.M), f
row = re.search(r"switches per migration, max +(\d+) +(\d+)", text)
assert (d["random"]["itrc"]["switches_max"], d["random"]["ftreeminrc"]["switches_max"]) == tuple(map(int, row.groups())), d["random"]
mean = re.search(r"LFT SMPs with vSwitches, mean +([0-9.]+) +([0-9.]+)", text)
assert d["random"]["itrc"]["smps_mean"] == float(mean.group(1)), d["random"]
assert d["verify"]["passed"] is True and d["random"]["migrations"] == 20' \
	"$tmp/plan.txt"

# ---- sim: the TSV's rows ------------------------------------------------
sim_opts="--kary 2 --levels 2 --ebb-rounds 50 --snapshots 4 --seed 3"
# shellcheck disable=SC2086
expect 0 "sim (TSV)" "$osmcloud" sim $sim_opts
cp "$tmp/out" "$tmp/sim.tsv"
# shellcheck disable=SC2086
expect 0 "sim --json" "$osmcloud" sim $sim_opts --json
py "$tmp/out" '
rows = [l.split("\t") for l in open(a[0]).read().split("\n") if l and l[0] != "#"]
migs = [list(map(int, r[1:])) for r in rows if r[0] == "mig"]
snaps = [r[1:] for r in rows if r[0] == "snap"]
assert [list(m.values()) for m in d["migrations"]] == migs, d["migrations"]
assert len(d["snapshots"]) == len(snaps) == 5, snaps
for s, t in zip(d["snapshots"], snaps):
    assert s["percent"] == int(t[0]) and s["migrations"] == int(t[1]), s
    assert "%.6f" % s["ebb_minrc"] == t[2] and "%.6f" % s["ebb_reroute"] == t[3], (s, t)
    assert s["reroute_blocks"] == int(t[4]) and "%.4f" % s["spread_minrc"] == t[5], (s, t)
assert d["total_migrations"] == len(migs) and d["seed"] == 3, d' \
	"$tmp/sim.tsv"
# shellcheck disable=SC2086
expect 2 "sim --json --out" "$osmcloud" sim $sim_opts --json --out "$tmp/x"

# ---- the clients: pathcache and ctl against scripted servers ------------
# the servers: serve_lines (expect.sh, tests/unit/line_server.py)

pc=$tmp/pc.sock
serve_lines "$pc" 3 '{"show": "entry dlid=72 | dlid=72 flag=1 source=cache\nentry dlid=73 sl=1 | dlid=73 flag=1\nok entries=2 enabled=1\n", "stats": "ok enabled=1 entries=2 hits=5 guid=0x0002c90300000001\n", "query dlid=9": "error sa: MAD status 0x0300 (no such record)\n"}'
expect 0 "pathcache show --json" timeout 20 "$osmcloud" pathcache show \
	--json --socket "$pc"
py "$tmp/out" '
assert d["command"] == "show" and d["ok"] is True and d["enabled"] == 1, d
assert len(d["records"]) == d["entries"] == 2, d
assert d["records"][0] == {"key": {"dlid": 72}, "record": {"dlid": 72, "flag": 1, "source": "cache"}}, d
assert d["records"][1]["key"] == {"dlid": 73, "sl": 1}, d'
expect 0 "pathcache stats --json" timeout 20 "$osmcloud" pathcache stats \
	--json --socket "$pc"
py "$tmp/out" '
assert d == {"command": "stats", "ok": True, "enabled": 1, "entries": 2, "hits": 5, "guid": "0x0002c90300000001"}, d'
expect 1 "pathcache query --json, an error" timeout 20 "$osmcloud" \
	pathcache query --json --socket "$pc" dlid=9
py "$tmp/out" '
assert d["ok"] is False and d["error"] == "sa: MAD status 0x0300 (no such record)", d'
grep -q "osmcloud pathcache: sa: MAD status 0x0300" "$tmp/err" ||
	fail "pathcache query --json: the error not on stderr"
wait $server
expect 2 "pathcache serve --json" "$osmcloud" pathcache serve --json \
	--socket "$tmp/no.sock"

ctl=$tmp/ctl.sock
serve_lines "$ctl" 2 '{"{\"op\":\"version\"}": "{\"id\":null,\"result\":\"done\",\"code\":0,\"message\":\"osmcloud-ctl 1\",\"protocol\":\"osmcloud-ctl\",\"version\":1}\n", "{\"op\":\"stop\",\"vm\":\"vm a\",\"from\":\"hv5 mlx5_0\"}": "{\"id\":null,\"result\":\"refused\",\"code\":1,\"message\":\"no VM registry\"}\n"}'
expect 0 "ctl --json REQUEST" timeout 20 "$osmcloud" ctl --socket "$ctl" \
	--json '{"op":"version"}'
py "$tmp/out" '
assert d["protocol"] == "osmcloud-ctl" and d["code"] == 0, d'
expect 1 "ctl --json OP KEY=VALUE" timeout 20 "$osmcloud" ctl --socket "$ctl" \
	--json stop "vm=vm a" "from=hv5 mlx5_0"
py "$tmp/out" '
assert d == {"id": None, "result": "refused", "code": 1, "message": "no VM registry"}, d'
wait $server
printf '%s\n' '{"op":"version"}' '{"op":"stop","vm":"vm a","from":"hv5 mlx5_0"}' |
	cmp -s - "$ctl.log" || fail "ctl sent: $(cat "$ctl.log")"
expect 64 "ctl --json OP WORD" "$osmcloud" ctl --socket "$ctl" --json stop vm-a
grep -q 'word 2 "vm-a" is not KEY=VALUE' "$tmp/err" || fail "ctl: $(cat "$tmp/err")"
expect 64 "ctl --json REQUEST extra" "$osmcloud" ctl --socket "$ctl" \
	--json '{"op":"vms"}' extra
grep -q '^usage: osmcloud ctl' "$tmp/err" || fail "ctl: $(cat "$tmp/err")"

# ---- the MAD tools, without a fabric: --json is an option of each, and
# a refusal prints nothing on stdout (their reports: tests/ibsim)
expect 2 "weights --json -o -" "$osmcloud" weights --json -o -
grep -q -- '--json needs -o FILE' "$tmp/err" || fail "weights: $(cat "$tmp/err")"
expect 2 "smp-time --json without -k" "$osmcloud" smp-time --json -x 6
[ -s "$tmp/out" ] && fail "smp-time: refused, but wrote on stdout"
for cmd in "sa-load --json --window 0" "sa-peer --json --name x"; do
	# shellcheck disable=SC2086
	expect 2 "$cmd" "$osmcloud" $cmd
	grep -q 'unrecognized option' "$tmp/err" && fail "$cmd: no --json"
	[ -s "$tmp/out" ] && fail "$cmd: refused, but wrote on stdout"
done

[ "$failures" -eq 0 ] || exit 1
echo "every --json report checked"
