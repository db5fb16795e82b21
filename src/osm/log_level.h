/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * log_level.h - the plugin's log_level option (OpenSM-independent, so
 * that `osmcloud config-check` parses the options with options.c too).
 */
#ifndef OC_OSM_LOG_LEVEL_H
#define OC_OSM_LOG_LEVEL_H

/* The plugin's log_level option, least to most verbose. */
enum oc_osm_log_level {
	OC_OSM_LOG_ERROR = 0,	/* only ERR lines */
	OC_OSM_LOG_INFO = 1,	/* + phases and summary */
	OC_OSM_LOG_VERBOSE = 2, /* + options, files, fabric counts */
	OC_OSM_LOG_DEBUG = 3,	/* + set-up details (default) */
};

#endif
