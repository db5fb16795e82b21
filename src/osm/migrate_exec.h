/*
 * migrate_exec.h - the VM commands in a running opensm:
 *   osmcloud migrate VM HYPERVISOR [itrc|ftreeminrc]
 *   osmcloud boot VM HYPERVISOR [weight]
 *   osmcloud stop VM [itrc|ftreeminrc]
 *
 * migrate swaps the VM's LID with an idle VF's (prepopulated LIDs) or,
 * when the destination has no idle VF but a VF up without a LID, copies
 * it there (dynamic LIDs); boot gives a free LID to a VF up without a
 * LID; stop frees the VM's LID.  All go through one executor (op_exec.h):
 * any refusal sends nothing and changes nothing.  One operation at a
 * time.
 */
#ifndef OC_OSM_MIGRATE_EXEC_H
#define OC_OSM_MIGRATE_EXEC_H

#include <pthread.h>
#include <stdio.h>

struct oc_osm_plugin;

struct oc_osm_migrator {
	pthread_mutex_t busy; /* held for a whole operation */
};

void oc_osm_migrator_init(struct oc_osm_migrator *m);
void oc_osm_migrator_destroy(struct oc_osm_migrator *m);

/* argv = {"migrate", VM, HYPERVISOR[, METHOD]}. */
int oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);
/* argv = {"boot", VM, HYPERVISOR[, WEIGHT]}. */
int oc_osm_boot(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);
/* argv = {"stop", VM[, METHOD]}. */
int oc_osm_stop(struct oc_osm_plugin *p, int argc, char **argv, FILE *out);

#endif
