/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * options.c - parsing event_plugin_options.  OpenSM-independent: the
 * plugin and `osmcloud config-check` share this parser.
 */
#include <stdlib.h>
#include <string.h>

#include "log_level.h"
#include "options.h"

#define OPT_SEPARATORS " \t\r\n"

/* The non-path options, each allowed once. */
enum {
	SEEN_LOG_LEVEL,
	SEEN_SA_PATH_CACHING,
	SEEN_KEEP_MODEL,
	SEEN_CARRY_TABLES,
	NUM_SEEN
};

static const char *const level_names[] = {
	[OC_OSM_LOG_ERROR] = "error",
	[OC_OSM_LOG_INFO] = "info",
	[OC_OSM_LOG_VERBOSE] = "verbose",
	[OC_OSM_LOG_DEBUG] = "debug",
};

#define NUM_LEVELS (sizeof(level_names) / sizeof(level_names[0]))

const char *oc_osm_log_level_name(int level)
{
	if (level < 0 || (unsigned)level >= NUM_LEVELS)
		return "?";
	return level_names[level];
}

static int parse_level(const char *value, int *level, struct oc_err *err)
{
	unsigned i;

	for (i = 0; i < NUM_LEVELS; i++)
		if (!strcmp(value, level_names[i])) {
			*level = i;
			return 0;
		}
	return oc_err_set(err,
			  "option log_level: bad value \"%s\" (want error, "
			  "info, verbose or debug)",
			  value);
}

/* An on/off switch given at most once (seen counts it). */
static int set_switch(int *slot, int *seen, const char *key, const char *value,
		      struct oc_err *err)
{
	if ((*seen)++)
		return oc_err_set(err, "option %s given twice", key);
	if (!strcmp(value, "on") || !strcmp(value, "off")) {
		*slot = !strcmp(value, "on");
		return 0;
	}
	return oc_err_set(err, "option %s: bad value \"%s\" (want on or off)",
			  key, value);
}

static int set_path(char **slot, const char *key, const char *value,
		    struct oc_err *err)
{
	if (*slot)
		return oc_err_set(err, "option %s given twice", key);
	*slot = strdup(value);
	if (!*slot)
		return oc_err_set(err, "out of memory");
	return 0;
}

static int set_option(struct oc_osm_opts *opts, const char *key,
		      const char *value, int *seen, struct oc_err *err)
{
	if (!*value)
		return oc_err_set(err, "option %s: empty value", key);
	if (!strcmp(key, "roots"))
		return set_path(&opts->roots_file, key, value, err);
	if (!strcmp(key, "vms"))
		return set_path(&opts->vms_file, key, value, err);
	if (!strcmp(key, "log_level")) {
		if (seen[SEEN_LOG_LEVEL]++)
			return oc_err_set(err, "option log_level given twice");
		return parse_level(value, &opts->log_level, err);
	}
	if (!strcmp(key, "state"))
		return set_path(&opts->state_file, key, value, err);
	if (!strcmp(key, "ctl"))
		return set_path(&opts->ctl_socket, key, value, err);
	if (!strcmp(key, "ctl_group"))
		return set_path(&opts->ctl_group, key, value, err);
	if (!strcmp(key, "policy"))
		return set_path(&opts->policy_file, key, value, err);
	if (!strcmp(key, "weights"))
		return set_path(&opts->weights_file, key, value, err);
	if (!strcmp(key, "sa_path_caching"))
		return set_switch(&opts->sa_path_caching,
				  &seen[SEEN_SA_PATH_CACHING], key, value, err);
	if (!strcmp(key, "keep_model"))
		return set_switch(&opts->keep_model, &seen[SEEN_KEEP_MODEL],
				  key, value, err);
	if (!strcmp(key, "carry_tables"))
		return set_switch(&opts->carry_tables, &seen[SEEN_CARRY_TABLES],
				  key, value, err);
	return oc_err_set(err,
			  "unknown option \"%s\" (known: roots, vms, state, "
			  "ctl, ctl_group, policy, weights, log_level, "
			  "sa_path_caching, keep_model, carry_tables)",
			  key);
}

/* Splits one "key=value" word in place and applies it. */
static int parse_word(struct oc_osm_opts *opts, char *word, int *seen,
		      struct oc_err *err)
{
	char *eq = strchr(word, '=');

	if (!eq || eq == word)
		return oc_err_set(err, "option \"%s\" is not key=value", word);
	*eq = '\0';
	return set_option(opts, word, eq + 1, seen, err);
}

int oc_osm_opts_parse(struct oc_osm_opts *opts, const char *str,
		      struct oc_err *err)
{
	char *copy, *word, *save = NULL;
	int seen[NUM_SEEN] = {0}, ret = 0;

	memset(opts, 0, sizeof(*opts));
	opts->log_level = OC_OSM_LOG_DEBUG;
	opts->keep_model = 1;
	opts->carry_tables = 1;
	if (!str)
		return 0;
	copy = strdup(str);
	if (!copy)
		return oc_err_set(err, "out of memory");
	for (word = strtok_r(copy, OPT_SEPARATORS, &save); word && !ret;
	     word = strtok_r(NULL, OPT_SEPARATORS, &save))
		ret = parse_word(opts, word, seen, err);
	free(copy);
	if (ret)
		oc_osm_opts_free(opts);
	return ret;
}

void oc_osm_opts_free(struct oc_osm_opts *opts)
{
	free(opts->roots_file);
	free(opts->vms_file);
	free(opts->state_file);
	free(opts->ctl_socket);
	free(opts->ctl_group);
	free(opts->policy_file);
	free(opts->weights_file);
	memset(opts, 0, sizeof(*opts));
}
