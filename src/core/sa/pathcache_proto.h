/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * pathcache_proto.h - the line protocol of the path-record cache daemon
 * (osmcloud pathcache serve; docs/pathcache.md): the requests it reads
 * and the answer line of a query.  Pure text, no I/O.
 *
 * A request is one line: a verb and, for query, KEY=VALUE words.
 *   query dgid=GID|dlid=LID [sgid=GID] [slid=LID] [pkey=P] [sl=N]
 *         [mtu=N] [rate=N] [reversible=0|1]
 *   show | stats | flush
 * Every reply ends with one line starting "ok" or "error"; show sends
 * one "entry ..." line per cached record before it.
 */
#ifndef OC_SA_PATHCACHE_PROTO_H
#define OC_SA_PATHCACHE_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "sa/pathrec.h"

#define OC_PCPROTO_MAX_LINE 512	  /* a request line, newline included */
#define OC_PCPROTO_ANSWER_LEN 512 /* an answer line fits in this */

enum oc_pcreq_verb {
	OC_PCREQ_QUERY,
	OC_PCREQ_SHOW,
	OC_PCREQ_STATS,
	OC_PCREQ_FLUSH,
};

struct oc_pcreq {
	enum oc_pcreq_verb verb;
	/* query: the component mask and the record the client asked with
	 * (NumbPath 1 always selected: a SubnAdmGet answers one record) */
	uint64_t comp_mask;
	uint8_t rec[OC_PATHREC_SIZE];
};

/* Parses one request line (without its newline): 0, or -1 with err
 * naming the word and the problem. */
int oc_pcreq_parse(const char *line, struct oc_pcreq *req, struct oc_err *err);

/* The query line that asks for comp_mask and rec (the client side):
 * the number of characters written, as snprintf. */
int oc_pcreq_format_query(char *buf, size_t size, uint64_t comp_mask,
			  const uint8_t rec[OC_PATHREC_SIZE]);

/* The answer of a query: "ok dlid=.. slid=.. sl=.. mtu=.. rate=..
 * pkey=0x.. flag=0|1 source=SOURCE dgid=.. sgid=.. rec=HEX128", as
 * snprintf (size OC_PCPROTO_ANSWER_LEN is enough). */
int oc_pcreply_format(char *buf, size_t size,
		      const uint8_t rec[OC_PATHREC_SIZE], const char *source);

/* Reads such an answer line: 0 with the record and whether it came
 * from the cache, or -1 with err (an "error ..." line: its text). */
int oc_pcreply_parse(const char *line, uint8_t rec[OC_PATHREC_SIZE],
		     int *from_cache, struct oc_err *err);

#endif
