/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sa_umad.c - SA and SMP MADs on libibumad (see sa_umad.h).
 *
 * MAD layout (IBA 13.4, 14.2.1, 15.2.1): common header of 24 bytes
 * (method at 3, status at 4, TID at 8, attribute ID at 16, modifier at
 * 20); an SMP's data at 64 (directed route: hop count at 7, status's top
 * bit is the direction); an SA MAD's component mask at 48, record at 56.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/bytes.h"
#include "sa_umad.h"

#define SA_CLASS 0x03
#define SA_CLASS_VERSION 2
#define SMP_LID_CLASS 0x01
#define SMP_DR_CLASS 0x81
#define METHOD_GET 0x01
#define ATTR_NODE_INFO 0x0011
#define ATTR_PORT_INFO 0x0015
#define ATTR_PKEY_TABLE 0x0016
#define ATTR_SM_INFO 0x0020
#define ATTR_PATH_RECORD 0x0035
#define SA_QKEY 0x80010000
#define SA_MASK_OFF 48
#define SA_DATA_OFF 56
#define SMP_DATA_OFF 64
#define PKEYS_PER_BLOCK 32

static uint32_t mad_tid(const uint8_t *m)
{
	return oc_get_be32(m + 12);
}

int oc_sa_open(struct oc_sa_port *p, const char *ca, int portnum,
	       const char *who)
{
	p->sa_agent = oc_umad_open(&p->u, ca, portnum, SA_CLASS,
				   SA_CLASS_VERSION, "SA MADs", who);
	p->smp_agent = p->lid_agent = -1;
	p->pkey_cap = 0;
	return p->sa_agent < 0 ? -1 : 0;
}

void oc_sa_close(struct oc_sa_port *p)
{
	oc_umad_close(&p->u);
}

void oc_sa_build_pr_get(uint8_t mad[OC_MAD_SIZE], uint64_t comp_mask,
			const uint8_t query[OC_PATHREC_SIZE])
{
	memset(mad, 0, OC_MAD_SIZE);
	mad[0] = 1; /* base version */
	mad[1] = SA_CLASS;
	mad[2] = SA_CLASS_VERSION;
	mad[3] = METHOD_GET;
	oc_put_be16(mad + 16, ATTR_PATH_RECORD);
	oc_put_be64(mad + SA_MASK_OFF, comp_mask);
	memcpy(mad + SA_DATA_OFF, query, OC_PATHREC_SIZE);
}

static int send_mad(struct oc_sa_port *p, int agent, uint8_t *mad,
		    unsigned dlid, int dqp, int qkey, int timeout_ms,
		    uint32_t *tid)
{
	*tid = ++p->u.next_tid;
	oc_put_be64(mad + 8, *tid);
	memcpy(umad_get_mad(p->u.umad), mad, OC_MAD_SIZE);
	umad_set_addr(p->u.umad, (int)dlid, dqp, p->u.port.sm_sl, qkey);
	if (umad_send(p->u.fd, agent, p->u.umad, OC_MAD_SIZE, timeout_ms, 0) <
	    0) {
		fprintf(stderr, "%s: umad_send to LID %u: %s\n", p->u.who, dlid,
			strerror(errno));
		return -1;
	}
	return 0;
}

int oc_sa_send(struct oc_sa_port *p, uint8_t mad[OC_MAD_SIZE], int timeout_ms,
	       uint32_t *tid)
{
	return send_mad(p, p->sa_agent, mad, p->u.port.sm_lid, 1, SA_QKEY,
			timeout_ms, tid);
}

/* Any MAD within timeout_ms: 0 with the agent that got it, -1 if none.
 * The MAD is left in p->u.umad. */
static int recv_any(struct oc_sa_port *p, int timeout_ms, int *agent)
{
	int len = OC_MAD_SIZE;

	*agent = umad_recv(p->u.fd, p->u.umad, &len, timeout_ms);
	return *agent < 0 ? -1 : 0;
}

int oc_sa_recv(struct oc_sa_port *p, int timeout_ms, uint32_t *tid,
	       uint16_t *status, uint8_t rec[OC_PATHREC_SIZE])
{
	const uint8_t *m;
	int agent;

	do {
		if (recv_any(p, timeout_ms, &agent))
			return -1;
	} while (agent != p->sa_agent);
	m = umad_get_mad(p->u.umad);
	*tid = mad_tid(m);
	*status = oc_umad_answer_status(&p->u);
	memcpy(rec, m + SA_DATA_OFF, OC_PATHREC_SIZE);
	return 0;
}

/* Sends mad on agent and waits for the answer of the same TID; 0 with
 * its status (the answer left in p->u.umad), -1 when none came. */
