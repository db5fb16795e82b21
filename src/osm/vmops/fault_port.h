/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fault_port.h - test-only fault injection for the kept model
 * (kept_model.h): a port that OpenSM sees otherwise than the kept model.
 *
 * In a running opensm that only happens between a light sweep that saw a
 * port change and the heavy sweep it starts, a window ibsim cannot hold
 * open.  Only libosmcloudfault.so (compiled with OC_FAULT_INJECTION,
 * never installed; routing/fault.h) has it: there, when the environment
 * variable OSMCLOUD_FAULT_PORT_CHANGED holds a port GUID (0x and hex), a
 * command planning on a kept model finds that port changed, as if
 * OpenSM's view of it differed, and builds the model afresh.
 * libosmcloud.so has no such code and reads no such variable.
 */
#ifndef OC_OSM_FAULT_PORT_H
#define OC_OSM_FAULT_PORT_H

#include <stdint.h>

#ifdef OC_FAULT_INJECTION
/* 1 when the test asks port guid to be seen as changed. */
int oc_osm_fault_port_changed(uint64_t guid);
#else
static inline int oc_osm_fault_port_changed(uint64_t guid)
{
	return 0;
}
#endif

#endif
