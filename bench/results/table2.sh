#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# table2.sh - the vSwitch routing paper's Table 2 (= the ItRC paper's
# Table I): LIDs, LFT blocks per switch and the SMPs of a full
# reconfiguration against those of one migration (LID swap / copy), on the
# four 36-port fat-trees of Fig. 6, and the same on their vSwitch versions
# (2 VFs per hypervisor), where 'osmcloud plan' performs random migrations
# with ItRC and FTreeMinRC and counts the LFT SMPs each sends.  Section
# script of bench/results/README.md:
#
#   bench/results/table2.sh --quick|--full --data DIR
#
# Writes DIR/table2.md, table2.tsv (the figures) and table2-plan.txt (plan's
# output).

set -u
. "$(dirname "$0")/common.sh"
section_args table2 "$@"

if [ "$MODE" = quick ]; then FABRICS="ft324 ft648"; else FABRICS="ft324 ft648 k18 pgft18"; fi
# random migrations per vSwitch fabric: enough for a same-leaf one (the
# best case) to come up on every fabric
MIGRATIONS=2000

TSV=$DATA/table2.tsv LOG=$DATA/table2-plan.txt
: >"$LOG"
printf 'fabric\tvfs\tnodes\tswitches\tlids\tblocks\tfull_smps\titrc_min\titrc_max\tftreeminrc_min\tftreeminrc_max\titrc_vmin\titrc_vmax\tftreeminrc_vmin\tftreeminrc_vmax\tskyline_max\tcommand\n' >"$TSV"

# plan_row FABRIC VFS: generate (VFS 0 = plain tree), plan, one TSV row
plan_row() {
	local fab=$1 vfs=$2 net=$DATA/.table2.net sh opts cmd out gen
	sh=$(fabric_shape "$fab")
	opts=$sh
	[ "$vfs" = 0 ] || opts="$sh --vswitch $vfs"
	# shellcheck disable=SC2086
	gen=$("$OSMCLOUD" gen $opts -o "$net" 2>&1) || {
		echo "table2.sh: $(gen_cmd $opts) failed: $gen" >&2; return 1; }
	cmd="$(gen_cmd $opts) -o F; osmcloud plan --topo F --random $MIGRATIONS --seed 1 -q"
	echo "== $cmd" >>"$LOG"
	out=$(nice "$OSMCLOUD" plan --topo "$net" --random "$MIGRATIONS" --seed 1 -q 2>&1) || {
		echo "table2.sh: $cmd failed: $(echo "$out" | tail -n 3)" >&2; rm -f "$net"; return 1; }
	rm -f "$net"
	echo "$out" >>"$LOG"
	# nodes: the hosts (CAs of a plain tree, hypervisors of a vSwitch one)
	echo "$out" | awk -v f="$fab" -v v="$vfs" -v c="$cmd" -v g="$gen" '
		BEGIN { split("", x); match(g, /[0-9]+ CAs/); cas = substr(g, RSTART, RLENGTH) + 0 }
		/^fabric:/ { sw = $2; vsw = $4; lid = $NF }
		/^fabric:/ { for (i = 1; i <= NF; i++) if ($i == "LID" && $(i - 1) == "max") lid = $(i + 1) + 0 }
		/^full reconfiguration:/ { blocks = $6; smps = $9 }
		/random leaf pairs: skyline/ { for (i = 1; i <= NF; i++) if ($i == "max") sky = $(i + 1) + 0 }
		/LFT SMPs to switches, min/ { x["im"] = $(NF - 1); x["fm"] = $NF }
		/LFT SMPs to switches, max/ { x["iM"] = $(NF - 1); x["fM"] = $NF }
		/LFT SMPs with vSwitches, min/ { x["ivm"] = $(NF - 1); x["fvm"] = $NF }
		/LFT SMPs with vSwitches, max/ { x["ivM"] = $(NF - 1); x["fvM"] = $NF }
		END {
			nodes = v == 0 ? cas : vsw
			printf "%s\t%s\t%s\t%s\t%s\t%s\t%s", f, v, nodes, sw, lid, blocks, smps
			n = split("im iM fm fM ivm ivM fvm fvM", k, " ")
			for (i = 1; i <= n; i++) printf "\t%s", (k[i] in x) ? x[k[i]] : "-"
			printf "\t%s\t%s\n", sky == "" ? "-" : sky, c
		}' >>"$TSV"
}

rc=0
for fab in $FABRICS; do
	plan_row "$fab" 0 || rc=1
	plan_row "$fab" 2 || rc=1
done

python3 - "$DATA" "$MODE" "$MIGRATIONS" <<'PY' || rc=1
import csv, sys
data, mode, migrations = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(data + "/table2.tsv"), delimiter="\t"))
# Table 2 of the vSwitch routing paper (= Table I of the ItRC paper)
paper = {324: (36, 360, 6, 216, 1, 72), 648: (54, 702, 11, 594, 1, 108),
         5832: (972, 6804, 107, 104004, 1, 1944),
         11664: (1620, 13284, 208, 336960, 1, 3240)}
