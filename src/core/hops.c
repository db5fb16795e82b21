/*
 * hops.c - switch-to-switch hop distances.
 *
 * One breadth-first search per switch over switch-to-switch links.  In a
 * fat-tree with S switches and P ports each this is S * S * P steps: about
 * 0.1 G for 1,728 36-port switches, and no per-LID relaxation rounds.
 */
#include <stdlib.h>
#include <string.h>

#include "hops.h"

static void bfs(const struct oc_fabric *f, uint32_t from, uint8_t *dist,
		uint32_t *queue)
{
	uint32_t head = 0, tail = 0;

	memset(dist, OC_HOPS_UNREACHABLE, f->num_switches);
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		uint32_t s = queue[head++], node = f->switches[s];
		unsigned p;

		for (p = 1; p <= f->nodes[node].num_ports; p++) {
			uint32_t peer = oc_peer(f, node, p), t;

			if (peer == OC_NONE || !oc_is_switch(f, peer))
				continue;
			t = f->nodes[peer].sw_index;
			if (dist[t] != OC_HOPS_UNREACHABLE ||
			    dist[s] + 1 >= OC_HOPS_UNREACHABLE)
				continue;
			dist[t] = dist[s] + 1;
			queue[tail++] = t;
		}
	}
}

uint8_t *oc_switch_distances(const struct oc_fabric *f)
{
	size_t n = f->num_switches;
	uint8_t *dist = malloc(n ? n * n : 1);
	uint32_t *queue = malloc(sizeof(*queue) * (n ? n : 1));
	uint32_t s;

	if (!dist || !queue) {
		free(dist);
		free(queue);
		return NULL;
	}
	for (s = 0; s < n; s++)
		bfs(f, s, dist + s * n, queue);
	free(queue);
	return dist;
}
