#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# bench/results/sacache.sh - the SA path-record caching paper's section of
# docs/results.md (Table V and the migration counts of Figs. 5-7); the
# contract is bench/results/README.md.
#
# Runs bench/sa_load.sh (stock opensm under ibsim, the SA flooder steps)
# and tests/ibsim/sa_story.sh (the migration story: SA queries of 4 peers
# when a VM migrates with changed addresses, kept addresses, kept + cache;
# it builds the patched opensm of scripts/build-patched-opensm.sh into the
# build tree once).  Writes DIR/sacache.md, sacache_tablev.dat and .gp.
set -u
. "$(dirname "$0")/common.sh"
section_args sacache "$@"
section_tmp

if [ "$MODE" = quick ]; then
	LOAD_ARGS=(--seconds 1 --steps "0x0 1x4 4x8")
else
	LOAD_ARGS=(--seconds 5 --steps "0x0 1x1 1x4 2x8 4x8 8x8 8x16 8x24")
fi
LOAD_CMD="bench/sa_load.sh ${LOAD_ARGS[0]} ${LOAD_ARGS[1]} ${LOAD_ARGS[2]} '${LOAD_ARGS[3]}'"
echo "sacache: $LOAD_CMD"
run_or_die "$LOAD_CMD" "$TMP/load.out" bash "$SRC/bench/sa_load.sh" "${LOAD_ARGS[@]}"
STORY_CMD="make -C build check TESTS=tests/ibsim/sa_story.sh"
echo "sacache: tests/ibsim/sa_story.sh (as $STORY_CMD runs it)"
OC_SRCDIR=$SRC nice bash "$SRC/tests/ibsim/sa_story.sh" >"$TMP/story.out" 2>&1 ||
	{ echo "sacache.sh: tests/ibsim/sa_story.sh failed: $(grep -E 'FAIL|fail' "$TMP/story.out" | tail -n 3)" >&2
	  exit 1; }

MACHINE=$(machine_line)
VERSIONS=$(sim_versions)
COMMIT=$(src_commit)
python3 - "$TMP" "$DATA" "$MODE" "$MACHINE" "$VERSIONS" "$COMMIT" "$LOAD_CMD" "$STORY_CMD" \
	"$(date -u '+%Y-%m-%d %H:%M UTC')" <<'PY' || exit 1
import os, re, sys
tmp, data, mode, machine, versions, commit, load_cmd, story_cmd, when = sys.argv[1:10]
steps = []
for line in open(os.path.join(tmp, "load.out")):
    f = line.split()
    if len(f) == 9 and re.match(r"^\d+x\d+$", f[0]):
        steps.append(dict(zip(("step", "outst", "sync", "mean", "median", "sd", "p99", "total", "errors"), f)))
if not steps:
    sys.exit("sacache.sh: bench/sa_load.sh printed no step")
story = {}
for line in open(os.path.join(tmp, "story.out")):
    m = re.match(r"story: (\S+)\s+peers (\d+)\s+SA queries\s+(\d+)\s+since the detach\s+(\d+)", line)
    if m:
        story[m.group(1)] = (int(m.group(2)), int(m.group(3)), int(m.group(4)))
if set(story) != {"change", "kept", "cache"}:
    sys.exit("sacache.sh: sa_story.sh printed counts for %s, not change/kept/cache" % sorted(story))

with open(os.path.join(data, "sacache_tablev.dat"), "w") as f:
    f.write("# idx outstanding sync_qps total_qps mean_ms median_ms sd_ms p99_ms step\n")
    for i, s in enumerate(steps):
        f.write("%d %s %s %s %s %s %s %s %s\n" % (i, s["outst"], s["sync"], s["total"], s["mean"],
                s["median"], s["sd"], s["p99"], s["step"]))
with open(os.path.join(data, "sacache_tablev.gp"), "w") as f:
    f.write("""set title "OpenSM's SA under load (ibsim): total PathRecords served and the synchronous client's response time"
set xlabel 'flooders x queries outstanding each (outstanding in all)'
set ylabel 'PathRecord queries / s'
set y2label 'synchronous client: response time (ms)'
set ytics nomirror
set y2tics
set yrange [0:*]
set y2range [0:*]
set key top left
set grid ytics
set xtics (%s) rotate by -30
plot 'sacache_tablev.dat' using 1:4 with linespoints lw 2 pt 7 title 'total served (q/s)', \\
     '' using 1:3 with linespoints lw 2 pt 5 title 'synchronous client (q/s)', \\
     '' using 1:5:7 axes x1y2 with yerrorlines lw 2 pt 9 dt 2 title 'mean response, +- sd (ms, right)'
""" % ", ".join('"%s (%s)" %d' % (s["step"], s["outst"], i) for i, s in enumerate(steps)))

