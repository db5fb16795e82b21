/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify_text.c - the verifier's findings as text, one wording for
 * osmcloud check and for the promise check (promise.c).
 */
#include "verify/verify.h"

const char *oc_verify_fault_name(enum oc_verify_fault fault)
{
	switch (fault) {
	case OC_FAULT_HOLE:
		return "hole";
	case OC_FAULT_LOOP:
		return "loop";
	case OC_FAULT_WRONG:
		return "wrong delivery";
	default:
		return "none";
	}
}

static const char *node_name(const struct oc_fabric *f, uint32_t node)
{
	return f->nodes[node].name;
}

void oc_verify_reach_write(FILE *out, const char *what,
			   const struct oc_verify_reach *r)
{
	fprintf(out,
		"%s LIDs: %u, unreachable %u (%llu holes, %llu loops, "
		"%llu wrong deliveries)",
		what, r->lids, r->lids_unreachable,
		(unsigned long long)r->holes, (unsigned long long)r->loops,
		(unsigned long long)r->wrong);
}

void oc_verify_failure_write(FILE *out, const struct oc_fabric *f,
			     const struct oc_verify_failure *e)
{
	fprintf(out, "switch \"%s\" to LID %u (\"%s\"): %s",
		node_name(f, f->switches[e->sw]), e->lid,
		node_name(f, f->lid_owner[e->lid].node),
		oc_verify_fault_name(e->fault));
}

void oc_verify_cycle_write(FILE *out, const struct oc_fabric *f,
			   const char *what, const struct oc_verify_cycle *c)
{
	uint32_t i;

	if (!c->len)
		return;
	fprintf(out, "%s credit loop:", what);
	for (i = 0; i < c->len; i++)
		fprintf(out, " \"%s\"[%u] ->", node_name(f, c->ch[i].node),
			c->ch[i].port);
	fprintf(out, " \"%s\"[%u]", node_name(f, c->ch[0].node), c->ch[0].port);
}
