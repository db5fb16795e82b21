/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sa_umad.h - SA and SMP MADs on libibumad for the osmcloud tools that
 * talk to the SM (sa-load, pathcache, the story's peer emulator): they
 * run on real HCAs and under ibsim (LD_PRELOAD=libumad2sim.so).
 *
 * One oc_sa_port is one local port opened with an agent for the SA class
 * (SubnAdmGet(PathRecord), synchronous or asynchronous) and, on demand,
 * agents for SMPs (the local port's PortInfo and P_Key table by directed
 * route, the SM's SMInfo by LID).  Not thread-safe: one user at a time.
 */
#ifndef OC_SA_UMAD_H
#define OC_SA_UMAD_H

#include <stdint.h>

#include "sa/pathrec.h"
#include "umad_port.h"

#define OC_SA_MAX_PKEYS 256 /* read at most this many P_Key entries */

struct oc_sa_port {
	struct oc_umad_port u;
	int sa_agent;	   /* SA class 0x03 */
	int smp_agent;	   /* directed-route SMPs (0x81), -1 until needed */
	int lid_agent;	   /* LID-routed SMPs (0x01), -1 until needed */
	unsigned pkey_cap; /* NodeInfo's PartitionCap, 0 until read */
};

/* What the local port and the SM look like now. */
struct oc_sa_port_state {
	uint16_t lid, sm_lid;
	uint8_t lmc;
	uint64_t sm_guid; /* 0 when SMInfo could not be read */
	unsigned n_pkeys;
	uint16_t pkeys[OC_SA_MAX_PKEYS];
};

/* Opens ca/portnum (NULL/0: the first active) for SA MADs; prints why
 * not, prefixed with who, and returns -1. */
int oc_sa_open(struct oc_sa_port *p, const char *ca, int portnum,
	       const char *who);
void oc_sa_close(struct oc_sa_port *p);

/* Fills mad with a SubnAdmGet(PathRecord) of comp_mask and query (TID
 * left zero: oc_sa_send sets it). */
void oc_sa_build_pr_get(uint8_t mad[OC_MAD_SIZE], uint64_t comp_mask,
			const uint8_t query[OC_PATHREC_SIZE]);

/* Sends mad to the SM with a fresh TID, returned in *tid; -1 on error. */
int oc_sa_send(struct oc_sa_port *p, uint8_t mad[OC_MAD_SIZE], int timeout_ms,
	       uint32_t *tid);

/* One SA answer within timeout_ms: 0 with its TID, the MAD status (0 is
 * success; 0xffff when umad reports a time-out or send error) and the
 * record; -1 when nothing came. */
int oc_sa_recv(struct oc_sa_port *p, int timeout_ms, uint32_t *tid,
	       uint16_t *status, uint8_t rec[OC_PATHREC_SIZE]);

/* SubnAdmGet(PathRecord) and wait for its answer: 0 with the MAD status
 * and the record (valid when status is 0), -1 when no answer came. */
int oc_sa_get_path(struct oc_sa_port *p, uint64_t comp_mask,
		   const uint8_t query[OC_PATHREC_SIZE], int timeout_ms,
		   uint16_t *status, uint8_t answer[OC_PATHREC_SIZE]);

/* Reads the local port's PortInfo (LID, LMC, SM LID) and P_Key table by
 * directed route, and the SM's SMInfo (its port GUID) by LID: 0, or -1
 * with a message when the port itself cannot be read (an unreadable
 * SMInfo leaves sm_guid 0). */
int oc_sa_read_state(struct oc_sa_port *p, int timeout_ms,
		     struct oc_sa_port_state *st);

/* The port's GID prefix and GUID as a 16-byte GID (wire order). */
void oc_sa_port_gid(const struct oc_sa_port *p, uint8_t gid[16]);

#endif
