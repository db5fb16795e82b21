# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/sim: the live-migration simulator (oc_sim_*, docs/migration-sim.md)
libosmcloudcore_la_SOURCES += src/core/sim/sim.c src/core/sim/sim.h \
	src/core/sim/sim_int.h src/core/sim/sim_pattern.c \
	src/core/sim/sim_place.c src/core/sim/sim_snap.c \
	src/core/sim/sim_spread.c
