# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/osm/vmops: the VM operations: commands from the console and the
# control socket, the VM state, the executor of a migration (SMPs, vGUIDs),
# the SM state and the takeover after a failover
libosmcloud_la_SOURCES += \
	src/osm/vmops/commands.c src/osm/vmops/commands.h \
	src/osm/vmops/console.c src/osm/vmops/console.h \
	src/osm/vmops/ctl.c src/osm/vmops/ctl.h \
	src/osm/vmops/dest.c src/osm/vmops/dest.h \
	src/osm/vmops/exec_targets.c src/osm/vmops/fault_port.h \
	src/osm/vmops/holds.c src/osm/vmops/holds.h \
	src/osm/vmops/kept_model.c src/osm/vmops/kept_model.h \
	src/osm/vmops/lidfilter.c src/osm/vmops/lidfilter.h \
	src/osm/vmops/migrate_exec.c src/osm/vmops/migrate_exec.h \
	src/osm/vmops/op_exec.c src/osm/vmops/op_exec.h \
	src/osm/vmops/opstats.c src/osm/vmops/opstats.h \
	src/osm/vmops/prepared.c src/osm/vmops/prepared.h \
	src/osm/vmops/requests.c src/osm/vmops/requests.h \
	src/osm/vmops/sa_pr_handler.c src/osm/vmops/sa_pr_handler.h \
	src/osm/vmops/saflag.c src/osm/vmops/saflag.h \
	src/osm/vmops/smp.c src/osm/vmops/smp.h \
	src/osm/vmops/smstate.c src/osm/vmops/smstate.h \
	src/osm/vmops/sweeps.c src/osm/vmops/sweeps.h \
	src/osm/vmops/takeover.c src/osm/vmops/takeover.h \
	src/osm/vmops/takeover_file.c \
	src/osm/vmops/takeover_view.c src/osm/vmops/takeover_view.h \
	src/osm/vmops/guidinfo_read.c src/osm/vmops/guidinfo_read.h \
	src/osm/vmops/vf_absent.c src/osm/vmops/vf_absent.h \
	src/osm/vmops/vguid.c src/osm/vmops/vguid.h \
	src/osm/vmops/vmstate.c src/osm/vmops/vmstate.h
