/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * umad_port.h - one local port opened on libibumad for the tools' MADs:
 * the port, its file, one send and receive buffer, the next TID, and the
 * one rule for an answer's status.  sa_umad.c (SA queries, the local
 * port's SMPs) and smp_umad.c (directed-route SMP streams) build on it.
 */
#ifndef OC_UMAD_PORT_H
#define OC_UMAD_PORT_H

#include <stdint.h>

#include <infiniband/umad.h>

#define OC_MAD_SIZE 256
#define OC_MAD_NO_ANSWER 0xffff /* status of a time-out or a send error */

struct oc_umad_port {
	int fd;
	umad_port_t port;
	void *umad; /* send and receive buffer, one MAD */
	uint32_t next_tid;
	const char *who; /* the command, for error messages */
};

/* Opens port portnum of ca (NULL: the first CA) and registers an agent
 * for mgmt_class/class_version: the agent, or -1 after printing
 * "WHO: no port CA/N (libibumad)" or "WHO: cannot open CA/N for PURPOSE"
 * (nothing left open). */
int oc_umad_open(struct oc_umad_port *u, const char *ca, int portnum,
		 unsigned mgmt_class, unsigned class_version,
		 const char *purpose, const char *who);
void oc_umad_close(struct oc_umad_port *u);

/* The status of the MAD in u->umad: OC_MAD_NO_ANSWER for a time-out, a
 * send error or a MAD that is no GetResp; a directed-route SMP's
 * direction bit is not status. */
uint16_t oc_umad_answer_status(const struct oc_umad_port *u);

#endif
