/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * part_file.h - an offline partitions file: the subset of OpenSM's
 * partitions.conf that `osmcloud route|check --partitions FILE` reads
 * (the plugin takes the partitions from OpenSM itself).
 *
 * Format: statements end with ';' and may span lines; '#' starts a
 * comment up to the end of the line.
 *     <name>=<P_Key>[, <flag>]... : [<member>[, <member>]...] ;
 * name: letters, digits, '_', '-', '.'; P_Key: 0x + hex (the membership
 * bit is ignored).  Flags: sl=<0-15>, defmember=full|limited|both; the
 * OpenSM flags ipoib, indx0, mtu=, rate=, scope=, Q_Key=, TClass= are
 * accepted and ignored.  Members, separated by commas or blanks, each
 * with an optional =full|limited|both:
 *     <port GUID>                 (0x + hex; a switch's: no member)
 *     ALL, ALL_CAS                every CA port of the fabric
 *     ALL_SWITCHES, ALL_ROUTERS   accepted; no CA port, so no member
 *     SELF                        the SM's port (its GUID must be given)
 *     NONE                        no member
 * Only CA ports matter to routing, as in the plugin, which copies the CA
 * ports of OpenSM's partition table.  Membership defaults to defmember,
 * else limited (as in OpenSM); both counts as full.
 */
#ifndef OC_PART_FILE_H
#define OC_PART_FILE_H

#include <stdio.h>

#include "model/fabric.h"
#include "model/partition.h"

/* Reads a partitions file into a new table; ALL expands to the CA ports
 * of f (f may be NULL when the file does not use ALL), SELF to sm_guid
 * (0: unknown, SELF is an error).  NULL with err "FILE:LINE: problem" on
 * the first error. */
struct oc_partitions *oc_part_file_load(const char *path,
					const struct oc_fabric *f,
					uint64_t sm_guid, struct oc_err *err);
struct oc_partitions *oc_part_file_read(FILE *in, const char *path,
					const struct oc_fabric *f,
					uint64_t sm_guid, struct oc_err *err);

#endif
