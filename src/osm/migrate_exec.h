/*
 * migrate_exec.h - live migration of a VM in a running opensm
 * (osmcloud migrate VM HYPERVISOR [itrc|ftreeminrc]).
 *
 * Prepopulated LID model: the VM's LID and the LID of an idle VF (a VF
 * port no VM of the registry uses) of the destination hypervisor trade
 * places.  Under osm->lock held exclusively: OpenSM's subnet and the LFTs
 * it believes programmed (new_lft) are copied into the core model, the
 * planner (migrate.h) plans the swap, then the two PortInfo sets and the
 * planned LFT blocks are posted, and OpenSM's model (guid2lid, the LID
 * table, port LIDs, new_lft) and the registry are updated, so that a
 * later heavy sweep keeps the move.  The lock is then released and the
 * command waits (at most 10 s) until no SMP is outstanding.  Any refusal
 * sends nothing and changes nothing.  One migration at a time.
 */
#ifndef OC_OSM_MIGRATE_EXEC_H
#define OC_OSM_MIGRATE_EXEC_H

#include <pthread.h>
#include <stdio.h>

struct oc_osm_plugin;

struct oc_osm_migrator {
	pthread_mutex_t busy; /* held for a whole migration */
};

void oc_osm_migrator_init(struct oc_osm_migrator *m);
void oc_osm_migrator_destroy(struct oc_osm_migrator *m);

/* The migrate command: argv = {"migrate", VM, HYPERVISOR[, METHOD]}. */
int oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);

#endif
