/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * log_codes.h - what each "ERR OCnn" code of the plugin's log means
 * (the codes themselves are log.h's OC_ERR_*).  OpenSM-independent, for
 * the osmcloud-plugin(5) man page; tests/unit/man_check.sh checks that
 * every code of log.h is described here.
 */
#ifndef OC_OSM_LOG_CODES_H
#define OC_OSM_LOG_CODES_H

struct oc_osm_log_code {
	const char *code; /* "OC01" */
	const char *when; /* one paragraph, plain text */
};

/* Every code, ended by a row with code NULL. */
extern const struct oc_osm_log_code oc_osm_log_codes[];

#endif
