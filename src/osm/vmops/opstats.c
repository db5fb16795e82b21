/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * opstats.c - the ring of the last operations (see opstats.h).
 */
#include <string.h>

#include "io/json_out.h"
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

/* The hypervisors, the method and what was sent */
static json_t *op_sent(const struct oc_osm_op *op)
{
	return json_pack(
		"{s:o, s:o, s:s, s:I, s:I, s:I, s:I, s:I}", "from",
		oc_json_text(op->from), "to", oc_json_text(op->to), "method",
		op->method ? op->method : "", "smps_sent",
		(json_int_t)(op->lft_smps + op->pi_smps + op->si_smps +
			     op->gi_smps),
		"smps_acked",
		(json_int_t)(op->lft_acked + op->pi_acked + op->si_acked),
		"lft_blocks", (json_int_t)op->lft_smps, "switches",
		(json_int_t)op->switches, "vswitches",
		(json_int_t)op->vswitches);
}

/* Its times, in ms with 3 decimals */
static json_t *op_times(const struct oc_osm_op *op)
{
	return json_pack("{s:o, s:o, s:b, s:o, s:s, s:o, s:o, s:o}", "plan_ms",
			 oc_json_fixed(op->plan_ms, 3), "time_ms",
			 oc_json_fixed(op->ack_ms, 3), "swept", op->swept,
			 "prepared_ms", oc_json_fixed(op->prepared_ms, 3),
			 "model", op->model ? op->model : "built", "model_ms",
			 oc_json_fixed(op->model_ms, 3), "targets_ms",
			 oc_json_fixed(op->targets_ms, 3), "send_ms",
			 oc_json_fixed(op->send_ms, 3));
}

json_t *oc_osm_op_json(const struct oc_osm_op *op)
{
	json_t *obj = op_sent(op);

	if (obj && json_object_update_new(obj, op_times(op))) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

static json_t *kept_op(const struct oc_osm_op *op)
{
	json_t *obj = json_pack("{s:I, s:s, s:o, s:I, s:b}", "when",
				(json_int_t)op->when, "kind",
				op->kind ? op->kind : "migrate", "vm",
				oc_json_text(op->vm), "lid",
				(json_int_t)op->lid, "timed_out",
				op->timed_out);

	if (obj && json_object_update_new(obj, oc_osm_op_json(op))) {
		json_decref(obj);
		return NULL;
	}
	return obj;
}

json_t *oc_osm_opstats_json(struct oc_osm_opstats *s)
{
	json_t *ops = json_array();
	uint32_t first, i;

	pthread_mutex_lock(&s->lock);
	first = s->count > OC_OPSTATS_KEEP ? s->count - OC_OPSTATS_KEEP : 0;
	for (i = first; ops && i < s->count; i++)
		if (json_array_append_new(
			    ops, kept_op(&s->ops[i % OC_OPSTATS_KEEP]))) {
			json_decref(ops);
			ops = NULL;
		}
	pthread_mutex_unlock(&s->lock);
	return ops;
}
