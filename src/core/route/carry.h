/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * carry.h - a routing run keeps the tables the switches already hold
 * wherever they still work (docs/carry.md).
 *
 * Given the fabric as it is now, the engine's FRESH tables of this run
 * and the INSTALLED tables (what the switches hold, as far as the SM
 * knows), the CARRIED tables take, for each destination LID d (one column
 * of all switches) and each switch X:
 *   - X's installed entry when X's installed walk to d is valid: every
 *     switch it visits is a keeper of d (below), every hop leaves through
 *     a port whose link is up at both ends, it visits no switch twice,
 *     and it ends at d's port (a CA port that is up, or port 0 of the
 *     switch whose LID d is);
 *   - X's fresh entry otherwise.
 * X is no keeper of d when its installed row is not known (a switch
 * without a table), or when X's fresh entry for d leaves over a link that
 * came up in this sweep (a cable restored, a switch added): there the
 * engine's balance on the new link wins, so that a restored cable
 * carries its routes again.  The column of a LID no port owns now is the
 * fresh one (a port gone: the fresh tables drop it).
 *
 * Why the carried column has no loop and reaches d from every switch the
 * fresh column reaches d from: let K be the switches with a valid
 * installed walk.  The successor of a switch of K on its walk is in K
 * (its own walk is the rest of the walk, valid too) or is d's port.  So a
 * carried walk that enters K stays in K, follows installed entries and
 * reaches d without a loop.  A carried walk outside K follows fresh
 * entries: it either never enters K, and is then the fresh walk itself
 * (reaching d without a loop where the fresh one does), or it enters K
 * and reaches d as above.  A loop of the carried column would lie outside
 * K, made of fresh entries only: a loop of the fresh column.
 *
 * What this does not prove: freedom from credit loops across
 * destinations (the installed and fresh routes of two LIDs might close a
 * cycle of channel dependencies), the balance of the result, or an
 * engine's other promises.  The caller therefore judges the carried
 * tables with the engine's promise check, as it judges every engine's
 * tables, and installs the fresh ones when the promise is broken.
 */
#ifndef OC_CARRY_H
#define OC_CARRY_H

#include <stdint.h>

#include "model/fabric.h"
#include "model/lft.h"

/* entries = kept + untrusted + rising + broken: the (switch, LID) entries
 * of the LIDs a port owns now.  Only an entry where installed and fresh
 * differ is judged: the fresh ones (untrusted, rising, broken) are all
 * changes, sent to the switches; kept counts the others, identical or
 * carried.  gone counts the entries to other LIDs that the fresh tables
 * drop and the installed ones did not. */
struct oc_carry_stats {
	uint64_t entries;   /* switches x LIDs owned by a port */
	uint64_t kept;	    /* installed entries carried */
	uint64_t differ;    /* of those, entries where fresh differs */
	uint64_t untrusted; /* fresh: the switch's table is not known */
	uint64_t rising;    /* fresh: it leaves over a link that came up */
	uint64_t broken;    /* fresh: the installed walk no longer works
			       (link down, hole, loop, wrong port, or it
			       passes a switch that is no keeper) */
	uint64_t gone;	    /* installed routes to LIDs no port owns now */
};

/* The installed tables as the SM holds them, read in place (no copy):
 * rows[sw_index] is the switch's row, LIDs 0..tops[sw_index] (higher
 * LIDs: no route), NULL when the switch's table is not known. */
struct oc_carry_installed {
	const uint8_t *const *rows;
	const uint16_t *tops;
	const uint8_t *rising; /* [port slot, oc_port_slot()]: the link of
				  this switch port came up in this sweep;
				  NULL: none did */
};

/* The fresh entries the carry overwrote, to give them back. */
struct oc_carry_cell {
	uint32_t sw;
	uint16_t lid;
	uint8_t port; /* the fresh entry */
};
struct oc_carry_undo {
	struct oc_carry_cell *cells;
	uint64_t count, cap;
};

/* Carries in place: t holds the fresh tables (f's switches) and then the
 * carried ones; undo (emptied first) gets every fresh entry replaced.
 * 0, or -1 with err when out of memory (t is then fresh again). */
int oc_carry(const struct oc_fabric *f, struct oc_lfts *t,
	     const struct oc_carry_installed *in, struct oc_carry_undo *undo,
	     struct oc_carry_stats *st, struct oc_err *err);

/* Sets entry (sw, lid) of the carried tables t to port, recording the
 * entry it held in undo, so that oc_carry_undo_apply() gives it back (the
 * test build's fault injection changes carried tables this way).  0, or
 * -1 out of memory (t unchanged). */
int oc_carry_undo_set(struct oc_lfts *t, struct oc_carry_undo *undo,
		      uint32_t sw, uint16_t lid, uint8_t port);

/* t back to the fresh tables (undo as oc_carry() left it).  Entries are
 * given back last first, so a cell set twice ends as it was first. */
void oc_carry_undo_apply(struct oc_lfts *t, const struct oc_carry_undo *undo);
void oc_carry_undo_free(struct oc_carry_undo *undo);

/* Entries of owned LIDs taken from the fresh tables. */
static inline uint64_t oc_carry_fresh(const struct oc_carry_stats *st)
{
	return st->untrusted + st->rising + st->broken;
}

#endif
