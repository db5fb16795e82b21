/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * check_hot.c - the hottest links, the load per pair of levels and the
 * heat map of "osmcloud check" (check_hot.h).
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "check_hot.h"
#include "io/heatmap_svg.h"
#include "opt_uint.h"

#define LOAD_UNIT "CA-to-CA routes per directed switch link"

int hot_check_top(struct hot_check *hc, const char *s)
{
	return oc_opt_uint("osmcloud check", "--hot", s, 0, 1000000, &hc->top)
		       ? 2
		       : 0;
}

int hot_check_heatmap(struct hot_check *hc, const char *path)
{
	size_t len = strlen(path);

	if (len < 5 || strcmp(path + len - 4, ".svg")) {
		fprintf(stderr,
			"osmcloud check: --heatmap \"%s\": want a file name "
			"ending in .svg (the picture is SVG)\n",
			path);
		return 2;
	}
	hc->heatmap = path;
	return 0;
}

/* ---- the picture ------------------------------------------------------- */

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static void heatmap_texts(const struct hot_check *hc,
			  const struct oc_verify_report *r, const char *input,
			  const char *engine, struct oc_heatmap *h, char *title,
			  char *subtitle, char *note, size_t len)
{
	snprintf(title, len, "link load: %s%s%s", base_name(input),
		 engine ? ", routed by " : "", engine ? engine : "");
	snprintf(subtitle, len,
		 "%u directed switch links: max %llu, mean %.1f, min %llu "
		 "(load = " LOAD_UNIT ")",
		 r->channels, (unsigned long long)r->load_max, r->load_mean,
		 (unsigned long long)r->load_min);
	snprintf(note, len, "rows: %s%s",
		 hc->rk.by_ftree ? "fat-tree levels (roots at the top)"
				 : "no fat-tree: hops from the nearest switch "
				   "with CAs (leaves at the bottom)",
		 h->num_boxes < r->switches
			 ? "; a wide row is cut into runs of switches, each "
			   "line the hottest of its links"
			 : "");
	h->title = title;
	h->subtitle = subtitle;
	h->note = note;
	h->unit = LOAD_UNIT;
}

static int write_heatmap(const struct hot_check *hc, const struct oc_fabric *f,
			 const struct oc_verify_report *r, const char *input,
			 const char *engine)
{
	char title[512], subtitle[512], note[512];
	struct oc_heatmap h;
	struct oc_err err;
	FILE *out;
	int ret;

	if (oc_link_rank_heatmap(f, r, &hc->rk, HOT_CHECK_ROW_BOXES, &h,
				 &err)) {
		fprintf(stderr, "osmcloud check: --heatmap: %s\n", err.msg);
		return 2;
	}
	heatmap_texts(hc, r, input, engine, &h, title, subtitle, note,
		      sizeof(title));
	out = fopen(hc->heatmap, "w");
	if (!out) {
		fprintf(stderr, "osmcloud check: --heatmap \"%s\": %s\n",
			hc->heatmap, strerror(errno));
		oc_link_rank_heatmap_free(&h);
		return 2;
	}
	ret = oc_heatmap_svg_write(&h, out, &err);
	if (fclose(out) && !ret)
		ret = oc_err_set(&err, "%s", strerror(errno));
	if (ret)
		fprintf(stderr, "osmcloud check: --heatmap \"%s\": %s\n",
			hc->heatmap, err.msg);
	oc_link_rank_heatmap_free(&h);
	return ret ? 2 : 0;
}

int hot_check_run(struct hot_check *hc, const struct oc_fabric *f,
		  const struct oc_verify_report *r, const char *input,
		  const char *engine)
{
	struct oc_err err;

	if (oc_link_rank(f, r, &hc->rk, &err)) {
		fprintf(stderr, "osmcloud check: %s\n", err.msg);
		return 2;
	}
	hc->json = hot_check_json(hc, f, r);
	if (!hc->json) {
		fprintf(stderr, "osmcloud check: out of memory\n");
		return 2;
	}
	return hc->heatmap ? write_heatmap(hc, f, r, input, engine) : 0;
}

/* ---- text ------------------------------------------------------------- */

/* "leaf->spine" */
static void level_pair(const struct oc_link_rank *rk, unsigned from,
		       unsigned to, char *buf, size_t len)
{
	char a[32], b[32];

	snprintf(buf, len, "%s->%s",
		 oc_link_rank_level_name(rk, from, a, sizeof(a)),
		 oc_link_rank_level_name(rk, to, b, sizeof(b)));
}

static unsigned listed(const struct hot_check *hc)
{
	return hc->top < hc->rk.num_links ? hc->top : hc->rk.num_links;
}

