/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * smp_umad.c - directed-route SMPs on libibumad (see smp_umad.h).
 *
 * A directed-route SMP (IBA 14.2.1.2): common MAD header (method at 3,
 * direction bit and status at 4, hop pointer at 6, hop count at 7, TID
 * at 8, attribute ID at 16, modifier at 20), M_Key at 24, DrSLID and
 * DrDLID at 32 and 34 (both permissive: the route starts and ends at the
 * local port), data at 64, initial path at 128, return path at 192.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/bytes.h"
#include "smp_umad.h"

#define SMP_DR_CLASS 0x81
#define PERMISSIVE_LID 0xffff
#define DATA_OFF 64
#define INITIAL_PATH_OFF 128

const char *oc_dr_path_str(const struct oc_dr_path *path, char *buf,
			   unsigned len)
{
	unsigned i, used;

	used = (unsigned)snprintf(buf, len, "0");
	for (i = 1; i <= path->cnt && used < len; i++)
		used += (unsigned)snprintf(buf + used, len - used, ",%u",
					   path->p[i]);
	return buf;
}

int oc_smp_open(struct oc_smp_port *p, const char *ca, int portnum,
		const char *who)
{
	p->agent = oc_umad_open(&p->u, ca, portnum, SMP_DR_CLASS, 1,
				"directed-route SMPs (needs access to "
				"/dev/infiniband/umad*)",
				who);
	return p->agent < 0 ? -1 : 0;
}

void oc_smp_close(struct oc_smp_port *p)
{
	oc_umad_close(&p->u);
}

static void build_smp(uint8_t *m, const struct oc_dr_path *path,
		      unsigned method, unsigned attr, uint32_t mod,
		      const uint8_t *data, uint32_t tid)
{
	memset(m, 0, OC_MAD_SIZE);
	m[0] = 1; /* base version */
	m[1] = SMP_DR_CLASS;
	m[2] = 1; /* class version */
	m[3] = (uint8_t)method;
	m[7] = path->cnt; /* hop pointer 0 */
	oc_put_be32(m + 12, tid);
	oc_put_be16(m + 16, attr);
	oc_put_be32(m + 20, mod);
	oc_put_be16(m + 32, PERMISSIVE_LID);
	oc_put_be16(m + 34, PERMISSIVE_LID);
	if (data)
		memcpy(m + DATA_OFF, data, OC_SMP_DATA);
	memcpy(m + INITIAL_PATH_OFF, path->p, (size_t)path->cnt + 1);
}

int oc_smp_send(struct oc_smp_port *p, const struct oc_dr_path *path,
		unsigned method, unsigned attr, uint32_t mod,
		const uint8_t *data, int timeout_ms, uint32_t *tid)
{
	char where[4 * OC_SMP_MAX_HOPS + 8];

	*tid = ++p->u.next_tid;
	build_smp(umad_get_mad(p->u.umad), path, method, attr, mod, data, *tid);
	umad_set_addr(p->u.umad, PERMISSIVE_LID, 0, 0, 0);
	if (umad_send(p->u.fd, p->agent, p->u.umad, OC_MAD_SIZE, timeout_ms,
		      0) < 0) {
		fprintf(stderr, "%s: umad_send of SMP 0x%x to route %s: %s\n",
			p->u.who, attr,
			oc_dr_path_str(path, where, sizeof(where)),
			strerror(errno));
		return -1;
	}
	return 0;
}

int oc_smp_recv(struct oc_smp_port *p, int timeout_ms, struct oc_smp_answer *a)
{
	const uint8_t *m;
	int len = OC_MAD_SIZE;

	if (umad_recv(p->u.fd, p->u.umad, &len, timeout_ms) != p->agent)
		return -1;
	m = umad_get_mad(p->u.umad);
	a->tid = oc_get_be32(m + 12);
	a->attr = (uint16_t)oc_get_be16(m + 16);
	a->mod = oc_get_be32(m + 20);
	a->status = oc_umad_answer_status(&p->u);
	memcpy(a->data, m + DATA_OFF, OC_SMP_DATA);
	return 0;
}

int oc_smp_get(struct oc_smp_port *p, const struct oc_dr_path *path,
	       unsigned attr, uint32_t mod, int timeout_ms, uint16_t *status,
	       uint8_t data[OC_SMP_DATA])
{
	double deadline = oc_now_us() + 1000.0 * timeout_ms + 1e5;
	struct oc_smp_answer a;
	uint32_t tid;

	*status = OC_SMP_NO_ANSWER;
	if (oc_smp_send(p, path, OC_SMP_GET, attr, mod, NULL, timeout_ms, &tid))
		return -1;
	for (;;) {
		double left_ms = (deadline - oc_now_us()) / 1000.0;

		if (left_ms <= 0 || oc_smp_recv(p, (int)left_ms + 1, &a))
			return -1;
		if (a.tid != tid)
			continue; /* a late answer to an earlier request */
		*status = a.status;
		memcpy(data, a.data, OC_SMP_DATA);
		return a.status ? -1 : 0;
	}
}
