/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * flag_rule.h - when the SM may raise the PathRecord caching flag (the
 * plugin option sa_path_caching=on; docs/plugin.md, "SA path-record
 * caching").  Pure: the plugin gathers what it knows, this says whether
 * the flag is up and, when it is not, the first reason why, in the order
 * an administrator fixes them.
 */
#ifndef OC_SA_FLAG_RULE_H
#define OC_SA_FLAG_RULE_H

#include <stdbool.h>

/* Why the flag is down; OC_SAFLAG_UP when it is up. */
enum oc_saflag_why {
	OC_SAFLAG_UP,
	OC_SAFLAG_OPTION_OFF,	  /* sa_path_caching=off */
	OC_SAFLAG_NO_HOOK,	  /* no hook, no handler of ours */
	OC_SAFLAG_NO_REGISTRY,	  /* no state= */
	OC_SAFLAG_REGISTRY_OFF,	  /* state= unusable: VM operations off */
	OC_SAFLAG_NOT_ROUTED,	  /* no routing run yet */
	OC_SAFLAG_FOREIGN_ENGINE, /* last run by an engine not osmcloud's */
	OC_SAFLAG_WHY_COUNT
};

/* What the plugin knows when it decides. */
struct oc_saflag_facts {
	bool option_on;	     /* sa_path_caching=on */
	bool can_flag;	     /* the 0003 hook or our PathRecord handler */
	bool registry_given; /* state= configured */
	bool registry_off;   /* ... but unusable (VM operations off) */
	bool routed;	     /* a routing run happened */
	bool routed_by_us;   /* the last one was one of osmcloud's engines */
};

enum oc_saflag_why oc_saflag_decide(const struct oc_saflag_facts *f);
/* The reason as the plugin logs it. */
const char *oc_saflag_why_text(enum oc_saflag_why why);

#endif
