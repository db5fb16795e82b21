/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sa_pr_handler.c - the plugin's own PathRecord handler (see
 * sa_pr_handler.h).  What it reproduces of OpenSM 3.3.23's
 * osm_pr_rcv_process() is the choice of which (source, destination)
 * alias GUIDs to ask osm_pr_process_pair() / osm_pr_process_half() for,
 * given which of SGID, SLID, DGID and DLID the query names; everything
 * else (validation, errors, multicast, the records themselves, the
 * reply) is OpenSM's own code.
 */
#include <errno.h>

#include <opensm/osm_sa.h>
#include <opensm/osm_helper.h>

#include "vmops/sa_pr_handler.h"
#include "osm_internals.h"
#include "plugin.h"

/* The end points a query names, as osm_pr_get_end_points() found them. */
struct pr_ends {
	const osm_alias_guid_t *src, *dst;     /* by SGID / DGID */
	const osm_port_t *src_port, *dst_port; /* by SLID / DLID */
	const ib_gid_t *sgid, *dgid;
};

/* One query being answered. */
struct pr_query {
	osm_sa_t *sa;
	const ib_sa_mad_t *mad;
	const osm_port_t *requester;
	struct pr_ends ends;
	cl_qlist_t records;
};

/* A SubnAdmGet wants one record: the search stops at the first. */
static int got_enough(const struct pr_query *q)
{
	return q->mad->method == IB_MAD_METHOD_GET &&
	       cl_qlist_count(&q->records) > 0;
}

static void pair(struct pr_query *q, const osm_alias_guid_t *src,
		 const osm_alias_guid_t *dst)
{
	osm_pr_process_pair(q->sa, q->mad, q->requester, src, dst, q->ends.sgid,
			    q->ends.dgid, &q->records);
}

static void half(struct pr_query *q, const osm_alias_guid_t *src,
		 const osm_alias_guid_t *dst)
{
	osm_pr_process_half(q->sa, q->mad, q->requester, src, dst, q->ends.sgid,
			    q->ends.dgid, &q->records);
}

/* The alias GUIDs of the subnet in OpenSM's order; of one port only
 * when port is given. */
static const osm_alias_guid_t *alias_next(struct pr_query *q,
					  const osm_alias_guid_t *a,
					  const osm_port_t *port)
{
	const cl_qmap_t *tbl = &q->sa->p_subn->alias_port_guid_tbl;

	a = a ? (const osm_alias_guid_t *)cl_qmap_next(&a->map_item)
	      : (const osm_alias_guid_t *)cl_qmap_head(tbl);
	while (a != (const osm_alias_guid_t *)cl_qmap_end(tbl) && port &&
	       a->p_base_port != port)
		a = (const osm_alias_guid_t *)cl_qmap_next(&a->map_item);
	return a == (const osm_alias_guid_t *)cl_qmap_end(tbl) ? NULL : a;
}

/* Every source alias (of src_port, or all) to every destination alias
 * (of dst_port, or all), destinations outermost when neither port is
 * given, as OpenSM's search of the whole subnet; a Get stops at the
 * first record. */
static void pairs(struct pr_query *q, const osm_port_t *src_port,
		  const osm_port_t *dst_port, int dst_outer)
{
	const osm_alias_guid_t *o, *i;
	const osm_port_t *outer = dst_outer ? dst_port : src_port;
	const osm_port_t *inner = dst_outer ? src_port : dst_port;

	for (o = alias_next(q, NULL, outer); o; o = alias_next(q, o, outer))
		for (i = alias_next(q, NULL, inner); i;
		     i = alias_next(q, i, inner)) {
			if (dst_outer)
				pair(q, i, o);
			else
				pair(q, o, i);
			if (got_enough(q))
				return;
		}
}

/* One fixed end: src (its alias, or each alias of src_port when src is
 * NULL) against every destination alias of dst_port; or the reverse. */
static void pairs_one_alias(struct pr_query *q, const osm_alias_guid_t *src,
			    const osm_alias_guid_t *dst, const osm_port_t *port)
{
	const osm_alias_guid_t *a;

	for (a = alias_next(q, NULL, port); a; a = alias_next(q, a, port)) {
		pair(q, src ? src : a, src ? a : dst);
		if (got_enough(q))
			return;
	}
}

/* Each alias of port as the source (or destination) of a half search;
 * OpenSM does not stop these early. */
static void halves(struct pr_query *q, const osm_port_t *port, int as_src)
{
	const osm_alias_guid_t *a;

	for (a = alias_next(q, NULL, port); a; a = alias_next(q, a, port))
		half(q, as_src ? a : NULL, as_src ? NULL : a);
}

/* The records of a query whose end points are resolved and agree. */
static void search(struct pr_query *q)
{
	const struct pr_ends *e = &q->ends;

	if (e->src && e->dst)
		pair(q, e->src, e->dst);
	else if (e->src && !e->dst_port)
		half(q, e->src, NULL);
	else if (e->src)
		pairs_one_alias(q, e->src, NULL, e->dst_port);
	else if (e->dst && !e->src_port)
		half(q, NULL, e->dst);
	else if (!e->src_port && !e->dst_port)
		pairs(q, NULL, NULL, 1);
	else if (e->dst)
		pairs_one_alias(q, NULL, e->dst, e->src_port);
	else if (!e->dst_port)
		halves(q, e->src_port, 1);
	else if (!e->src_port)
		halves(q, e->dst_port, 0);
	else
		pairs(q, e->src_port, e->dst_port, 0);
}