paper = [("SIF & 1 MIF", 396, 0.45, 0.22, 1.20, 435, 0.50, 0.22, 2.20, 2605, "~2540"),
         ("SIF & 2 MIFs", 405, 0.47, 0.22, 1.70, 174, 1.65, 0.24, 5.76, 4555, "~4640"),
         ("SIF & 3 MIFs", 398, 0.48, 0.22, 1.36, 161, 4.27, 2.89, 9.03, 5900, "~6740"),
         ("SIF & 4 MIFs", 406, 0.48, 0.22, 1.47, 98, 8.04, 4.10, 10.60, 6285, "~8840"),
         ("SIF & 5 MIFs (k = 8)", 417, 0.45, 0.22, 1.24, 92, 8.80, 4.79, 11.40, 6561, "~9990"),
         ("SIF & 5 MIFs (k = 1)", 397, 0.49, 0.22, 1.41, 167, 3.99, 0.53, 8.87, 6017, "~9990")]
num = lambda x: "{:,}".format(int(x))
out = []
w = out.append
w("## SA path-record caching: the SA under load and the migration counts (caching paper Table V, Figs. 5-7)\n")
w("Measured %s on %s (ibsim, opensm and every client on these cores), %s, osmcloud `%s`, "
  "mode `--%s`.\n" % (when, machine, versions, commit, mode))
w("### Table V: the SA under load\n")
w("Command: `%s` (stock opensm without the plugin, the default vSwitch fabric). Per step "
  "N x K: N flooder processes keep K SubnAdmGet(PathRecord) queries outstanding each "
  "(`osmcloud sa-load -w K`, the paper's MIF hosts with their SAF instances), one "
  "synchronous client (window 1, the paper's SIF) measures the response time; total = "
  "every client's queries/s. **ibsim bounds the steps**: it serves at most 9 client "
  "processes beside opensm (8 flooders and the synchronous client) and drops MADs beyond "
  "about 256 outstanding, so the largest step has %s outstanding, where the paper's last "
  "round had 961 SAF instances.\n" % (load_cmd, steps[-1]["outst"]))
w("| step N x K (outstanding) | sync q/s | mean ms | median ms | sd ms | p99 ms | total q/s | errors | command |")
w("|---|---|---|---|---|---|---|---|---|")
for s in steps:
    w("| %s (%s) | %s | %s | %s | %s | %s | %s | %s | `%s` |" % (
        s["step"], s["outst"], num(s["sync"]), s["mean"], s["median"], s["sd"], s["p99"],
        num(s["total"]), s["errors"], load_cmd))
w("\nThe paper's Table V (OpenSM on a switch's 1.1 GHz Atom; 25 rounds of k = 8 SAF "
  "instances spawned per MIF; the SIF's first round and final round, and the total in the "
  "final round against the flooders' theoretical maximum):\n")
w("| paper: flooders | SIF q/s, 1st round | mean / median / sd ms | SIF q/s, 25th round | mean / median / sd ms | total q/s measured | expected max |")
w("|---|---|---|---|---|---|---|")
for p in paper:
    w("| %s | %d | %.2f / %.2f / %.2f | %d | %.2f / %.2f / %.2f | %s | %s |" % (
        p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], num(p[9]), p[10]))
first, last = steps[0], steps[-1]
peak = max(steps, key=lambda s: int(s["total"]))
w("\n![Table V: total served and response time per step](results/sacache_tablev.png)\n")
# saturation: from the step with at most a quarter of the last step's
# outstanding queries to the last, the total grows less than 1.5 times
base = [s for s in steps[:-1] if 4 * int(s["outst"]) <= int(last["outst"])]
if base:
    b0 = base[-1]
    grow = int(last["total"]) / max(1, int(b0["total"]))
    trend = ("from %s to %s outstanding queries (%.1fx) the total served goes from %s to %s "
             "q/s (%.2fx): %s" % (b0["outst"], last["outst"], int(last["outst"]) / int(b0["outst"]),
                                  num(b0["total"]), num(last["total"]), grow,
                                  "the SM saturates" if grow < 1.5 else "not saturated yet"))
