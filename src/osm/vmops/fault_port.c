/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fault_port.c - test-only: a port seen as changed (see fault_port.h);
 * compiled into libosmcloudfault.so only.
 */
#include <stdlib.h>

#include "vmops/fault_port.h"
#include "base/textscan.h"

#define FAULT_PORT_ENV "OSMCLOUD_FAULT_PORT_CHANGED"

int oc_osm_fault_port_changed(uint64_t guid)
{
	const char *text = getenv(FAULT_PORT_ENV);
	uint64_t want;

	return text && !oc_parse_hex64(text, &want) && want == guid;
}
