/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * fabric.h - the compact, OpenSM-independent fabric model.
 *
 * A fabric is a flat array of nodes and a flat array of ports.  Node i owns
 * ports[nodes[i].first_port .. nodes[i].first_port + nodes[i].num_ports];
 * index 0 of that range is port 0 (the switch management port; unused for
 * CAs).  Links are stored on both ends (peer_node/peer_port).  Switches also
 * get a dense switch index so that per-switch tables (LFTs, hops) can be
 * plain arrays.
 */
#ifndef OC_FABRIC_H
#define OC_FABRIC_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/hash.h" /* OC_NONE */

#define OC_NO_PATH 0xff		/* LFT entry: drop (same as OSM_NO_PATH) */
#define OC_MAX_PORTS 254	/* external ports of a node */
#define OC_MAX_UCAST_LID 0xbfff /* 49151, last unicast LID */

enum oc_node_type {
	OC_NODE_CA = 1,
	OC_NODE_SWITCH = 2,
};

struct oc_port {
	uint64_t guid;	    /* port GUID (switch ports: node GUID) */
	uint32_t peer_node; /* OC_NONE when unconnected */
	uint8_t peer_port;
	uint8_t active; /* link up (CAs: port usable, has a LID) */
	uint16_t lid;	/* base LID: CA ports and switch port 0 */
};

struct oc_node {
	uint64_t guid;
	char *name;	     /* ibsim node id or NodeDescription */
	uint32_t first_port; /* index of port 0 in fabric->ports */
	uint32_t sw_index;   /* dense switch index, OC_NONE for CAs */
	uint8_t type;	     /* enum oc_node_type */
	uint8_t num_ports;   /* external ports: 1..num_ports */
};

/* Who owns a LID: a CA port, or port 0 of a switch. */
struct oc_lid_owner {
	uint32_t node; /* OC_NONE when the LID is free */
	uint8_t port;
};

struct oc_fabric {
	struct oc_node *nodes;
	uint32_t num_nodes;
	uint32_t cap_nodes;
	struct oc_port *ports;
	uint32_t num_ports;
	uint32_t cap_ports;
	uint32_t *switches; /* switch index -> node index */
	uint32_t num_switches;
	struct oc_lid_owner *lid_owner; /* [0..max_lid] */
	uint16_t max_lid;
	struct oc_hash *by_name;      /* name -> node */
	struct oc_hash *by_guid;      /* node GUID -> node */
	struct oc_hash *by_port_guid; /* CA port GUID -> node << 8 | port */
};

struct oc_fabric *oc_fabric_new(void);
void oc_fabric_free(struct oc_fabric *f);

/* Adds a node with ports 0..num_ports, all unconnected; returns its index
 * or OC_NONE (error set) on a duplicate name/GUID or a bad port count. */
uint32_t oc_fabric_add_node(struct oc_fabric *f, enum oc_node_type type,
			    uint64_t guid, const char *name, unsigned num_ports,
			    struct oc_err *err);

/* Connects two ports (both ends).  Fails when either is taken. */
int oc_fabric_link(struct oc_fabric *f, uint32_t a, unsigned pa, uint32_t b,
		   unsigned pb, struct oc_err *err);

/* Records that (node, port) owns lid; grows the LID table.  Fails on a LID
 * out of range or already owned by another port. */
int oc_fabric_set_lid(struct oc_fabric *f, uint32_t node, unsigned port,
		      unsigned lid, struct oc_err *err);

/* Gives every active CA port and every switch without a LID the next free
 * LID, in node order (used offline when no LIDs are known). */
int oc_fabric_assign_lids(struct oc_fabric *f, struct oc_err *err);

/* Is a CA linked to one of node's ports (a leaf switch's test)? */
int oc_node_has_ca(const struct oc_fabric *f, uint32_t node);
uint32_t oc_fabric_find_name(const struct oc_fabric *f, const char *name);
uint32_t oc_fabric_find_guid(const struct oc_fabric *f, uint64_t node_guid);
/* Changes the GUID of a CA port (default: node GUID + port number). */
int oc_fabric_set_port_guid(struct oc_fabric *f, uint32_t node, unsigned port,
			    uint64_t guid, struct oc_err *err);
/* Finds the CA port or switch with this port GUID: returns node, sets *port. */
uint32_t oc_fabric_find_port_guid(const struct oc_fabric *f, uint64_t guid,
				  unsigned *port);

/* Index of (node, port) in f->ports: a port's slot in per-port arrays. */
static inline uint32_t oc_port_slot(const struct oc_fabric *f, uint32_t node,
				    unsigned port)
{
	return f->nodes[node].first_port + port;
}

/* A port of a fabric, read-only: the routing engines and the hop-matrix
 * worker threads read the fabric through a const pointer and must not be
 * able to change it (a write through the result is a compile error). */
static inline const struct oc_port *oc_port(const struct oc_fabric *f,
					    uint32_t node, unsigned port)
{
	return &f->ports[oc_port_slot(f, node, port)];
}

/* A port of a fabric the caller may change (building, snapshot, moves). */
static inline struct oc_port *oc_port_mut(struct oc_fabric *f, uint32_t node,
					  unsigned port)
{
	return &f->ports[oc_port_slot(f, node, port)];
}

static inline int oc_is_switch(const struct oc_fabric *f, uint32_t node)
{
	return f->nodes[node].type == OC_NODE_SWITCH;
}

/* Peer node of (node, port), OC_NONE when unconnected. */
static inline uint32_t oc_peer(const struct oc_fabric *f, uint32_t node,
			       unsigned port)
{
	return oc_port(f, node, port)->peer_node;
}

/* LID of a switch (its port 0). */
static inline uint16_t oc_switch_lid(const struct oc_fabric *f, uint32_t node)
{
	return oc_port(f, node, 0)->lid;
}

#endif