def n(x):
    return "{:,}".format(int(x)) if x not in ("", "-") else "-"
def vs(ours, theirs):
    """ours (paper X), or ours alone when they agree"""
    same = ours not in ("", "-") and int(ours) == theirs
    return "%s%s" % (n(ours), " (paper same)" if same else " (paper %s)" % n(theirs))
out = []
w = out.append
w("## Table 2: SMPs of a full reconfiguration against one migration\n")
w("Table 2 of the vSwitch routing paper (Table I of the ItRC paper): the LIDs of "
  "the four 36-port fat-trees of Fig. 6, the LFT blocks each switch needs "
  "(max LID / 64 + 1), the minimum SMPs of a full reconfiguration (switches x "
  "blocks) and of one migration by LID swap or copy. Ours: `osmcloud plan`, "
  "which routes the fabric with vswitch_ftree and prints these counts; on the "
  "plain trees (no vSwitches, no VMs) it measures FTreeMinRC's marking of "
  "random leaf pairs, so the migration columns give the paper's formula (best 1 "
  "SMP, worst 2 x switches for ItRC) from our counts and the widest skyline "
  "FTreeMinRC marked. The vSwitch rows (2 VFs per hypervisor, VMs on the first "
  "VF, prepopulated LIDs) perform %s random migrations (seed 1) with both "
  "methods and give the fewest and most LFT SMPs sent to the physical switches "
  "(the paper's count) and, in brackets, with the vSwitches' own SMPs. Mode: %s.\n"
  % ("{:,}".format(int(migrations)), mode))
hdr = ["fabric", "nodes / switches", "LIDs", "LFT blocks / switch",
       "min SMPs, full reconf.", "min SMPs, migration: ItRC / FTreeMinRC",
       "max SMPs, migration: ItRC / FTreeMinRC", "command"]
w("| " + " | ".join(hdr) + " |")
w("|" + "---|" * len(hdr))
notes = []
for r in rows:
    nodes, vfs = int(r["nodes"]), r["vfs"]
    p = paper.get(nodes)
    if p is None:
        continue
    psw, plid, pbl, pfull, pmin, pmax = p
    label = "%s-node tree%s" % (n(nodes), "" if vfs == "0" else ", vSwitch (%s VFs)" % vfs)
    if vfs == "0":
        c = [label, "%s / %s" % (n(nodes), vs(r["switches"], psw)), vs(r["lids"], plid),
             vs(r["blocks"], pbl), vs(r["full_smps"], pfull),
             "1 (formula; paper %d)" % pmin,
             "%s (2 x switches; paper %s); FTreeMinRC skyline max %s switches" % (
                 n(2 * int(r["switches"])), n(pmax), n(r["skyline_max"]))]
    else:
        c = [label, "%s hypervisors / %s switches + %s vSwitches" % (
                 n(nodes), n(r["switches"]), n(nodes)),
             "%s (plain tree: %s)" % (n(r["lids"]), n(plid)),
             "%s (plain: %s)" % (n(r["blocks"]), pbl),
             "%s (plain: %s)" % (n(r["full_smps"]), n(pfull)),
             "%s / %s [%s / %s] (paper %d)" % (n(r["itrc_min"]), n(r["ftreeminrc_min"]),
                                              n(r["itrc_vmin"]), n(r["ftreeminrc_vmin"]), pmin),
             "%s / %s [%s / %s] (paper %s)" % (n(r["itrc_max"]), n(r["ftreeminrc_max"]),
                                              n(r["itrc_vmax"]), n(r["ftreeminrc_vmax"]), n(pmax))]
        if r["itrc_min"] not in ("-", "") and int(r["itrc_min"]) != pmin:
            notes.append("%s-node: %s" % (n(nodes), n(r["itrc_min"])))
    c.append("`%s`" % r["command"])
    w("| " + " | ".join(c) + " |")
w("")
w("The plain-tree rows agree with the paper wherever they say `(paper same)`. "
  "The vSwitch versions have more LIDs (a hypervisor's vSwitch, PF and VFs "
  "have one each) and hence more LFT blocks per switch; the paper's table is "
  "for the plain trees, whose max SMPs of a migration it gives as 2 x switches, "
  "a bound: on the vSwitch trees the most any of the random migrations sent "
  "stays below it on the 3-level trees, because no migration changed the "
  "entries of every switch, and FTreeMinRC's stays at 2 x its widest skyline.")
if notes:
    w("\nItRC's fewest SMPs of a migration on the vSwitch trees are not the paper's 1 "
      "(%s): our ItRC looks at every switch and rewrites those where the two LIDs' "
      "entries differ, and vswitch_ftree routes each VM LID over its own up ports, "
      "so even a swap inside a leaf rewrites other switches' entries. FTreeMinRC "
      "marks the skyline of the two leaves, which for one leaf is that leaf alone: "
      "its best case is the paper's 1 SMP." % "; ".join(notes))
open(data + "/table2.md", "w").write("\n".join(out) + "\n")
PY
exit $rc
