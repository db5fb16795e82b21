/*
 * testlib.c - helpers shared by the unit tests.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "testlib.h"
#include "topo.h"

struct oc_fabric *tl_fabric_err(const char *text, struct oc_err *err)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	struct oc_fabric *f;

	assert_non_null(in);
	f = oc_topo_read(in, "test.net", err);
	fclose(in);
	if (f && oc_fabric_assign_lids(f, err)) {
		oc_fabric_free(f);
		return NULL;
	}
	return f;
}

struct oc_fabric *tl_fabric(const char *text)
{
	struct oc_err err = {{0}};
	struct oc_fabric *f = tl_fabric_err(text, &err);

	if (!f)
		fail_msg("topology: %s", err.msg);
	return f;
}

int tl_walk(const struct oc_fabric *f, const struct oc_lfts *t, uint32_t sw,
	    unsigned lid)
{
	const struct oc_lid_owner *owner = &f->lid_owner[lid];
	int hops;

	for (hops = 0; hops < 64; hops++) {
		uint32_t node = f->switches[sw], peer;
		uint8_t port = oc_lft_row(t, sw)[lid];

		if (port == 0)
			return owner->node == node && owner->port == 0 ? hops
								       : -1;
		if (port == OC_NO_PATH || port > f->nodes[node].num_ports)
			return -1;
		peer = oc_peer(f, node, port);
		if (peer == OC_NONE)
			return -1;
		if (!oc_is_switch(f, peer))
			return owner->node == peer &&
					       owner->port ==
						       oc_port(f, node, port)
							       ->peer_port
				       ? hops
				       : -1;
		sw = f->nodes[peer].sw_index;
	}
	return -1;
}

uint32_t tl_sw(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	assert_int_not_equal(n, OC_NONE);
	assert_true(oc_is_switch(f, n));
	return f->nodes[n].sw_index;
}

unsigned tl_lid(const struct oc_fabric *f, const char *name)
{
	uint32_t n = oc_fabric_find_name(f, name);

	assert_int_not_equal(n, OC_NONE);
	return oc_port(f, n, oc_is_switch(f, n) ? 0 : 1)->lid;
}
