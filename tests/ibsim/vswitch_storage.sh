#!/bin/bash
# A storage CA on a physical leaf: stock ftree fails (ERR AB26).
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-storage
route_and_check vsw "$TOPOS/vswitch-ft-storage.net"
compare_with_ftree vsw "$TOPOS/vswitch-ft-storage.net"
[ $? -eq 2 ] && [ "$FTREE_ERR" = "ERR AB26" ] &&
	pass "ftree fails on this fabric with ERR AB26, as expected" ||
	fail "ftree was expected to fail with ERR AB26"
finish
