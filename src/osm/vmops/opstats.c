/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * opstats.c - the ring of the last operations (see opstats.h).
 */
#include <string.h>

#include "vmops/opstats.h"

void oc_osm_opstats_init(struct oc_osm_opstats *s)
{
	memset(s, 0, sizeof(*s));
	pthread_mutex_init(&s->lock, NULL);
}

void oc_osm_opstats_destroy(struct oc_osm_opstats *s)
{
	pthread_mutex_destroy(&s->lock);
}

void oc_osm_opstats_add(struct oc_osm_opstats *s, const struct oc_osm_op *op)
{
	pthread_mutex_lock(&s->lock);
	s->ops[s->count % OC_OPSTATS_KEEP] = *op;
	s->count++;
	pthread_mutex_unlock(&s->lock);
}

void oc_osm_op_print(const struct oc_osm_op *op, FILE *out)
{
	char si[64] = "", model[48] = "";

	if (op->si_smps)
		snprintf(si, sizeof(si), ", SwitchInfo %u (acked %u)",
			 op->si_smps, op->si_acked);
	if (op->model_ms > 0)
		snprintf(model, sizeof(model), " in %.2f ms", op->model_ms);
	fprintf(out,
		"%s %s (LID %u) %s -> %s %s: switches %u "
		"(+%u vSwitches), LFT blocks %u (acked %u), PortInfo %u "
		"(acked %u)%s, GUIDInfo %u, SMPs %u (qp0 sent %u), "
		"plan %.2f ms (model %s%s%s), last ack %.2f ms%s%s\n",
		op->kind ? op->kind : "migrate", op->vm, op->lid, op->from,
		op->to, op->method, op->switches, op->vswitches, op->lft_smps,
		op->lft_acked, op->pi_smps, op->pi_acked, si, op->gi_smps,
		op->lft_smps + op->pi_smps + op->si_smps + op->gi_smps,
		op->qp0_sent, op->plan_ms, op->model ? op->model : "built",
		model, op->prepared_ms > 0 ? ", planned ahead by prepare" : "",
		op->ack_ms,
		op->timed_out
			? " (timed out: SMPs outstanding or a heavy sweep under way)"
			: "",
		op->swept ? " (a heavy sweep overlapped: blocks checked "
			    "against OpenSM's tables after it)"
			  : "");
}

void oc_osm_opstats_print(struct oc_osm_opstats *s, FILE *out)
{
	uint32_t first, i;

	pthread_mutex_lock(&s->lock);
	first = s->count > OC_OPSTATS_KEEP ? s->count - OC_OPSTATS_KEEP : 0;
	if (!s->count)
		fprintf(out, "no operation yet\n");
	for (i = first; i < s->count; i++)
		oc_osm_op_print(&s->ops[i % OC_OPSTATS_KEEP], out);
	pthread_mutex_unlock(&s->lock);
}
