#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# heatmap.sh - "osmcloud check --hot N --heatmap FILE" offline: the
# default vSwitch fat-tree routed by "osmcloud route", its heat map is
# well-formed SVG (python3's xml.etree parses it) with every switch of the
# topology and one line per directed switch link, the hottest in the
# scale's top colour; --hot 3 names the 3 links of the largest loads;
# a tree with 64 switches a level is drawn in rows of at most 32 boxes;
# bad options are refused.  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

net=$top/topologies/vswitch-ft-default.net
expect 0 "route" "$osmcloud" route -q --topo "$net" -o "$tmp/d.lfts"
expect 0 "check --heatmap" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/d.lfts" --heatmap "$tmp/d.svg"
grep -q '^hottest links (of 40; ' "$tmp/out" || fail "no hottest links"
[ "$(grep -c '^  [0-9]*\. "' "$tmp/out")" -eq 5 ] ||
	fail "not 5 hottest links by default"
expect 0 "check --json" "$osmcloud" check --json --hot 100000 \
	--topo "$net" --lfts "$tmp/d.lfts"
cp "$tmp/out" "$tmp/all.json"
expect 0 "check --json --hot 3" "$osmcloud" check --json --hot 3 \
	--topo "$net" --lfts "$tmp/d.lfts"
cp "$tmp/out" "$tmp/hot3.json"

# the picture against the topology and the JSON
python3 - "$tmp/d.svg" "$net" "$tmp/all.json" "$tmp/hot3.json" <<'PY' ||
import json, re, sys
import xml.etree.ElementTree as ET

svg, net, full, hot3 = sys.argv[1:5]
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(svg).getroot()
boxes = [e.find(ns + "title").text for e in root.iter(ns + "rect")
         if e.get("class") == "switch"]
switches = re.findall(r'^Switch\s+\d+\s+"([^"]+)"', open(net).read(), re.M)
bad = 0
def no(msg):
    global bad
    print("FAIL: " + msg)
    bad += 1
if sorted(boxes) != sorted(switches):
    no("boxes %d, switches %d" % (len(boxes), len(switches)))
links = [e for e in root.iter() if e.get("class") == "link"]
a = json.load(open(full))
if len(links) != a["channels"]:
    no("%d lines for %d directed switch links" % (len(links), a["channels"]))
top = [e for e in links if float(e.get("data-load")) == a["link_load_max"]]
if not top or any(e.get("stroke") != "#800026" for e in top):
    no("the hottest lines are not #800026")
if len(a["hot_links"]) != a["channels"]:
    no("--hot 100000 lists %d of %d links" % (len(a["hot_links"]), a["channels"]))
loads = sorted((h["load"] for h in a["hot_links"]), reverse=True)
b = json.load(open(hot3))
got = [h["load"] for h in b["hot_links"]]
if len(got) != 3 or got != loads[:3]:
    no("--hot 3 loads %s, the 3 largest %s" % (got, loads[:3]))
if b["hot_links"][0]["load"] != b["link_load_max"]:
    no("the hottest link is not link_load_max")
if [h["rank"] for h in b["hot_links"]] != [1, 2, 3]:
    no("ranks not 1, 2, 3")
levels = {(l["from"], l["to"]): l for l in b["link_load_by_level"]}
if set(levels) != {("spine", "leaf"), ("leaf", "spine"),
                   ("leaf", "vswitch"), ("vswitch", "leaf")}:
    no("level pairs %s" % sorted(levels))
if sum(l["links"] for l in levels.values()) != b["channels"]:
    no("the level pairs do not add up to every link")
if max(l["max"] for l in levels.values()) != b["link_load_max"]:
    no("no level pair holds the highest load")
sys.exit(1 if bad else 0)
PY
	fail "the heat map or the hottest links"
echo "ok: heat map and hottest links of vswitch-ft-default"

expect 0 "check --hot 3" "$osmcloud" check --hot 3 --topo "$net" \
	--lfts "$tmp/d.lfts"
[ "$(grep -c '^  [0-9]*\. "' "$tmp/out")" -eq 3 ] || fail "--hot 3: not 3"
expect 0 "check --hot 0" "$osmcloud" check --hot 0 --topo "$net" \
	--lfts "$tmp/d.lfts"
grep -q '^hottest links' "$tmp/out" && fail "--hot 0 lists links"
grep -q '^link load by level (fat-tree levels):' "$tmp/out" ||
	fail "--hot 0: no load by level"

# a VM file: each route also weighs its source's weight times its
# destination's (PFs 1, vm-a alone on its hypervisor 1, vm-b 0.5, idle
# VFs 0): the weights add up to 13.5, so the pairs of distinct ports to
# 13.5^2 - (12 + 1 + 0.25) = 169, of which 3 stay on a hypervisor (a PF
# and its VM, both ways); every other pair crosses two hypervisor uplinks
printf '0x0002c90500000011 vm-a\n0x0002c90500001021 vm-b 0.5\n' >"$tmp/vms"
expect 0 "route --vms" "$osmcloud" route -q --topo "$net" --vms "$tmp/vms" \
	-o "$tmp/v.lfts"
expect 0 "check --vms --json" "$osmcloud" check --json --hot 3 \
	--topo "$net" --vms "$tmp/vms" --lfts "$tmp/v.lfts"
python3 - "$tmp/out" <<'PY' || fail "weighted link load"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["link_load_weighted"] is True, d["link_load_weighted"]
assert all(isinstance(h["weighted_load"], float) for h in d["hot_links"])
lv = {(l["from"], l["to"]): l for l in d["link_load_by_level"]}
for pair in (("vswitch", "leaf"), ("leaf", "vswitch")):
    total = lv[pair]["weighted_mean"] * lv[pair]["links"]
    assert abs(total - 166) < 1e-6, (pair, total)
PY
echo "ok: weighted link load with a VM file"
json_is "$tmp/all.json" link_load_weighted false

# 64 switches a level: rows cut into 32 boxes, every line a real pair
expect 0 "gen 8-ary 3-tree" "$osmcloud" gen --kary 8 --levels 3 \
	-o "$tmp/k8.net"
expect 0 "route 8-ary 3-tree" "$osmcloud" route -q --topo "$tmp/k8.net" \
	-o "$tmp/k8.lfts"
expect 0 "check --heatmap 8-ary 3-tree" "$osmcloud" check --hot 0 \
	--topo "$tmp/k8.net" --lfts "$tmp/k8.lfts" --heatmap "$tmp/k8.svg"
python3 - "$tmp/k8.svg" <<'PY' || fail "8-ary 3-tree heat map"
import collections, sys
import xml.etree.ElementTree as ET

ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
rows = collections.Counter(e.get("y") for e in root.iter(ns + "rect")
                           if e.get("class") == "switch")
assert sorted(rows.values()) == [32, 32, 32], rows
text = " ".join(e.text or "" for e in root.iter(ns + "text"))
assert "a wide row is cut into runs of switches" in text, text
assert "root (64)" in text and "leaf (64)" in text, text
PY
echo "ok: 64 switches a row drawn as 32 boxes"

# regression: a switch named by bytes that are no UTF-8 is listed (in
# JSON as U+FFFD), not refused as "out of memory"
sed "s/sw-L2-0/sw-$(printf '\377')-0/g" "$net" >"$tmp/ff.net"
expect 0 "route, a switch name that is no UTF-8" "$osmcloud" route -q \
	--topo "$tmp/ff.net" -o "$tmp/ff.lfts"
expect 0 "check --hot 40, a switch name that is no UTF-8" "$osmcloud" \
	check --topo "$tmp/ff.net" --lfts "$tmp/ff.lfts" --hot 40
LC_ALL=C grep -q "^ *[0-9]*\. .*sw-.-0" "$tmp/out" ||
	fail "hottest links: no sw-?-0 listed"
expect 0 "check --hot 40 --json, a switch name that is no UTF-8" \
	"$osmcloud" check --topo "$tmp/ff.net" --lfts "$tmp/ff.lfts" \
	--hot 40 --json
python3 - "$tmp/out" <<'PY' || fail "--json: the switch that is no UTF-8"
import json, sys
d = json.load(open(sys.argv[1]))
names = {h["from"] for h in d["hot_links"]} | {h["to"] for h in d["hot_links"]}
assert "sw-\ufffd-0" in names, names
PY
echo "ok: a switch name that is no UTF-8"

# bad options
expect 2 "--heatmap x.png" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/d.lfts" --heatmap "$tmp/x.png"
grep -q 'want a file name ending in .svg' "$tmp/err" ||
	fail "--heatmap x.png: no reason"
expect 2 "--hot -1" "$osmcloud" check --topo "$net" --lfts "$tmp/d.lfts" \
	--hot -1
grep -q -- "--hot '-1'" "$tmp/err" || fail "--hot -1: no reason"
expect 2 "--heatmap in no folder" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/d.lfts" --heatmap "$tmp/none/x.svg"
grep -q "none/x.svg\": No such file or directory" "$tmp/err" ||
	fail "--heatmap in no folder: no reason"

[ "$failures" -eq 0 ] || exit 1
echo "all heat map tests passed"
