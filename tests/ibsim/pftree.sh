#!/bin/bash
# pftree in stock opensm: five tenant partitions on the 4-ary 3-tree
# (ca-i in tenant i mod 5: more tenants than a leaf has up-links, so some
# must share links and get their own SLs), partitions.conf read by
# opensm, qos on.  The plugin registered the engine and it routed, the
# Dump passes the checker and equals the offline router's tables, the
# engine was given the data VLs the ports report, PathRecord SLs are the
# partitions' lanes and the SL-to-VL tables programmed are SL i -> VL
# i % the lanes used.
. "$OC_SRCDIR/tests/ibsim/pftree_lib.sh"
start_test pftree

OSM_PARTITIONS=$(tenant_partitions 5)
pftree_route pftree pftree || { finish; exit; }
check_data_vls pftree
check_lanes pftree
check_path_sls pftree 5
check_sl2vl pftree
finish
