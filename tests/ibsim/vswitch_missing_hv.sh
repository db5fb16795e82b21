#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# A physical leaf with one hypervisor less: stock ftree fails (ERR AB0A)
# unless it is given the roots; vswitch_ftree needs nothing.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-missing-hv
topo=$TOPOS/vswitch-ft-missing-hv.net
route_and_check vsw "$topo"
same_as_offline vsw "$topo"
compare_with_rooted_ftree vsw "$topo" "ERR AB0A"
finish
