/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * flag_rule.c - when the SM may raise the PathRecord caching flag (see
 * flag_rule.h).
 */
#include "sa/flag_rule.h"

static const char *const why_texts[OC_SAFLAG_WHY_COUNT] = {
	[OC_SAFLAG_UP] = "the subnet keeps VM addresses across migrations",
	[OC_SAFLAG_OPTION_OFF] = "sa_path_caching is off",
	[OC_SAFLAG_NO_HOOK] = "this opensm has no PathRecord hook "
			      "(stock opensm, opensm-patches/0003 not applied) "
			      "and its PathRecord handler could not be "
			      "taken over",
	[OC_SAFLAG_NO_REGISTRY] = "no VM registry (state= not given): "
				  "migrations may change VM addresses",
	[OC_SAFLAG_REGISTRY_OFF] = "the VM registry (state=) is unusable: "
				   "VM operations are off",
	[OC_SAFLAG_NOT_ROUTED] = "no routing run yet",
	[OC_SAFLAG_FOREIGN_ENGINE] = "the last routing run was not one of "
				     "osmcloud's engines (fallback)",
};

const char *oc_saflag_why_text(enum oc_saflag_why why)
{
	if ((unsigned)why >= OC_SAFLAG_WHY_COUNT)
		return "?";
	return why_texts[why];
}

enum oc_saflag_why oc_saflag_decide(const struct oc_saflag_facts *f)
{
	if (!f->option_on)
		return OC_SAFLAG_OPTION_OFF;
	if (!f->can_flag)
		return OC_SAFLAG_NO_HOOK;
	if (!f->registry_given)
		return OC_SAFLAG_NO_REGISTRY;
	if (f->registry_off)
		return OC_SAFLAG_REGISTRY_OFF;
	if (!f->routed)
		return OC_SAFLAG_NOT_ROUTED;
	if (!f->routed_by_us)
		return OC_SAFLAG_FOREIGN_ENGINE;
	return OC_SAFLAG_UP;
}
