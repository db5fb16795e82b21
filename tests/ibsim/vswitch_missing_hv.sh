#!/bin/bash
# A physical leaf with one hypervisor less: stock ftree fails (ERR AB0A).
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-missing-hv
route_and_check vsw "$TOPOS/vswitch-ft-missing-hv.net"
compare_with_ftree vsw "$TOPOS/vswitch-ft-missing-hv.net"
[ $? -eq 2 ] && [ "$FTREE_ERR" = "ERR AB0A" ] &&
	pass "ftree fails on this fabric with ERR AB0A, as expected" ||
	fail "ftree was expected to fail with ERR AB0A"
finish