static void print_link(const struct hot_check *hc, const struct oc_fabric *f,
		       const struct oc_verify_report *r, unsigned i)
{
	const struct oc_verify_link *l = &r->links[hc->rk.order[i]];
	const struct oc_port *p = oc_port(f, l->ch.node, l->ch.port);
	char levels[80];

	level_pair(&hc->rk, hc->rk.level[f->nodes[l->ch.node].sw_index],
		   hc->rk.level[f->nodes[p->peer_node].sw_index], levels,
		   sizeof(levels));
	printf("  %u. \"%s\" 0x%016llx [%u] -> \"%s\" [%u], %s, load %llu\n",
	       i + 1, f->nodes[l->ch.node].name,
	       (unsigned long long)f->nodes[l->ch.node].guid, l->ch.port,
	       f->nodes[p->peer_node].name, p->peer_port, levels,
	       (unsigned long long)l->load);
}

void hot_check_print(const struct hot_check *hc, const struct oc_fabric *f,
		     const struct oc_verify_report *r)
{
	const struct oc_link_rank *rk = &hc->rk;
	char levels[80];
	uint32_t i;

	if (listed(hc))
		printf("hottest links (of %u; load = " LOAD_UNIT "):\n",
		       rk->num_links);
	for (i = 0; i < listed(hc); i++)
		print_link(hc, f, r, i);
	printf("link load by level (%s):\n",
	       rk->by_ftree ? "fat-tree levels"
			    : "no fat-tree: hops from the leaves");
	for (i = 0; i < rk->num_by_level; i++) {
		const struct oc_level_load *x = &rk->by_level[i];

		level_pair(rk, x->from, x->to, levels, sizeof(levels));
		printf("  %s: %u links, max %llu, mean %.1f\n", levels,
		       x->links, (unsigned long long)x->max, x->mean);
	}
}

/* ---- JSON --------------------------------------------------------------- */

static json_t *level_name_json(const struct oc_link_rank *rk, unsigned level)
{
	char buf[32];

	return json_string(
		oc_link_rank_level_name(rk, level, buf, sizeof(buf)));
}

static json_t *link_json(const struct hot_check *hc, const struct oc_fabric *f,
			 const struct oc_verify_report *r, unsigned i)
{
	const struct oc_verify_link *l = &r->links[hc->rk.order[i]];
	const struct oc_port *p = oc_port(f, l->ch.node, l->ch.port);
	char guid[24];

	snprintf(guid, sizeof(guid), "0x%016llx",
		 (unsigned long long)f->nodes[l->ch.node].guid);
	return json_pack(
		"{s:i, s:s, s:s, s:i, s:s, s:i, s:o, s:o, s:I}", "rank", i + 1,
		"from", f->nodes[l->ch.node].name, "from_guid", guid,
		"from_port", l->ch.port, "to", f->nodes[p->peer_node].name,
		"to_port", p->peer_port, "from_level",
		level_name_json(&hc->rk,
				hc->rk.level[f->nodes[l->ch.node].sw_index]),
		"to_level",
		level_name_json(&hc->rk,
				hc->rk.level[f->nodes[p->peer_node].sw_index]),
		"load", (json_int_t)l->load);
}

static json_t *levels_json(const struct oc_link_rank *rk)
{
	json_t *a = json_array();
	uint32_t i;

	for (i = 0; a && i < rk->num_by_level; i++) {
		const struct oc_level_load *x = &rk->by_level[i];

		if (json_array_append_new(
			    a,
			    json_pack("{s:o, s:o, s:i, s:I, s:f}", "from",
				      level_name_json(rk, x->from), "to",
				      level_name_json(rk, x->to), "links",
				      (int)x->links, "max", (json_int_t)x->max,
				      "mean", x->mean))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

json_t *hot_check_json(const struct hot_check *hc, const struct oc_fabric *f,
		       const struct oc_verify_report *r)
{
	json_t *hot = json_array();
	uint32_t i;

	for (i = 0; hot && i < listed(hc); i++)
		if (json_array_append_new(hot, link_json(hc, f, r, i))) {
			json_decref(hot);
			return NULL;
		}
	return json_pack("{s:o, s:s, s:o}", "hot_links", hot,
			 "link_load_levels",
			 hc->rk.by_ftree ? "fat-tree" : "distance",
			 "link_load_by_level", levels_json(&hc->rk));
}

void hot_check_json_members(const struct hot_check *hc, FILE *out)
{
	const char *key;
	json_t *value;

	json_object_foreach(hc->json, key, value)
	{
		fprintf(out, ",\n  \"%s\": ", key);
		json_dumpf(value, out, JSON_COMPACT | JSON_ENCODE_ANY);
	}
}

void hot_check_free(struct hot_check *hc)
{
	oc_link_rank_free(&hc->rk);
	json_decref(hc->json);
	hc->json = NULL;
}