else:
    trend = "too few steps to tell whether the SM saturates"
w("* **Same shape as the paper**: the synchronous client alone is served %s q/s (mean %s ms); "
  "at the last step %s q/s (mean %s ms, sd %s ms), %.0f times fewer; %s (peak %s q/s at "
  "step %s). In the paper the total stops following the theoretical maximum from 3 MIFs on "
  "(5,900 against ~6,740) and reaches 6,561 q/s with the SIF at 92 q/s." % (
      num(first["sync"]), first["mean"], num(last["sync"]), last["mean"], last["sd"],
      int(first["sync"]) / max(1, int(last["sync"])), trend, num(peak["total"]), peak["step"]))
w("* **Differs from the paper, and why**: our rates are %.0f times the paper's alone (%s "
  "against 396-417 q/s) and %.1f times in total (%s against 6,561 q/s) because OpenSM runs on a "
  "server core here, not on a switch's 1.1 GHz Atom, and ibsim's small fabric keeps each path "
  "short; and the steps stop at %s outstanding queries (ibsim's client and MAD limits "
  "above), so the paper's 961-instance rounds cannot be reproduced. Our rates move with the "
  "other load on the two shared cores (the load average above; docs/sa-caching.md has a "
  "quieter run: 7,005 q/s alone, about 50,000 in total). At the last step our "
  "mean is %.1f times the median (%s against %s ms); the paper's final rounds had means up "
  "to 8.80 ms over medians of 0.22-4.79 ms (a long tail of slow answers).\n" % (
      int(first["sync"]) / 406.0, num(first["sync"]), int(peak["total"]) / 6561.0,
      num(peak["total"]), last["outst"],
      float(last["mean"]) / float(last["median"]), last["mean"], last["median"]))

w("### The migration counts (Figs. 5-7)\n")
w("Command: `%s` (tests/ibsim/sa_story.sh; patched opensm with `vswitch_ftree`, the VM "
  "registry and `sa_path_caching=on`, the default vSwitch fabric; docs/sa-caching.md, "
  "\"The migration story\"). %d peers hold an RDS-like connection to vm-a; its VF is "
  "detached, the VM moves to another hypervisor, the VF comes back and every peer "
  "reconnects. SA PathRecord queries the SM received from the peers:\n" % (
      story_cmd, story["cache"][0]))
w("| case | peers | SA queries, whole run | since the detach | paper (1 client, 1 server, RDS) | command |")
w("|---|---|---|---|---|---|")
paper_story = {
    "change": "Fig. 5: client 8 during the detach, server 140 excess while rejected (~98 s to reconnect)",
    "kept": "Fig. 6: client 14 during the detach, 1 to reconnect",
    "cache": "Fig. 7: 1 by each side for the whole run"}
label = {"change": "addresses change (shared port, emulated)",
         "kept": "addresses kept (`osmcloud ctl migrate`)",
         "cache": "kept + cache (`osmcloud pathcache serve`)"}
for c in ("change", "kept", "cache"):
    n, total, since = story[c]
    w("| %s | %d | %d | %d | %s | `%s` |" % (label[c], n, total, since, paper_story[c], story_cmd))
n = story["cache"][0]
w("\n* **As in the paper, the cache leaves one query per peer**: %d for %d peers, %d since "
  "the detach, against %d (%d since the detach) with kept addresses and %d (%d) when they "
  "change." % (story["cache"][1], n, story["cache"][2], story["kept"][1], story["kept"][2],
                story["change"][1], story["change"][2]))
w("* **Differs from the paper**: our peers do not emulate RDS's rejected connection "
  "requests and its wait for an unreachable event (the 98 s and 140 excess server queries "
  "of Fig. 5), so the changed-address case costs here only the extra IPoIB lookup and the "
  "retries inside the migration; the counts without the cache depend on how many retries "
  "fall inside the migration (three or four per peer), the cache's do not.\n")
open(os.path.join(data, "sacache.md"), "w").write("\n".join(out))
PY
echo "sacache: wrote $DATA/sacache.md"
