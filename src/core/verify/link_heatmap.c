/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * link_heatmap.c - the heat map's boxes and lines from the ranked links
 * (oc_link_rank_heatmap(), link_rank.h).
 *
 * A row holds its level's switches in switch-index order (the order of
 * the topology file); a row of more than max_per_row switches is cut
 * into max_per_row runs of consecutive switches, one box each.  The
 * links are sorted by (source box, destination box) and each run of
 * equal pairs becomes one line: its highest load colours it, its mean
 * and count go to the tooltip.  Parallel cables between two switches are
 * thus one line per direction too.
 */
#include <stdlib.h>
#include <string.h>

#include "verify/link_rank.h"

struct heat_build {
	const struct oc_fabric *f;
	const struct oc_link_rank *rk;
	uint32_t *box_of; /* [switch index] */
	uint32_t *first;  /* [box] its first and last switch index */
	uint32_t *last;
	struct oc_heatmap_box *boxes;
	uint32_t num_boxes;
};

/* Boxes: per level, its switches cut into at most max_per_row runs. */
static int place_boxes(struct heat_build *b, uint32_t max_per_row)
{
	uint32_t n = b->f->num_switches, L = b->rk->num_levels, s, l;
	uint32_t *count = calloc(L + 1, sizeof(*count));
	uint32_t *seen = calloc(L + 1, sizeof(*seen));
	uint32_t *base = calloc(L + 1, sizeof(*base));
	int ret = -1;

	if (!count || !seen || !base)
		goto out;
	for (s = 0; s < n; s++)
		count[b->rk->level[s]]++;
	for (l = 0; l < L; l++) {
		base[l] = b->num_boxes;
		b->num_boxes += count[l] < max_per_row ? count[l] : max_per_row;
	}
	b->boxes = calloc(b->num_boxes + 1, sizeof(*b->boxes));
	b->first = malloc(sizeof(*b->first) * (b->num_boxes + 1));
	b->last = malloc(sizeof(*b->last) * (b->num_boxes + 1));
	if (!b->boxes || !b->first || !b->last)
		goto out;
	for (s = 0; s < n; s++) {
		uint32_t lv = b->rk->level[s];
		uint32_t bins = count[lv] < max_per_row ? count[lv]
							: max_per_row;
		uint32_t x = base[lv] + (uint32_t)((uint64_t)seen[lv]++ * bins /
						   count[lv]);

		b->box_of[s] = x;
		if (!b->boxes[x].members++)
			b->first[x] = s;
		b->last[x] = s;
		b->boxes[x].row = lv;
	}
	ret = 0;
out:
	free(count);
	free(seen);
	free(base);
	return ret;
}

static int name_boxes(struct heat_build *b)
{
	const struct oc_fabric *f = b->f;
	uint32_t x;

	for (x = 0; x < b->num_boxes; x++) {
		const char *a = f->nodes[f->switches[b->first[x]]].name;
		const char *z = f->nodes[f->switches[b->last[x]]].name;
		size_t len = strlen(a) + strlen(z) + 8;
		char *name = malloc(len);

		if (!name)
			return -1;
		if (b->boxes[x].members > 1)
			snprintf(name, len, "%s .. %s", a, z);
		else
			snprintf(name, len, "%s", a);
		b->boxes[x].name = name;
	}
	return 0;
}

static int name_rows(const struct oc_link_rank *rk, struct oc_heatmap *h)
{
	char **names = calloc(rk->num_levels + 1, sizeof(*names));
	char buf[32];
	uint32_t l;

	h->row_names = (const char *const *)names;
	h->num_rows = rk->num_levels;
	if (!names)
		return -1;
	for (l = 0; l < rk->num_levels; l++)
		if (!(names[l] = strdup(oc_link_rank_level_name(rk, l, buf,
								sizeof(buf)))))
			return -1;
	return 0;
}

/* ---- lines --------------------------------------------------------------- */

struct pair {
	uint64_t key; /* source box << 32 | destination box */
	uint64_t load;
};

static int by_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

static struct oc_heatmap_link *merge_pairs(const struct pair *p, uint32_t num,
					   uint32_t *num_links)
{
	struct oc_heatmap_link *links = calloc(num + 1, sizeof(*links));
	double total = 0;
	uint32_t i, n = 0;

	if (!links)
		return NULL;
	for (i = 0; i < num; i++) {
		struct oc_heatmap_link *k;

		if (!i || p[i].key != p[i - 1].key) {
			if (n)
				links[n - 1].mean =
					total / links[n - 1].members;
			k = &links[n++];
			k->from = (uint32_t)(p[i].key >> 32);
			k->to = (uint32_t)p[i].key;
			total = 0;
		}
		k = &links[n - 1];
		k->members++;
		total += (double)p[i].load;
		if ((double)p[i].load > k->load)
			k->load = (double)p[i].load;
	}
	if (n)
		links[n - 1].mean = total / links[n - 1].members;
	*num_links = n;
	return links;
}

static int draw_links(const struct heat_build *b,
		      const struct oc_verify_report *r, struct oc_heatmap *h)
{
	const struct oc_fabric *f = b->f;
	struct pair *p = malloc(sizeof(*p) * (r->channels + 1));
	uint32_t c;

	if (!p)
		return -1;
	for (c = 0; c < r->channels; c++) {
		const struct oc_channel *ch = &r->links[c].ch;
		uint32_t peer = oc_peer(f, ch->node, ch->port);

		p[c].key = (uint64_t)b->box_of[f->nodes[ch->node].sw_index]
				   << 32 |
			   b->box_of[f->nodes[peer].sw_index];
		p[c].load = r->links[c].load;
	}
	qsort(p, r->channels, sizeof(*p), by_pair);
	h->links = merge_pairs(p, r->channels, &h->num_links);
	free(p);
	return h->links ? 0 : -1;
}

int oc_link_rank_heatmap(const struct oc_fabric *f,
			 const struct oc_verify_report *r,
			 const struct oc_link_rank *rk, uint32_t max_per_row,
			 struct oc_heatmap *h, struct oc_err *err)
{
	struct heat_build b = {.f = f, .rk = rk};
	int ret = -1;

	memset(h, 0, sizeof(*h));
	h->scale_max = (double)r->load_max;
	b.box_of = malloc(sizeof(*b.box_of) * (f->num_switches + 1));
	if (b.box_of && max_per_row && !place_boxes(&b, max_per_row)) {
		h->boxes = b.boxes;
		h->num_boxes = b.num_boxes;
		ret = name_boxes(&b) ? -1 : 0;
		b.boxes = NULL; /* h owns them */
	}
	if (!ret)
		ret = name_rows(rk, h) || draw_links(&b, r, h) ? -1 : 0;
	free(b.box_of);
	free(b.first);
	free(b.last);
	free(b.boxes);
	if (ret) {
		oc_link_rank_heatmap_free(h);
		return oc_err_set(err, max_per_row ? "out of memory"
						   : "heat map: 0 boxes a row");
	}
	return 0;
}

void oc_link_rank_heatmap_free(struct oc_heatmap *h)
{
	uint32_t i;

	for (i = 0; h->boxes && i < h->num_boxes; i++)
		free((char *)h->boxes[i].name);
	for (i = 0; h->row_names && i < h->num_rows; i++)
		free((char *)h->row_names[i]);
	free((struct oc_heatmap_box *)h->boxes);
	free((char **)h->row_names);
	free((struct oc_heatmap_link *)h->links);
	memset(h, 0, sizeof(*h));
}
