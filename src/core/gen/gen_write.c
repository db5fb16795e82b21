/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * gen_write.c - writing a fabric as an ibsim topology file.
 *
 * Every record gets an explicit switchguid=/caguid= line so that GUIDs do
 * not depend on file order, every link is listed on both ends (ibsim
 * requires it), and every port line ends in a "# lid N 4xQDR" annotation,
 * which keeps ibsim's parser quiet and gives CA ports their LID when one
 * is known.  The annotations never contain '=' (ibsim would read it as a
 * port option).
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "gen/gen.h"

static uint32_t first_ca(const struct oc_fabric *f)
{
	uint32_t n;

	for (n = 0; n < f->num_nodes; n++)
		if (!oc_is_switch(f, n))
			return n;
	return OC_NONE;
}

static void write_comment(const char *comment, FILE *out)
{
	const char *line = comment, *end;

	if (!comment)
		return;
	while (*line) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		fprintf(out, "# %.*s\n", (int)(end - line), line);
		line = *end ? end + 1 : end;
	}
	fprintf(out, "\n");
}

static void write_header(const struct oc_fabric *f, uint32_t n, FILE *out)
{
	const struct oc_node *node = &f->nodes[n];

	if (oc_is_switch(f, n)) {
		fprintf(out, "switchguid=0x%016" PRIx64 "\n", node->guid);
		fprintf(out, "Switch\t%u \"%s\"\t# \"%s\" base port 0\n",
			node->num_ports, node->name, node->name);
	} else {
		fprintf(out, "caguid=0x%016" PRIx64 "\n", node->guid);
		fprintf(out, "Ca\t%u \"%s\"\t# \"%s\"\n", node->num_ports,
			node->name, node->name);
	}
}

static void write_node(const struct oc_fabric *f, uint32_t n, FILE *out)
{
	unsigned port;

	write_header(f, n, out);
	for (port = 1; port <= f->nodes[n].num_ports; port++) {
		const struct oc_port *p = oc_port(f, n, port);
		unsigned lid = oc_is_switch(f, n) ? 0 : p->lid;

		if (p->peer_node == OC_NONE)
			continue;
		fprintf(out, "[%u]\t\"%s\"[%u]\t# lid %u 4xQDR\n", port,
			f->nodes[p->peer_node].name, p->peer_port, lid);
	}
	fprintf(out, "\n");
}

int oc_gen_write_fabric(const struct oc_fabric *f, const char *comment,
			FILE *out, struct oc_err *err)
{
	uint32_t first = first_ca(f), n;

	write_comment(comment, out);
	if (first != OC_NONE)
		write_node(f, first, out);
	for (n = 0; n < f->num_nodes; n++)
		if (n != first)
			write_node(f, n, out);
	if (fflush(out) || ferror(out))
		return oc_err_set(err, "writing the topology: %s",
				  strerror(errno ? errno : EIO));
	return 0;
}
