#!/bin/bash
# The demo fabric: 2-level fat-tree, 12 hypervisors with a PF and 4 VFs.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-default
route_and_check vsw "$TOPOS/vswitch-ft-default.net"
compare_with_ftree vsw ftree "$TOPOS/vswitch-ft-default.net" ||
	fail "ftree was expected to route the uniform fabric"
finish
