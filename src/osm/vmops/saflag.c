/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * saflag.c - the PathRecord caching flag (see saflag.h).
 */
#include <string.h>

#include "sa/flag_rule.h"

#include "vmops/saflag.h"
#include "vmops/sa_pr_handler.h"
#include "osm_internals.h"
#include "plugin.h"

/* Decides again; logs a change once, with its reason. */
static void update(struct oc_osm_plugin *p)
{
	struct oc_osm_saflag *f = &p->saflag;
	struct oc_saflag_facts facts;
	enum oc_saflag_why why;
	int off;

	pthread_mutex_lock(&p->vmstate.lock);
	off = p->vmstate.off;
	pthread_mutex_unlock(&p->vmstate.lock);
	facts = (struct oc_saflag_facts){
		.option_on = p->opts.sa_path_caching,
		.can_flag = f->hooked || f->own_handler,
		.registry_given = p->vmstate.path != NULL,
		.registry_off = off,
		.routed = f->routed,
		.routed_by_us = f->routed_by_us,
	};
	why = oc_saflag_decide(&facts);
	__atomic_store_n(&f->up, why == OC_SAFLAG_UP, __ATOMIC_SEQ_CST);
	if (why == (enum oc_saflag_why)f->why)
		return;
	f->why = why;
	if (why == OC_SAFLAG_UP)
		oc_osm_info(&p->log,
			    "osmcloud: PathRecord caching flag raised: %s",
			    oc_saflag_why_text(why));
	else if (p->opts.sa_path_caching)
		oc_osm_info(&p->log,
			    "osmcloud: PathRecord caching flag down: %s",
			    oc_saflag_why_text(why));
}

/* The SA's hook: any SA thread, no lock held. */
static void flag_record(void *ctx, ib_path_rec_t *pr)
{
	struct oc_osm_saflag *f = ctx;

	if (__atomic_load_n(&f->up, __ATOMIC_SEQ_CST))
		oc_osmi_pr_raise_cache_flag(pr);
}

void oc_osm_saflag_start(struct oc_osm_plugin *p)
{
	oc_osmi_set_pr_hook_fn set = oc_osmi_sa_pr_hook();
	int ret;

	p->saflag.why = OC_SAFLAG_OPTION_OFF;
	if (p->opts.sa_path_caching && set) {
		ret = set(flag_record, &p->saflag);
		if (ret)
			oc_osm_err(&p->log, OC_ERR_REGISTER,
				   "osmcloud: cannot register the PathRecord "
				   "hook: %s; the caching flag stays down",
				   strerror(-ret));
		else
			p->saflag.hooked = 1;
	} else if (p->opts.sa_path_caching) {
		p->saflag.own_handler = !oc_osm_sa_pr_handler_take(p);
	}
	update(p);
}

void oc_osm_saflag_stop(struct oc_osm_plugin *p)
{
	oc_osmi_set_pr_hook_fn set;

	__atomic_store_n(&p->saflag.up, 0, __ATOMIC_SEQ_CST);
	if (p->saflag.own_handler)
		oc_osm_sa_pr_handler_give_back(p);
	p->saflag.own_handler = 0;
	if (!p->saflag.hooked)
		return;
	set = oc_osmi_sa_pr_hook();
	if (set)
		set(NULL, NULL);
	p->saflag.hooked = 0;
}

/* Was the engine OpenSM used last one of ours?  Names compared, as
 * OpenSM keeps its own copy of each registered engine. */
static int routed_by_us(const struct oc_osm_plugin *p)
{
	const struct osm_routing_engine *used = p->osm->routing_engine_used;
	const struct oc_osm_slot *s;

	if (!used || !used->name)
		return 0;
	for (s = p->slots; s && s->engine; s++)
		if (!strcmp(used->name, s->engine->name))
			return 1;
	return 0;
}

void oc_osm_saflag_event(struct oc_osm_plugin *p, int id)
{
	if (id != OSM_EVENT_ID_UCAST_ROUTING_DONE)
		return;
	p->saflag.routed = 1;
	p->saflag.routed_by_us = routed_by_us(p);
	update(p);
}