static int transact(struct oc_sa_port *p, int agent, uint8_t *mad,
		    unsigned dlid, int dqp, int qkey, int timeout_ms,
		    uint16_t *status)
{
	long deadline = (long)oc_now_ms() + timeout_ms + 100;
	uint32_t tid;
	int got;

	if (send_mad(p, agent, mad, dlid, dqp, qkey, timeout_ms, &tid))
		return -1;
	for (;;) {
		long left = deadline - (long)oc_now_ms();

		if (left <= 0 || recv_any(p, (int)left, &got))
			return -1;
		if (got == agent && mad_tid(umad_get_mad(p->u.umad)) == tid) {
			*status = oc_umad_answer_status(&p->u);
			return 0;
		}
	}
	return -1;
}

int oc_sa_get_path(struct oc_sa_port *p, uint64_t comp_mask,
		   const uint8_t query[OC_PATHREC_SIZE], int timeout_ms,
		   uint16_t *status, uint8_t answer[OC_PATHREC_SIZE])
{
	uint8_t mad[OC_MAD_SIZE];

	oc_sa_build_pr_get(mad, comp_mask, query);
	if (transact(p, p->sa_agent, mad, p->u.port.sm_lid, 1, SA_QKEY,
		     timeout_ms, status))
		return -1;
	memcpy(answer, (uint8_t *)umad_get_mad(p->u.umad) + SA_DATA_OFF,
	       OC_PATHREC_SIZE);
	return 0;
}

/* An SMP Get of attr/modifier: by directed route to the local port
 * (lid 0) or by LID; data receives its 64 bytes. */
static int smp_get(struct oc_sa_port *p, unsigned lid, unsigned attr,
		   uint32_t modifier, int timeout_ms, uint8_t data[64])
{
	int *agent = lid ? &p->lid_agent : &p->smp_agent;
	uint8_t mad[OC_MAD_SIZE] = {0};
	uint16_t status;

	if (*agent < 0)
		*agent = umad_register(p->u.fd,
				       lid ? SMP_LID_CLASS : SMP_DR_CLASS, 1, 0,
				       NULL);
	if (*agent < 0)
		return -1;
	mad[0] = 1;
	mad[1] = lid ? SMP_LID_CLASS : SMP_DR_CLASS;
	mad[2] = 1;
	mad[3] = METHOD_GET;
	oc_put_be16(mad + 16, attr);
	oc_put_be32(mad + 20, modifier);
	if (!lid)
		oc_put_be16(mad + 32, 0xffff), oc_put_be16(mad + 34, 0xffff);
	if (transact(p, *agent, mad, lid ? lid : 0xffff, 0, 0, timeout_ms,
		     &status) ||
	    status)
		return -1;
	memcpy(data, (uint8_t *)umad_get_mad(p->u.umad) + SMP_DATA_OFF, 64);
	return 0;
}

/* The local port's P_Key table, up to its NodeInfo's PartitionCap. */
static int read_pkeys(struct oc_sa_port *p, int timeout_ms,
		      struct oc_sa_port_state *st)
{
	uint8_t data[64];
	unsigned cap, block, i;

	if (!p->pkey_cap) { /* the HCA's, read once */
		if (smp_get(p, 0, ATTR_NODE_INFO, 0, timeout_ms, data))
			return -1;
		p->pkey_cap = oc_get_be16(data + 28);
		if (p->pkey_cap > OC_SA_MAX_PKEYS)
			p->pkey_cap = OC_SA_MAX_PKEYS;
	}
	cap = p->pkey_cap;
	for (st->n_pkeys = 0, block = 0; st->n_pkeys < cap; block++) {
		if (smp_get(p, 0, ATTR_PKEY_TABLE, block, timeout_ms, data))
			return -1;
		for (i = 0; i < PKEYS_PER_BLOCK && st->n_pkeys < cap; i++)
			st->pkeys[st->n_pkeys++] =
				(uint16_t)oc_get_be16(data + 2 * i);
	}
	return 0;
}

int oc_sa_read_state(struct oc_sa_port *p, int timeout_ms,
		     struct oc_sa_port_state *st)
{
	uint8_t data[64];

	memset(st, 0, sizeof(*st));
	if (smp_get(p, 0, ATTR_PORT_INFO, (uint32_t)p->u.port.portnum,
		    timeout_ms, data) ||
	    read_pkeys(p, timeout_ms, st)) {
		fprintf(stderr,
			"%s: cannot read PortInfo/P_Key table of %s/%d\n",
			p->u.who, p->u.port.ca_name, p->u.port.portnum);
		return -1;
	}
	st->lid = (uint16_t)oc_get_be16(data + 16);
	st->sm_lid = (uint16_t)oc_get_be16(data + 18);
	st->lmc = data[34] & 7;
	/* the SA is where PortInfo's master SM LID says from now on */
	p->u.port.sm_lid = st->sm_lid;
	p->u.port.base_lid = st->lid;
	if (st->sm_lid &&
	    !smp_get(p, st->sm_lid, ATTR_SM_INFO, 0, timeout_ms, data))
		st->sm_guid = oc_get_be64(data);
	return 0;
}

void oc_sa_port_gid(const struct oc_sa_port *p, uint8_t gid[16])
{
	memcpy(gid, &p->u.port.gid_prefix, 8);
	memcpy(gid + 8, &p->u.port.port_guid, 8);
}
