# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the osmcloud command and its subcommands
osmcloud_SOURCES += src/tools/osmcloud.c src/tools/commands.h
# --json of every subcommand: one report, one error path
osmcloud_SOURCES += src/tools/json_report.c src/tools/json_report.h
osmcloud_SOURCES += src/tools/cmd_route.c src/tools/route_json.c \
	src/tools/route_json.h src/tools/route_files.c src/tools/route_files.h
osmcloud_SOURCES += src/tools/cmd_gen.c
# check: the LFT verifier, the ibsim Dump reader and the tenant metrics
osmcloud_SOURCES += src/tools/cmd_check.c \
	src/tools/fabric_args.c src/tools/fabric_args.h \
	src/tools/tenant_args.c src/tools/tenant_args.h \
	src/tools/check_tenants.c src/tools/check_tenants.h \
	src/tools/check_ebb.c src/tools/check_ebb.h
# check --hot, --heatmap: the hottest links and the link-load heat map
osmcloud_SOURCES += src/tools/check_hot.c src/tools/check_hot.h \
	src/tools/check_weights.c src/tools/check_weights.h
osmcloud_SOURCES += src/tools/cmd_ctl.c
osmcloud_LDADD += libctlclient.la libosmcloudcore.la
# config (template, check; config-check): the plugin's own option table
# and parser, offline
osmcloud_SOURCES += src/tools/cmd_config_check.c src/tools/cmd_config.c \
	src/tools/config_conf.c src/tools/config_conf.h \
	src/tools/config_report.c src/tools/config_report.h \
	src/osm/options.c src/osm/options.h src/osm/log_level.h
osmcloud_SOURCES += src/tools/cmd_plan.c src/tools/plan.h \
	src/tools/plan_args.c src/tools/plan_session.c \
	src/tools/plan_report.c src/tools/plan_json.c src/tools/plan_json.h
# weights: port receive counters (libibmad) to a pftree_wt weights file
osmcloud_SOURCES += src/tools/cmd_weights.c \
	src/tools/ibports.c src/tools/ibports.h \
	src/tools/rcv_counters.c src/tools/rcv_counters.h \
	src/tools/weights_map.c src/tools/weights_map.h
osmcloud_LDADD += $(IBMAD_LIBS)
# sa-load: one client of the SA load benchmark (bench/sa_load.sh; libibumad)
osmcloud_SOURCES += src/tools/opt_uint.c src/tools/opt_uint.h \
	src/tools/stop_signal.c src/tools/stop_signal.h
osmcloud_SOURCES += src/tools/cmd_sa_load.c \
	src/tools/latency_stats.c src/tools/latency_stats.h \
	src/tools/umad_port.c src/tools/umad_port.h \
	src/tools/sa_umad.c src/tools/sa_umad.h \
	src/tools/pathcache_client.c src/tools/pathcache_client.h
# pathcache: the client's path-record cache daemon and its CLI
osmcloud_SOURCES += src/tools/cmd_pathcache.c \
	src/tools/pathcache_serve.c src/tools/pathcache_serve.h
# sa-peer: a peer of the migration story (tests/ibsim/sa_story.sh)
osmcloud_SOURCES += src/tools/cmd_sa_peer.c
# smp-time: LFT-update SMPs timed (the vSwitch routing paper's Fig. 7)
osmcloud_SOURCES += src/tools/cmd_smp_time.c \
	src/tools/smp_umad.c src/tools/smp_umad.h \
	src/tools/smp_switches.c src/tools/smp_switches.h \
	src/tools/smp_window.c src/tools/smp_window.h
# for orchestrators: the protocol's Python client and the libvirt hook
ocpythondir = $(pkgdatadir)/python
dist_ocpython_DATA = contrib/python/osmcloud_ctl.py
libvirthookdir = $(pkgdatadir)/libvirt
dist_libvirthook_SCRIPTS = contrib/libvirt/qemu-osmcloud
# sim: the live-migration simulator (docs/migration-sim.md)
osmcloud_SOURCES += src/tools/cmd_sim.c
