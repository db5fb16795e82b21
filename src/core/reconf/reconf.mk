# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/reconf: the live-migration reconfiguration planner (oc_reconf_*)
libosmcloudcore_la_SOURCES += src/core/reconf/reconf.c \
	src/core/reconf/reconf.h src/core/reconf/reconf_entry.c \
	src/core/reconf/reconf_int.h src/core/reconf/reconf_mark.c \
	src/core/reconf/reconf_op.c src/core/reconf/reconf_plan.c \
	src/core/reconf/reconf_safe.c \
	src/core/reconf/reconf_vf.c src/core/reconf/reconf_vf.h \
	src/core/reconf/reconf_pick.c src/core/reconf/reconf_pick.h
