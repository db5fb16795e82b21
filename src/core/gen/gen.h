/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen.h - the topology generator: fat-trees (PGFT/XGFT, k-ary n-trees),
 * optionally with every host a vSwitch hypervisor, written as ibsim
 * topology files.
 *
 * Shape: Zahavi's PGFT(h; m1..mh; w1..wh; p1..ph).  Level 0 holds the end
 * nodes (hosts), level 1 the leaf switches, level h the roots.  A level-l
 * switch has m_l children, a level-(l-1) node has w_l parents, and every
 * child-parent pair is joined by p_l parallel links.  XGFT = all p_l = 1;
 * the k-ary n-tree is PGFT(n; k,..,k; 1,k,..,k; 1,..,1).  Level l holds
 * prod(m_{l+1}..m_h) * prod(w_1..w_l) nodes.
 *
 * Node numbering: a level-l node is the word (a_h..a_{l+1}, b_l..b_1),
 * a_i < m_i (which child it is of its level-i parents), b_i < w_i (which
 * parent it is of its level-(i-1) children); its index is
 * A * (w_1*..*w_l) + B with A the a-digits (a_{l+1} least significant) and
 * B the b-digits (b_1 least significant).  With w_1 = 1, host i is on
 * leaf i / m_1.
 *
 * With w_1 > 1 hosts have w_1*p_1 ports and the b_1 digit splits the
 * switches into w_1 planes that meet only at the hosts (multi-rail: each
 * plane is a subnet of its own for an SM).
 *
 * Multi-core fat-trees (--cores C, C >= 2): C copies ("cores") of the
 * shape, each with its own hosts, side by side in the numbering: core c
 * holds the level-l nodes c*n_l .. c*n_l + n_l-1 (n_l the nodes of one
 * core at level l), so names, GUIDs and the leaf indices of the options
 * below simply continue from core to core.  Horizontal links join
 * corresponding switches of neighbouring cores (a chain: core c to core
 * c+1, one link per switch pair) at the top level (--core-links top: root
 * j of core c to root j of core c+1) or at the leaves (--core-links leaf,
 * JuRoPa-style).  C = 1 is the plain single-core tree.
 *
 * Port numbering of a switch at level l: down ports first, child a_l,
 * parallel link q on port a_l*p_l + q + 1; then the up ports, parent b,
 * link q on port down + b*p_{l+1} + q + 1; then (linked level of a
 * multi-core tree only) the horizontal ports: to core c-1 first (when
 * c > 0), then to core c+1 (when c < C-1); then (leaves only) the I/O CAs,
 * then the spare (unconnected) ports.  A host's or hypervisor's up ports
 * are 1..w_1*p_1.  Dropped hosts leave their leaf ports unconnected.
 *
 * Names (node ids and NodeDescriptions): switches "sw-L<level>-<i>" with
 * L1 = leaves .. L<h> = roots; hosts are numbered by position i in the
 * full tree (dropping hosts leaves gaps, so every other name and GUID stays
 * the same): plain hosts "ca-<i>"; hypervisors are a switch "hv<i>" (the
 * vSwitch: up ports, then the PF on the next port, then the VFs) with
 * one-port CAs "hv<i>-pf" and "hv<i>-vf<j>", j = 1..VFs; I/O CAs "io-<k>",
 * numbered leaf by leaf.  The first host's CA is written first: it is
 * ibsim's default attach point (opensm then runs on a host).
 *
 * GUIDs (fixed, written before every record):
 *   switch       0x0002c903_00000000 | level << 24 | i  (level 0 = vSwitch)
 *   host CA, PF  0x0002c904_00000000 | i << 4
 *   VF           0x0002c905_00000000 | (i << 8 | j) << 4
 *   I/O CA       0x0002c906_00000000 | k << 4
 * CA port GUIDs are node GUID + port (at most 15 ports), so no two GUIDs
 * collide as long as i < 2^24 per level, hypervisors < 2^20 and VFs per
 * hypervisor < 256; oc_gen_build checks these limits. *
 * Random defects (gen_random.c), reproducible: the same --seed (default
 * 1) and options give the same fabric, byte for byte.  Each kind draws
 * from its own stream of the seed, so changing one count leaves the
 * others' choices alone.  --hostless-leaves N: N random leaf groups
 * (leaves with w_1 = 1) lose all their hosts; --missing-hosts N: N random
 * hosts left out; both keep at least one host.  --random-io N: N one-port
 * I/O CAs, io-<k> after those of --io-cas, each on a random physical
 * switch (any level, or only leaves or only upper levels) and there on a
 * random free port (one left by a dropped host, a spare port, one below
 * --radix); a switch without one gets one more port (not with --radix,
 * where only switches with a free port are drawn).  --cut-links N: N
 * random cables between physical switches (parallel and horizontal ones
 * included, never a host's, vSwitch's or I/O CA's) left out, after
 * --drop-link, never one whose loss would split the switches: every
 * switch stays connected to every other one it was connected to.
 */
#ifndef OC_GEN_H
#define OC_GEN_H

#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "model/fabric.h"

#define OC_GEN_MAX_LEVELS 8
#define OC_GEN_MAX_LIST 64 /* entries of each list option */
#define OC_GEN_MAX_NODES 1000000u
#define OC_GEN_VSWITCH_EACH 1 /* --vswitch N */
#define OC_GEN_VSWITCH_LIST 2 /* --vf-counts N,N,.. */
#define OC_GEN_NAME_MAX 64

#define OC_GEN_SW_GUID 0x0002c90300000000ULL
#define OC_GEN_HOST_GUID 0x0002c90400000000ULL
#define OC_GEN_VF_GUID 0x0002c90500000000ULL
#define OC_GEN_IO_GUID 0x0002c90600000000ULL
#define OC_GEN_MAX_CORES 64

/* Where the cores of a multi-core tree are joined. */
enum oc_gen_core_links {
	OC_GEN_CORE_LINKS_TOP = 0,  /* between corresponding roots */
	OC_GEN_CORE_LINKS_LEAF = 1, /* between corresponding leaves */
};

/* Where --random-io puts its I/O CAs. */
enum oc_gen_io_where {
	OC_GEN_IO_ANY = 0,    /* any physical switch */
	OC_GEN_IO_LEAVES = 1, /* leaves only */
	OC_GEN_IO_UPPER = 2,  /* switches above the leaves only */
};

/* "LEAF:N": N things on leaf sw-L1-<leaf>. */
struct oc_gen_leaf_count {
	uint32_t leaf;
	unsigned count;
};

/* "NAME:PORT": the link on this port of this node. */
struct oc_gen_port_ref {
	char node[OC_GEN_NAME_MAX];
	unsigned port;
};

struct oc_gen_params {
	/* the shape: a k-ary n-tree (kary != 0) ... */
	unsigned kary;
	unsigned kary_levels; /* n, default 3 */
	/* ... or a PGFT (levels != 0); index 1..levels */
	unsigned levels;
	unsigned m[OC_GEN_MAX_LEVELS + 1];
	unsigned w[OC_GEN_MAX_LEVELS + 1];
	unsigned p[OC_GEN_MAX_LEVELS + 1];
	unsigned hosts_per_leaf; /* overrides m1 when non-zero */
	/* hosts as vSwitch hypervisors: VF counts cycled over positions;
	 * vswitch is 0 or the option that gave them (errors name it) */
	int vswitch;
	unsigned vf_counts[OC_GEN_MAX_LIST];
	unsigned num_vf_counts;
	/* extras and defects */
	struct oc_gen_leaf_count io_cas[OC_GEN_MAX_LIST];
	unsigned num_io_cas;
	struct oc_gen_leaf_count drop_hosts[OC_GEN_MAX_LIST];
	unsigned num_drop_hosts;
	struct oc_gen_port_ref drop_links[OC_GEN_MAX_LIST];
	unsigned num_drop_links;
	/* multi-core: 'cores' copies joined by horizontal links */
	unsigned cores;	     /* 0 or 1: a single core */
	unsigned core_links; /* enum oc_gen_core_links */
	int core_links_given;
	unsigned spare_ports; /* free ports on every leaf */
	unsigned radix;	      /* ports of every physical switch, 0 =
					 * as many as it uses */
	/* random defects, reproducible from the seed (default 1) */
	uint64_t seed;
	unsigned hostless_leaves; /* leaf groups left without hosts */
	unsigned missing_hosts;	  /* hosts left out anywhere */
	unsigned random_io;	  /* I/O CAs on random free ports */
	unsigned random_io_where; /* enum oc_gen_io_where */
	unsigned cut_links;	  /* switch-to-switch cables left out */
};

/* What oc_gen_build made. */
struct oc_gen_stats {
	unsigned levels;
	uint32_t switches[OC_GEN_MAX_LEVELS + 1]; /* [1..levels] */
	uint32_t hosts; /* plain host CAs or hypervisors */
	uint32_t vfs;
	uint32_t io_cas;
	uint32_t cores;	     /* 1 for a single-core tree */
	uint32_t core_links; /* horizontal links between cores */
	uint32_t links;	     /* all links, core_links included */
	uint32_t cut_links;  /* left out by --cut-links */
	uint32_t nodes;
};

/* No shape, no extras; kary_levels 3, seed 1. */
void oc_gen_params_init(struct oc_gen_params *p);

/* Sets one option from its string form; option is the long option name
 * without dashes: kary, levels, pgft, hosts-per-leaf, vswitch, vf-counts,
 * io-cas, drop-hosts, drop-link (adds one), spare-ports, radix, cores,
 * core-links (top or leaf), seed, hostless-leaves, missing-hosts,
 * random-io (N[:any|:leaves|:upper]), cut-links.  Errors name the option
 * and the problem. */
int oc_gen_set_option(struct oc_gen_params *p, const char *option,
		      const char *value, struct oc_err *err);

/* The PGFT a params struct stands for, k-ary and hosts-per-leaf applied,
 * e.g. "PGFT(2;3,4;1,2;1,1)"; empty when no shape is set. */
void oc_gen_shape_string(const struct oc_gen_params *p, char *buf, size_t size);

/* Checks the parameters and builds the fabric (no LIDs).  NULL on a bad
 * parameter (err names the option) or out of memory.  stats may be NULL. */
struct oc_fabric *oc_gen_build(const struct oc_gen_params *p,
			       struct oc_gen_stats *stats, struct oc_err *err);

/* oc_gen_build that also writes one line per kind of random defect to log
 * (when not NULL), naming what the seed chose: e.g. "cut cables (seed 7,
 * as --drop-link): sw-L1-0:5 sw-L2-3:1". */
struct oc_fabric *oc_gen_build_logged(const struct oc_gen_params *p,
				      struct oc_gen_stats *stats, FILE *log,
				      struct oc_err *err);

/* Writes a fabric as an ibsim topology: the comment lines first (each
 * prefixed with "# "; may be NULL), then the first CA, then every other
 * node in fabric order, each record preceded by its GUID line. */
int oc_gen_write_fabric(const struct oc_fabric *f, const char *comment,
			FILE *out, struct oc_err *err);

/* oc_gen_build + oc_gen_write_fabric with a header naming the shape. */
int oc_gen_write(const struct oc_gen_params *p, FILE *out, struct oc_err *err);

#endif
