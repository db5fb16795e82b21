/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_build.c - the builder's primitives that gen.c and the random defects
 * of gen_random.c share (see gen_build.h): the ports of a switch, the
 * level of a switch node, adding an I/O CA, linking and unlinking ports.
 * Both build on this file, which depends on neither.
 */
#include <inttypes.h>
#include <stdio.h>

#include "gen/gen_build.h"

unsigned gen_ports_in_use(const struct builder *b, unsigned l, uint64_t i)
{
	const struct gen_shape *s = &b->s;
	unsigned used = s->down[l] + s->up[l] + gen_shape_horizontal(s, l, i);

	if (l == 1) {
		used += b->io_on_leaf[i];
		used -= b->dropped[gen_shape_leaf_group(s, i)] * s->p[1];
	}
	return used;
}

unsigned gen_switch_ports(const struct builder *b, unsigned l, uint64_t i)
{
	const struct gen_shape *s = &b->s;
	unsigned ports = s->down[l] + s->up[l] + gen_shape_horizontal(s, l, i);

	if (b->p->radix)
		return b->p->radix;
	if (l == 1)
		ports += b->io_on_leaf[i] + b->p->spare_ports;
	return ports + b->extra_ports[b->sw_base[l] + i];
}

unsigned gen_switch_level(const struct builder *b, uint32_t n, uint64_t *i)
{
	unsigned l = 1;

	while (n < b->sw_base[l])
		l++;
	*i = n - b->sw_base[l];
	return l;
}

int gen_connect(struct builder *b, uint32_t x, unsigned px, uint32_t y,
		unsigned py)
{
	if (oc_fabric_link(b->f, x, px, y, py, b->err))
		return -1;
	b->st.links++;
	return 0;
}

int gen_add_io_ca(struct builder *b, uint32_t sw, unsigned port)
{
	uint64_t guid = OC_GEN_IO_GUID | (uint64_t)b->io_next << 4;
	char name[OC_GEN_NAME_MAX];
	uint32_t ca;

	snprintf(name, sizeof(name), "io-%u", b->io_next++);
	ca = oc_fabric_add_node(b->f, OC_NODE_CA, guid, name, 1, b->err);
	return ca == OC_NONE ? -1 : gen_connect(b, sw, port, ca, 1);
}

/* Whether port 'port' of fabric node n is a horizontal port. */
static int is_core_port(const struct builder *b, uint32_t n, unsigned port)
{
	unsigned l = b->s.linked, first = b->s.down[l] + b->s.up[l] + 1;
	uint64_t i;

	if (!l || n < b->sw_base[l] || n >= b->sw_base[l] + b->s.count[l])
		return 0;
	i = n - b->sw_base[l];
	return port >= first &&
	       port < first + gen_shape_horizontal(&b->s, l, i);
}

void gen_unlink(struct builder *b, uint32_t n, unsigned port)
{
	struct oc_port *here = oc_port_mut(b->f, n, port);
	struct oc_port *peer =
		oc_port_mut(b->f, here->peer_node, here->peer_port);

	peer->peer_node = OC_NONE;
	peer->peer_port = 0;
	here->peer_node = OC_NONE;
	here->peer_port = 0;
	if (is_core_port(b, n, port))
		b->st.core_links--;
	b->st.links--;
}
