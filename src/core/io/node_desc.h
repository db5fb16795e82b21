/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * node_desc.h - the model name of a node read with its NodeDescription.
 *
 * A live fabric's files (ibnetdiscover output, opensm-subnet.lst) give
 * every node a NodeDescription, which is what an administrator knows it
 * by and what the plugin names it by (the snapshot of OpenSM's subnet).
 * Descriptions need not be unique (switches left at the vendor's default
 * all read alike), while the model's names must be: the first node with a
 * description gets it as is, a later one with the same description gets
 * "DESC (TAG)", TAG being what the file calls that node (its ibnetdiscover
 * id or its GUID).
 */
#ifndef OC_NODE_DESC_H
#define OC_NODE_DESC_H

#include "model/fabric.h"

/* malloc'd name for a node described as desc; NULL when out of memory. */
char *oc_node_desc_name(const struct oc_fabric *f, const char *desc,
			const char *tag);

#endif
