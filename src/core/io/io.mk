# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/io: the file formats: topologies, GUID lists, VM and tenant files,
# LFT dumps, the ibsim Dump, the control socket's JSON
libosmcloudcore_la_SOURCES += src/core/io/ctl_json.c src/core/io/ctl_json.h \
	src/core/io/json_out.c src/core/io/json_out.h \
	src/core/io/guidfile.c src/core/io/guidfile.h src/core/io/ibsim_dump.c \
	src/core/io/ibsim_dump.h src/core/io/lft_dump.c src/core/io/lft_dump.h \
	src/core/io/part_file.c src/core/io/part_file.h src/core/io/policy_file.c \
	src/core/io/policy_file.h src/core/io/topo.c src/core/io/topo.h \
	src/core/io/vmfile.c src/core/io/vmfile.h src/core/io/weights_file.c \
	src/core/io/weights_file.h
# the ibacm provider's options in ibacm_opts.cfg (src/acm, docs/ibacm.md)
libosmcloudcore_la_SOURCES += src/core/io/acm_opts.c src/core/io/acm_opts.h
# live fabrics: NodeDescriptions as names (ibnetdiscover, opensm-subnet.lst)
libosmcloudcore_la_SOURCES += src/core/io/node_desc.c src/core/io/node_desc.h
# live fabrics: opensm-subnet.lst; LFTs from opensm.fdbs, dump_lfts, ibroute
libosmcloudcore_la_SOURCES += src/core/io/subnet_lst.c \
	src/core/io/subnet_lst.h src/core/io/fdbs_dump.c \
	src/core/io/fdbs_dump.h src/core/io/lft_input.c src/core/io/lft_input.h
# the lines of an opensm.conf osmcloud reads (osmcloud config check)
libosmcloudcore_la_SOURCES += src/core/io/osm_conf.c src/core/io/osm_conf.h
# OpenSM's node name map (node_name_map_name)
libosmcloudcore_la_SOURCES += src/core/io/node_name_map.c \
	src/core/io/node_name_map.h
# the link-load heat map's picture (SVG)
libosmcloudcore_la_SOURCES += src/core/io/heatmap_svg.c src/core/io/heatmap_svg.h
