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
#include "check_weights.h"
#include "io/heatmap_svg.h"
#include "io/json_out.h"
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
		 engine ? ", engine " : "", engine ? engine : "");
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
			 const struct hot_input *in)
{
	const struct oc_verify_report *r = hc->r;
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
	heatmap_texts(hc, r, in->file, in->engine, &h, title, subtitle, note,
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
		       unsigned i)
{
	const struct oc_verify_link *l = &hc->r->links[hc->rk.order[i]];
	const struct oc_port *p = oc_port(f, l->ch.node, l->ch.port);
	char levels[80];

	level_pair(&hc->rk, hc->rk.level[f->nodes[l->ch.node].sw_index],
		   hc->rk.level[f->nodes[p->peer_node].sw_index], levels,
		   sizeof(levels));
	printf("  %u. \"%s\" 0x%016llx [%u] -> \"%s\" [%u], %s, load %llu",
	       i + 1, f->nodes[l->ch.node].name,
	       (unsigned long long)f->nodes[l->ch.node].guid, l->ch.port,
	       f->nodes[p->peer_node].name, p->peer_port, levels,
	       (unsigned long long)l->load);
	if (hc->r->has_weighted)
		printf(", weighted %.3f", l->weighted);
	putchar('\n');
}

void hot_check_print(const struct hot_check *hc, const struct oc_fabric *f)
{
	const struct oc_link_rank *rk = &hc->rk;
	char levels[80];
	uint32_t i;

	if (listed(hc))
		printf("hottest links (of %u; load = " LOAD_UNIT "):\n",
		       rk->num_links);
	for (i = 0; i < listed(hc); i++)
		print_link(hc, f, i);
	printf("link load by level (%s):\n",
	       rk->by_ftree ? "fat-tree levels"
			    : "no fat-tree: hops from the leaves");
	for (i = 0; i < rk->num_by_level; i++) {
		const struct oc_level_load *x = &rk->by_level[i];

		level_pair(rk, x->from, x->to, levels, sizeof(levels));
		printf("  %s: %u links, max %llu, mean %.1f", levels, x->links,
		       (unsigned long long)x->max, x->mean);
		if (hc->r->has_weighted)
			printf("; weighted max %.3f, mean %.3f",
			       x->weighted_max, x->weighted_mean);
		putchar('\n');
	}
}

/* ---- JSON --------------------------------------------------------------- */

static json_t *level_name_json(const struct oc_link_rank *rk, unsigned level)
{
	char buf[32];

	return json_string(
		oc_link_rank_level_name(rk, level, buf, sizeof(buf)));
}

/* A weighted figure, null without weights. */
static json_t *weighted_json(const struct hot_check *hc, double value)
{
	return hc->r->has_weighted ? json_real(value) : json_null();
}

static json_t *link_json(const struct hot_check *hc, const struct oc_fabric *f,
			 unsigned i)
{
	const struct oc_verify_link *l = &hc->r->links[hc->rk.order[i]];
	const struct oc_port *p = oc_port(f, l->ch.node, l->ch.port);
	const uint8_t *level = hc->rk.level;
	char guid[24];

	snprintf(guid, sizeof(guid), "0x%016llx",
		 (unsigned long long)f->nodes[l->ch.node].guid);
	return json_pack(
		"{s:i, s:o, s:s, s:i, s:o, s:i, s:o, s:o, s:I, s:o}", "rank",
		i + 1, "from", oc_json_text(f->nodes[l->ch.node].name),
		"from_guid", guid, "from_port", l->ch.port, "to",
		oc_json_text(f->nodes[p->peer_node].name), "to_port",
		p->peer_port, "from_level",
		level_name_json(&hc->rk, level[f->nodes[l->ch.node].sw_index]),
		"to_level",
		level_name_json(&hc->rk,
				level[f->nodes[p->peer_node].sw_index]),
		"load", (json_int_t)l->load, "weighted_load",
		weighted_json(hc, l->weighted));
}

static json_t *level_json(const struct hot_check *hc,
			  const struct oc_level_load *x)
{
	return json_pack("{s:o, s:o, s:i, s:I, s:f, s:o, s:o}", "from",
			 level_name_json(&hc->rk, x->from), "to",
			 level_name_json(&hc->rk, x->to), "links",
			 (int)x->links, "max", (json_int_t)x->max, "mean",
			 x->mean, "weighted_max",
			 weighted_json(hc, x->weighted_max), "weighted_mean",
			 weighted_json(hc, x->weighted_mean));
}

static json_t *levels_json(const struct hot_check *hc)
{
	json_t *a = json_array();
	uint32_t i;

	for (i = 0; a && i < hc->rk.num_by_level; i++)
		if (json_array_append_new(a, level_json(hc,
							&hc->rk.by_level[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

json_t *hot_check_json(const struct hot_check *hc, const struct oc_fabric *f)
{
	json_t *hot = json_array();
	uint32_t i;

	for (i = 0; hot && i < listed(hc); i++)
		if (json_array_append_new(hot, link_json(hc, f, i))) {
			json_decref(hot);
			return NULL;
		}
	return json_pack("{s:o, s:s, s:b, s:o}", "hot_links", hot,
			 "link_load_levels",
			 hc->rk.by_ftree ? "fat-tree" : "distance",
			 "link_load_weighted", hc->r->has_weighted,
			 "link_load_by_level", levels_json(hc));
}

/* ---- the run ------------------------------------------------------------ */

int hot_check_run(struct hot_check *hc, const struct oc_fabric *f,
		  const struct oc_lfts *t, const struct oc_verify_report *r,
		  const struct hot_input *in)
{
	struct oc_err err;

	hc->r = r;
	if (in->vms || in->weights) {
		if (check_weighted_load(f, t, in->vms, in->weights, &hc->wr))
			return 2;
		hc->has_wr = 1;
		hc->r = &hc->wr;
	}
	if (oc_link_rank(f, hc->r, &hc->rk, &err)) {
		fprintf(stderr, "osmcloud check: %s\n", err.msg);
		return 2;
	}
	hc->json = hot_check_json(hc, f);
	if (!hc->json) {
		fprintf(stderr, "osmcloud check: out of memory\n");
		return 2;
	}
	return hc->heatmap ? write_heatmap(hc, f, in) : 0;
}

void hot_check_free(struct hot_check *hc)
{
	oc_link_rank_free(&hc->rk);
	if (hc->has_wr)
		oc_verify_report_free(&hc->wr);
	hc->has_wr = 0;
	json_decref(hc->json);
	hc->json = NULL;
}
