# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/osm/routing: the engines in OpenSM's sweep: their registration, the
# snapshot of OpenSM's subnet, the inputs read, the run, the tables and hop
# matrices handed back, lanes and partitions (fault.c: make check only)
libosmcloud_la_SOURCES += \
	src/osm/routing/carry_run.c src/osm/routing/carry_run.h \
	src/osm/routing/engine_glue.c src/osm/routing/engine_glue.h \
	src/osm/routing/fault.h \
	src/osm/routing/hops_out.c src/osm/routing/hops_out.h \
	src/osm/routing/inputs.c src/osm/routing/inputs.h \
	src/osm/routing/lanes.c src/osm/routing/lanes.h \
	src/osm/routing/lft_in.c src/osm/routing/lft_in.h \
	src/osm/routing/lft_out.c src/osm/routing/lft_out.h \
	src/osm/routing/partitions_in.c src/osm/routing/partitions_in.h \
	src/osm/routing/phases.c src/osm/routing/phases.h \
	src/osm/routing/run.c src/osm/routing/run.h \
	src/osm/routing/snapshot.c src/osm/routing/snapshot.h \
	src/osm/routing/osm_files.c src/osm/routing/osm_files.h \
	src/osm/routing/dump_out.c src/osm/routing/dump_out.h
