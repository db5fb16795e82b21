#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""mem_model.py - where opensm's memory goes for the routing of a fabric,
computed from the fabric's counts and OpenSM 3.3.23's allocations.

usage: bench/mem_model.py FABRIC.net [--guid2lid FILE] [--rss ENGINE=MiB ...]

FABRIC.net is an ibsim topology (osmcloud gen writes one).  The model
counts switches (and their ports), CA ports and LIDs, then applies what
OpenSM allocates per switch (osm_switch.c, osm_switch_prepare_path_rebuild
and osm_switch_set_hops) and what each engine adds:

  lft, new_lft      2 x (max_lid / 64 + 1) x 64 bytes per switch
  hops pointers     (max_lid + 1) x 8 bytes per switch, calloc'ed: only the
                    4 KiB pages holding a LID that gets a row become
                    resident; --guid2lid (OpenSM's cache file of the run)
                    gives the real LID layout, else every page counts
  hop rows          one malloc(num_ports) per (switch, LID with a row):
                    malloc chunk = max(32, (num_ports + 8 + 15) & ~15);
                    switch LIDs only, for every engine: OpenSM's own
                    osm_ucast_mgr_build_lid_matrices (updn, minhop) sets
                    rows for switch LIDs (a CA's hops are its switch's
                    + 1), ftree only for target switches, the osmcloud
                    engines for switch LIDs (hops_out.c)
  engine's own      ftree: one byte per (switch, LID) (ftree_sw_t.hops);
                    osmcloud: its private LFTs (one byte per (switch, LID),
                    rows of 64) and the switch distances (switches^2 bytes)
  queued LFT SMPs   on the first sweep every switch gets every block up to
                    the highest LinearFDBTop: switches x (max_lid / 64 + 1)
                    SMPs queued at once, each an osm_madw_t (184 B) and a
                    umad buffer (56 + 256 B): 192 + 320 B malloc chunks
  discovery         osm_node_t (1,864 B) + osm_physp_t (1,672 B) per port,
                    the SL2VL tables of switch ports (32 B chunks,
                    (ports + 1)^2 per switch), osm_port_t (168 B) per LID

The sizes were read with sizeof() against the installed OpenSM headers.
--rss ENGINE=MB compares the sum with a measured peak RSS (e.g. from
bench/bench.sh).  Prints a table in MB (10^6 bytes) and MiB.
"""
import re
import sys

NODE, PHYSP, PORT, SLVL_CHUNK = 1864, 1672, 168, 32
MADW_CHUNK, UMAD_CHUNK = 192, 320
PAGE = 4096
# the engines of the table; all of them give rows to switch LIDs only
COLUMNS = (("osmcloud", "switch"), ("ftree", "switch"), ("updn", "switch"))


def chunk(n):
    """glibc malloc chunk of an n-byte request (64-bit)."""
    return max(32, (n + 8 + 15) & ~15)


def read_net(path):
    """[external ports of each switch], number of CAs, switch GUIDs."""
    switches, cas, guids = [], 0, set()
    with open(path) as f:
        for line in f:
            if line.startswith("switchguid="):
                guids.add(int(line.split("=")[1].split()[0], 16))
            m = re.match(r'^Switch\s+(\d+)\s', line)
            if m:
                switches.append(int(m.group(1)))
            elif re.match(r'^(Ca|Hca|Rt)\s', line):
                cas += 1  # osmcloud gen: one port with a LID per CA
    return switches, cas, guids


def pointer_pages(guid2lid, sw_guids, L):
    """resident pages of one switch's pointer array: (switch rows, all rows)."""
    every = (L + 1) * 8 // PAGE + 1
    if not guid2lid:
        return every, every
    sw, al = set(), set()
    with open(guid2lid) as f:
        for line in f:
            p = line.split()
            if len(p) < 2:
                continue
            page = int(p[1], 16) * 8 // PAGE
            al.add(page)
            if int(p[0], 16) in sw_guids:
                sw.add(page)
    return len(sw), len(al)


def parse(argv):
    net, g2l, rss = None, None, {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--rss", "--guid2lid") and i + 1 < len(argv):
            if a == "--rss":
                k, _, v = argv[i + 1].partition("=")
                rss[k] = float(v)
            else:
                g2l = argv[i + 1]
            i += 2
            continue
        if a.startswith("-") or net:
            return None
        net = a
        i += 1
    return net and (net, g2l, rss)


def main(argv):
    got = parse(argv)
    if not got:
        print(__doc__, file=sys.stderr)
        return 2
    net, g2l, rss = got
    switches, cas, sw_guids = read_net(net)
    S, L = len(switches), len(switches) + cas
    blocks = L // 64 + 1
    pages_sw, pages_all = pointer_pages(g2l, sw_guids, L)
    row_chunks = sum(chunk(p + 1) for p in switches)  # one row on each switch
    disc = (sum(NODE + PHYSP * p + SLVL_CHUNK * (p + 1) * (p + 1) for p in switches)
            + cas * (NODE + PHYSP) + L * PORT)
    rows = {"switch": row_chunks * S, "all": row_chunks * L}
    ptrs = {"switch": pages_sw * PAGE * S, "all": pages_all * PAGE * S}
    items = [("discovery: nodes, ports, SL2VL tables", lambda e, r: disc),
             ("lft + new_lft", lambda e, r: 2 * blocks * 64 * S),
             ("hops pointer arrays, resident pages", lambda e, r: ptrs[r]),
             ("hop rows (one per switch and switch LID)", lambda e, r: rows[r]),
             ("ftree's own hops (1 B per switch, LID)",
              lambda e, r: (L + 1) * S if e == "ftree" else 0),
             ("osmcloud: private LFTs + switch distances (freed by the "
              "LFT copy, before the SMPs are queued: not in the peak)",
              lambda e, r: blocks * 64 * S + S * S if e == "osmcloud" else 0),
             ("queued LFT SMPs (first sweep)",
              lambda e, r: S * blocks * (MADW_CHUNK + UMAD_CHUNK))]
    print("%s: %d switches (%s), %d CA ports, max LID %d, %d LFT blocks per "
          "switch (%d SMPs); pointer pages resident per switch: %d with switch "
          "LIDs, %d with any LID, of %d%s" % (
              net, S, ", ".join("%d x %d ports" % (switches.count(p), p)
                                for p in sorted(set(switches), reverse=True)),
              cas, L, blocks, S * blocks, pages_sw, pages_all, (L + 1) * 8 // PAGE + 1,
              "" if g2l else " (no --guid2lid: every page counted)"))
    print("| structure | %s |" % " | ".join("%s MB" % c for c, _ in COLUMNS))
    print("|---|%s" % ("---:|" * len(COLUMNS)))
    tot = [0] * len(COLUMNS)
    for name, fn in items:
        v = [fn(e, r) for e, r in COLUMNS]
        if "not in the peak" not in name:
            tot = [a + b for a, b in zip(tot, v)]
        print("| %s | %s |" % (name, " | ".join("%.0f" % (x / 1e6) for x in v)))
    print("| **at the peak (blocks queued)** | %s |" % " | ".join("**%.0f**" % (x / 1e6) for x in tot))
    alias = {"vswitch_ftree": 0, "sftree": 0, "osmcloud": 0, "ftree": 1, "updn": 2, "minhop": 2}
    for k, mib in rss.items():
        if k in alias:
            b = mib * 1048576
            print("%s: measured peak RSS %.0f MB; the model %.0f MB (%.0f %%); "
                  "not modelled: %.0f MB" % (k, b / 1e6, tot[alias[k]] / 1e6,
                                             100 * tot[alias[k]] / b, (b - tot[alias[k]]) / 1e6))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
