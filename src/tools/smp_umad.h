/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp_umad.h - directed-route SMPs on libibumad, many outstanding at once,
 * for "osmcloud smp-time"; runs on real HCAs as under ibsim (umad2sim).
 *
 * Directed routes start at the local port: hop 0 is the local node, hop
 * i leaves through port p[i].  No LID and no SM are needed.  Answers are
 * matched to requests by TID; a request that gets no answer within its
 * time-out comes back with OC_SMP_NO_ANSWER (umad reports the time-out,
 * or oc_smp_recv gives up at the deadline the caller keeps).
 */
#ifndef OC_SMP_UMAD_H
#define OC_SMP_UMAD_H

#include <stdint.h>

#include "umad_port.h"

#define OC_SMP_DATA 64	   /* bytes of an SMP's attribute data */
#define OC_SMP_MAX_HOPS 63 /* a directed route's longest initial path */
#define OC_SMP_NO_ANSWER OC_MAD_NO_ANSWER /* a time-out or a send error */

#define OC_SMP_GET 0x01
#define OC_SMP_SET 0x02
#define OC_SMP_ATTR_NODE_DESC 0x0010
#define OC_SMP_ATTR_NODE_INFO 0x0011
#define OC_SMP_ATTR_SWITCH_INFO 0x0012
#define OC_SMP_ATTR_PORT_INFO 0x0015
#define OC_SMP_ATTR_LFT 0x0019

/* A directed route from the local port: cnt hops, p[1..cnt] the output
 * ports (p[0] unused). */
struct oc_dr_path {
	uint8_t cnt;
	uint8_t p[OC_SMP_MAX_HOPS + 1];
};

struct oc_smp_port {
	struct oc_umad_port u;
	int agent;
};

/* One answer: the request's TID, its status (0 success; the DR direction
 * bit is not status; OC_SMP_NO_ANSWER for a time-out) and its data. */
struct oc_smp_answer {
	uint32_t tid;
	uint16_t status;
	uint16_t attr;
	uint32_t mod;
	uint8_t data[OC_SMP_DATA];
};

/* Opens ca/portnum (NULL/0: the first active) for directed-route SMPs;
 * prints why not, prefixed with who, and returns -1. */
int oc_smp_open(struct oc_smp_port *p, const char *ca, int portnum,
		const char *who);
void oc_smp_close(struct oc_smp_port *p);

/* Sends method (Get/Set) of attr/mod with data (NULL: zeros) along path;
 * 0 with its fresh TID, -1 after a message. */
int oc_smp_send(struct oc_smp_port *p, const struct oc_dr_path *path,
		unsigned method, unsigned attr, uint32_t mod,
		const uint8_t *data, int timeout_ms, uint32_t *tid);

/* The next answer within timeout_ms: 0, or -1 when none came. */
int oc_smp_recv(struct oc_smp_port *p, int timeout_ms, struct oc_smp_answer *a);

/* Get attr/mod along path and wait for its answer: 0 with data, -1 when
 * no answer or an error status came (*status says which). */
int oc_smp_get(struct oc_smp_port *p, const struct oc_dr_path *path,
	       unsigned attr, uint32_t mod, int timeout_ms, uint16_t *status,
	       uint8_t data[OC_SMP_DATA]);

/* path as "0,1,3" (the hops' ports; "0" for the local node). */
const char *oc_dr_path_str(const struct oc_dr_path *path, char *buf,
			   unsigned len);

#endif
