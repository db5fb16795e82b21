#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# table3.sh - the vSwitch routing paper's Table 3: how long FTreeMinRC
# takes to mark the switches to update when a VM moves between the edges
# of a fat-tree (the first and the last leaf: the widest skyline).
# 'osmcloud plan' routes the tree and times that marking 1,000 times
# (median); this script runs it RUNS times and takes the median of those
# medians.  Section script of bench/results/README.md:
#
#   bench/results/table3.sh --quick|--full --data DIR
#
# Writes DIR/table3.md, table3.tsv (one row per run) and table3-plan.txt.

set -u
. "$(dirname "$0")/common.sh"
section_args table3 "$@"

RUNS=5
# name | osmcloud gen options | the paper's time (ms), - when not in it
if [ "$MODE" = quick ]; then
	TREES="k8|--kary 8|-
k6l4|--kary 6 --levels 4|-"
else
	TREES="k18|$(fabric_shape k18)|3
pgft18|$(fabric_shape pgft18)|3.4
k12l4|--kary 12 --levels 4|79"
fi

TSV=$DATA/table3.tsv LOG=$DATA/table3-plan.txt
: >"$LOG"
printf 'tree\tpaper_ms\tswitches\tnodes\tlevels\trun\tskyline\tmark_us\tcommand\n' >"$TSV"

# mark_runs NAME OPTIONS PAPER: RUNS plan runs, one TSV row each
mark_runs() {
	local name=$1 opts=$2 paper=$3 net=$DATA/.table3.net gen cmd out i
	# shellcheck disable=SC2086
	gen=$("$OSMCLOUD" gen $opts -o "$net" 2>&1) || {
		echo "table3.sh: $(gen_cmd $opts) failed: $gen" >&2; return 1; }
	cmd="$(gen_cmd $opts) -o F; osmcloud plan --topo F -q"
	for i in $(seq "$RUNS"); do
		echo "== run $i: $cmd" >>"$LOG"
		out=$(nice "$OSMCLOUD" plan --topo "$net" -q 2>&1) || {
			echo "table3.sh: $cmd failed: $(echo "$out" | tail -n 3)" >&2
			rm -f "$net"; return 1; }
		echo "$out" >>"$LOG"
		echo "$out" | awk -v t="$name" -v p="$paper" -v r="$i" -v c="$cmd" -v g="$gen" '
			BEGIN { match(g, /[0-9]+ CAs/); cas = substr(g, RSTART, RLENGTH) + 0
				match(g, /\(([0-9]+);/); lv = substr(g, RSTART + 1, RLENGTH - 2) }
			/^fabric:/ { sw = $2 }
			/skyline of the edge leaves/ {
				for (i = 1; i <= NF; i++) {
					if ($i == "switches" && sky == "") sky = $(i - 1)
					if ($i == "in" && $(i - 1) == "marked") us = $(i + 1)
				}
			}
			END { if (us == "") exit 1
				printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t, p, sw, cas, lv, r, sky, us, c }' >>"$TSV" || {
			echo "table3.sh: $cmd printed no edge marking time" >&2; rm -f "$net"; return 1; }
	done
	rm -f "$net"
}

rc=0
while IFS='|' read -r name opts paper; do
	mark_runs "$name" "$opts" "$paper" || rc=1
done <<<"$TREES"

python3 - "$DATA" "$MODE" "$RUNS" <<'PY' || rc=1
import csv, statistics, sys
data, mode, runs = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(data + "/table3.tsv"), delimiter="\t"))
trees = []
for r in rows:
    if r["tree"] not in trees:
        trees.append(r["tree"])
out = []
w = out.append
w("## Table 3: FTreeMinRC's marking time, worst case\n")
w("Table 3 of the vSwitch routing paper: the time FTreeMinRC takes to find the "
  "switches to update when a VM moves between the edges of a fat-tree (the first "
  "and the last leaf, whose skyline is the widest). Ours: `osmcloud plan` routes "
  "the tree with vswitch_ftree, builds the switches' tuples once, then times the "
  "marking of the edge leaves' skyline 1,000 times and prints the median; each "
  "tree is run %s times and the table gives the median of those medians and "
  "their range. The time is the marking alone (the tuples are computed when the "
  "fabric is routed, as in the plugin). Mode: %s.\n" % (runs, mode))
hdr = ["tree", "levels", "nodes / switches", "switches marked", "marking (ours)",
       "range of the runs", "paper", "command"]
w("| " + " | ".join(hdr) + " |")
w("|" + "---|" * len(hdr))
ratios = []
for t in trees:
    rs = [r for r in rows if r["tree"] == t]
    us = [float(r["mark_us"]) for r in rs]
    med = statistics.median(us)
    r0 = rs[0]
    paper = r0["paper_ms"]
    w("| %s | %s | %s / %s | %s | %.1f us | %.1f-%.1f us | %s | `%s` |" % (
        t, r0["levels"], "{:,}".format(int(r0["nodes"])), "{:,}".format(int(r0["switches"])),
        "{:,}".format(int(r0["skyline"])), med, min(us), max(us),
        paper + " ms" if paper != "-" else "not in the paper", r0["command"]))
    if paper != "-":
        ratios.append("%s: %.1f us against %s ms (%.0fx faster)" % (
            t, med, paper, float(paper) * 1000 / med))
w("")
if ratios:
    w("Ours differs from the paper by orders of magnitude (%s). Our marking "
      "compares tuples: each switch's OpenSM-style tuple is computed once when "
      "the fabric is routed, and marking a skyline is one pass over the "
      "switches' tuples, a few byte comparisons each (analysis/tuple.c); the "
      "paper's time was measured inside its OpenSM implementation on an 8-core "
      "HP DL360p Gen8, where the marking traced the paths up from the two "
      "leaves. Both grow with the size of the tree, as the 4-level row "
      "shows." % "; ".join(ratios))
open(data + "/table3.md", "w").write("\n".join(out) + "\n")
PY
exit $rc
