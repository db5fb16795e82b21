/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * ibports.h - the CA ports of a live fabric, found through libibmad.
 *
 * For "osmcloud weights", which needs each CA port's GUID (the key of a
 * weights file), port number and LID (to reach its performance agent).
 * Every CA port is found by a breadth-first walk of directed-route SMPs
 * from the local port, so only LIDs must be assigned (an SM ran), no SA
 * query is needed; a given LID is resolved with one LID-routed NodeInfo.
 */
#ifndef OC_IBPORTS_H
#define OC_IBPORTS_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

struct ibmad_port;

/* The local port MADs are sent from, and the time-out for each MAD. */
struct oc_mad {
	struct ibmad_port *port;
	unsigned timeout_ms;
};

/* One CA port of the fabric. */
struct oc_ibport {
	uint64_t guid; /* port GUID */
	uint16_t lid;  /* base LID, 0: none assigned */
	uint8_t num;   /* port number on its CA */
	char desc[65]; /* the CA's NodeDescription */
};

struct oc_ibports {
	struct oc_ibport *v;
	size_t n, cap;
};

/* Opens CA ca (NULL: the first) port port (0: the first active) for SMPs,
 * performance MADs and SA queries. */
int oc_mad_open(struct oc_mad *m, const char *ca, int port, unsigned timeout_ms,
		struct oc_err *err);
void oc_mad_close(struct oc_mad *m);

/* Appends every CA port reachable from the local port (in the order the
 * walk meets them, the local one first when it is a CA port). */
int oc_ibports_discover(const struct oc_mad *m, struct oc_ibports *out,
			struct oc_err *err);

/* The CA port that has base LID lid. */
int oc_ibport_by_lid(const struct oc_mad *m, uint16_t lid,
		     struct oc_ibport *out, struct oc_err *err);

int oc_ibports_add(struct oc_ibports *ps, const struct oc_ibport *p,
		   struct oc_err *err);
void oc_ibports_free(struct oc_ibports *ps);

#endif
