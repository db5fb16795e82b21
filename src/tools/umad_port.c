/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * umad_port.c - one local port opened on libibumad (see umad_port.h).
 *
 * A MAD's common header (IBA 13.4.2): class at 1, method at 3, status at
 * 4 (a directed-route SMP's top bit is its direction, IBA 14.2.1.2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "umad_port.h"

#define SMP_DR_CLASS 0x81
#define METHOD_GET_RESP 0x81

int oc_umad_open(struct oc_umad_port *u, const char *ca, int portnum,
		 unsigned mgmt_class, unsigned class_version,
		 const char *purpose, const char *who)
{
	int agent = -1;

	memset(u, 0, sizeof(*u));
	u->fd = -1;
	u->who = who;
	if (umad_init() < 0 || umad_get_port(ca, portnum, &u->port) < 0) {
		fprintf(stderr, "%s: no port %s/%d (libibumad)\n", who,
			ca ? ca : "(first CA)", portnum);
		return -1;
	}
	u->fd = umad_open_port(u->port.ca_name, u->port.portnum);
	if (u->fd >= 0)
		agent = umad_register(u->fd, (int)mgmt_class,
				      (int)class_version, 0, NULL);
	u->umad = calloc(1, umad_size() + OC_MAD_SIZE);
	if (u->fd < 0 || agent < 0 || !u->umad) {
		fprintf(stderr, "%s: cannot open %s/%d for %s\n", who,
			u->port.ca_name, u->port.portnum, purpose);
		oc_umad_close(u);
		return -1;
	}
	return agent;
}

void oc_umad_close(struct oc_umad_port *u)
{
	if (u->fd >= 0)
		umad_close_port(u->fd);
	if (u->port.pkeys || u->port.ca_name[0])
		umad_release_port(&u->port);
	u->port.ca_name[0] = '\0';
	free(u->umad);
	u->umad = NULL;
	u->fd = -1;
}

uint16_t oc_umad_answer_status(const struct oc_umad_port *u)
{
	const uint8_t *m = umad_get_mad(u->umad);

	if (umad_status(u->umad) || m[3] != METHOD_GET_RESP)
		return OC_MAD_NO_ANSWER;
	return (uint16_t)(oc_get_be16(m + 4) &
			  (m[1] == SMP_DR_CLASS ? 0x7fff : 0xffff));
}