/* Under the SA's lock: 0 and the records, or -1 when the query is one
 * OpenSM answers with an error (or not at all). */
static int collect(struct pr_query *q, osm_madw_t *madw)
{
	struct pr_ends *e = &q->ends;

	q->requester = osm_get_port_by_mad_addr(
		q->sa->p_log, q->sa->p_subn, osm_madw_get_mad_addr_ptr(madw));
	if (!q->requester)
		return -1;
	if (osm_pr_get_end_points(q->sa, q->mad, &e->src, &e->dst, &e->src_port,
				  &e->dst_port, &e->sgid,
				  &e->dgid) != IB_SA_MAD_STATUS_SUCCESS)
		return -1;
	if ((e->src && e->src_port && e->src->p_base_port != e->src_port) ||
	    (e->dst && e->dst_port && e->dst->p_base_port != e->dst_port))
		return -1;
	search(q);
	return 0;
}

/* A plain unicast query: the checks osm_pr_rcv_process() makes before
 * it takes the lock all pass, and the destination is no multicast
 * group. */
static int plain_unicast(const ib_sa_mad_t *mad)
{
	const ib_path_rec_t *pr = ib_sa_mad_get_payload_ptr(mad);
	ib_net64_t cm = mad->comp_mask;

	if (mad->method != IB_MAD_METHOD_GET &&
	    mad->method != IB_MAD_METHOD_GETTABLE)
		return 0;
	if ((cm & IB_PR_COMPMASK_RATESELEC) && (cm & IB_PR_COMPMASK_RATE) &&
	    !ib_rate_is_valid(ib_path_rec_rate(pr)))
		return 0;
	if ((cm & IB_PR_COMPMASK_MTUSELEC) && (cm & IB_PR_COMPMASK_MTU) &&
	    !ib_mtu_is_valid(ib_path_rec_mtu(pr)))
		return 0;
	if ((cm & IB_PR_COMPMASK_SERVICEID) &&
	    (cm & IB_PR_COMPMASK_SERVICEID) != IB_PR_COMPMASK_SERVICEID)
		return 0;
	return !((cm & IB_PR_COMPMASK_DGID) && ib_gid_is_multicast(&pr->dgid));
}

static void raise_flags(cl_qlist_t *records)
{
	cl_list_item_t *i;

	for (i = cl_qlist_head(records); i != cl_qlist_end(records);
	     i = cl_qlist_next(i))
		oc_osmi_pr_raise_cache_flag(
			&((osm_sa_item_t *)i)->resp.path_rec);
}

/* The dispatcher's handler: one PathRecord request, any SA thread. */
static void handle(void *ctx, void *data)
{
	struct oc_osm_plugin *p = ctx;
	osm_madw_t *madw = data;
	struct pr_query q = {.sa = &p->osm->sa,
			     .mad = osm_madw_get_sa_mad_ptr(madw)};
	int ret;

	if (!__atomic_load_n(&p->saflag.up, __ATOMIC_SEQ_CST) ||
	    !plain_unicast(q.mad)) {
		oc_osmi_sa_pr_default(q.sa, madw);
		return;
	}
	cl_qlist_init(&q.records);
	cl_plock_acquire(q.sa->p_lock);
	ret = collect(&q, madw);
	cl_plock_release(q.sa->p_lock);
	if (ret) { /* before any record: OpenSM answers as it does */
		oc_osmi_sa_pr_default(q.sa, madw);
		return;
	}
	raise_flags(&q.records);
	osm_sa_respond(q.sa, madw, sizeof(ib_path_rec_t), &q.records);
}

int oc_osm_sa_pr_handler_take(struct oc_osm_plugin *p)
{
	int ret = oc_osmi_sa_pr_handler_take(&p->osm->sa, handle, p);

	if (ret) {
		oc_osm_err(&p->log, OC_ERR_REGISTER,
			   "osmcloud: cannot take over the SA's PathRecord "
			   "handler: %s; the caching flag stays down",
			   ret == -EBUSY    ? "another plugin already did (is "
					      "osmcloud loaded twice?)"
			   : ret == -ENOENT ? "this opensm's SA has none"
					    : "out of memory");
		return -1;
	}
	oc_osm_info(&p->log, "osmcloud: caching flag through the plugin's "
			     "PathRecord handler (stock opensm)");
	return 0;
}

void oc_osm_sa_pr_handler_give_back(struct oc_osm_plugin *p)
{
	if (oc_osmi_sa_pr_handler_give_back(&p->osm->sa))
		oc_osm_err(&p->log, OC_ERR_NOMEM,
			   "osmcloud: cannot give the SA's PathRecord handler "
			   "back to OpenSM: PathRecord queries go unanswered");
}
