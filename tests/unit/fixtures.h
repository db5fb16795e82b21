/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fixtures.h - small topologies used by several unit tests.
 */
#ifndef OC_FIXTURES_H
#define OC_FIXTURES_H

/* The fabric of the vSwitch paper's Figure 2: roots R1, R2; leaves L1
 * (vSwitches v1, v2 with 2 VMs each) and L2 (v3 with 3 VMs, v4 with 1). */
#define FIG2_NET                                                              \
	"Switch 4 \"R1\"\n[1] \"L1\"[1]\n[2] \"L2\"[1]\n\n"                   \
	"Switch 4 \"R2\"\n[1] \"L1\"[2]\n[2] \"L2\"[2]\n\n"                   \
	"Switch 4 \"L1\"\n[1] \"R1\"[1]\n[2] \"R2\"[1]\n[3] \"v1\"[1]\n"      \
	"[4] \"v2\"[1]\n\n"                                                   \
	"Switch 4 \"L2\"\n[1] \"R1\"[2]\n[2] \"R2\"[2]\n[3] \"v3\"[1]\n"      \
	"[4] \"v4\"[1]\n\n"                                                   \
	"Switch 5 \"v1\"\n[1] \"L1\"[3]\n[2] \"v1pf\"[1]\n[3] \"vm1\"[1]\n"   \
	"[4] \"vm2\"[1]\n\n"                                                  \
	"Switch 5 \"v2\"\n[1] \"L1\"[4]\n[2] \"v2pf\"[1]\n[3] \"vm3\"[1]\n"   \
	"[4] \"vm4\"[1]\n\n"                                                  \
	"Switch 5 \"v3\"\n[1] \"L2\"[3]\n[2] \"v3pf\"[1]\n[3] \"vm5\"[1]\n"   \
	"[4] \"vm6\"[1]\n[5] \"vm7\"[1]\n\n"                                  \
	"Switch 5 \"v4\"\n[1] \"L2\"[4]\n[2] \"v4pf\"[1]\n[3] \"vm8\"[1]\n\n" \
	"Hca 1 \"v1pf\"\n[1] \"v1\"[2]\n\nHca 1 \"vm1\"\n[1] \"v1\"[3]\n\n"   \
	"Hca 1 \"vm2\"\n[1] \"v1\"[4]\n\nHca 1 \"v2pf\"\n[1] \"v2\"[2]\n\n"   \
	"Hca 1 \"vm3\"\n[1] \"v2\"[3]\n\nHca 1 \"vm4\"\n[1] \"v2\"[4]\n\n"    \
	"Hca 1 \"v3pf\"\n[1] \"v3\"[2]\n\nHca 1 \"vm5\"\n[1] \"v3\"[3]\n\n"   \
	"Hca 1 \"vm6\"\n[1] \"v3\"[4]\n\nHca 1 \"vm7\"\n[1] \"v3\"[5]\n\n"    \
	"Hca 1 \"v4pf\"\n[1] \"v4\"[2]\n\nHca 1 \"vm8\"\n[1] \"v4\"[3]\n"

/* A plain 2-level fat-tree: roots S1, S2, leaves A, B with two CAs each. */
#define TWO_LEVEL_NET                                                   \
	"Switch 4 \"S1\"\n[1] \"A\"[1]\n[2] \"B\"[1]\n\n"               \
	"Switch 4 \"S2\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n\n"               \
	"Switch 4 \"A\"\n[1] \"S1\"[1]\n[2] \"S2\"[1]\n[3] \"a1\"[1]\n" \
	"[4] \"a2\"[1]\n\n"                                             \
	"Switch 4 \"B\"\n[1] \"S1\"[2]\n[2] \"S2\"[2]\n[3] \"b1\"[1]\n" \
	"[4] \"b2\"[1]\n\n"                                             \
	"Hca 1 \"a1\"\n[1] \"A\"[3]\n\nHca 1 \"a2\"\n[1] \"A\"[4]\n\n"  \
	"Hca 1 \"b1\"\n[1] \"B\"[3]\n\nHca 1 \"b2\"\n[1] \"B\"[4]\n"

/* Roots S1, S2 (ports 1-3); leaves A, B, C; CAs a1, a2 on A, b1 on B, c1
 * on C. */
#define THREE_LEAF_NET                                                    \
	"Switch 3 \"S1\"\n[1] \"A\"[1]\n[2] \"B\"[1]\n[3] \"C\"[1]\n\n"   \
	"Switch 3 \"S2\"\n[1] \"A\"[2]\n[2] \"B\"[2]\n[3] \"C\"[2]\n\n"   \
	"Switch 4 \"A\"\n[1] \"S1\"[1]\n[2] \"S2\"[1]\n[3] \"a1\"[1]\n"   \
	"[4] \"a2\"[1]\n\n"                                               \
	"Switch 3 \"B\"\n[1] \"S1\"[2]\n[2] \"S2\"[2]\n[3] \"b1\"[1]\n\n" \
	"Switch 3 \"C\"\n[1] \"S1\"[3]\n[2] \"S2\"[3]\n[3] \"c1\"[1]\n\n" \
	"Hca 1 \"a1\"\n[1] \"A\"[3]\n\nHca 1 \"a2\"\n[1] \"A\"[4]\n\n"    \
	"Hca 1 \"b1\"\n[1] \"B\"[3]\n\nHca 1 \"c1\"\n[1] \"C\"[3]\n"

/* Four switches in a ring (no fat-tree): port 1 clockwise, port 2 back,
 * port 3 a CA. */
#define RING_NET                                                           \
	"Switch 3 \"r0\"\n[1] \"r1\"[2]\n[2] \"r3\"[1]\n[3] \"c0\"[1]\n\n" \
	"Switch 3 \"r1\"\n[1] \"r2\"[2]\n[2] \"r0\"[1]\n[3] \"c1\"[1]\n\n" \
	"Switch 3 \"r2\"\n[1] \"r3\"[2]\n[2] \"r1\"[1]\n[3] \"c2\"[1]\n\n" \
	"Switch 3 \"r3\"\n[1] \"r0\"[2]\n[2] \"r2\"[1]\n[3] \"c3\"[1]\n\n" \
	"Hca 1 \"c0\"\n[1] \"r0\"[3]\n\nHca 1 \"c1\"\n[1] \"r1\"[3]\n\n"   \
	"Hca 1 \"c2\"\n[1] \"r2\"[3]\n\nHca 1 \"c3\"\n[1] \"r3\"[3]\n"

#endif
