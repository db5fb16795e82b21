#!/bin/bash
# A physical leaf with one hypervisor less: stock ftree fails (ERR AB0A)
# unless it is given the roots; vswitch_ftree needs nothing.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-missing-hv
topo=$TOPOS/vswitch-ft-missing-hv.net
route_and_check vsw "$topo"
same_as_offline vsw "$topo"
compare_with_ftree vsw ftree "$topo"
[ $? -eq 2 ] && [ "$FTREE_ERR" = "ERR AB0A" ] &&
	pass "ftree without roots fails with ERR AB0A, as expected" ||
	fail "ftree without roots was expected to fail with ERR AB0A"
guid_file "$topo" 'sw-L2-[0-9]+' 0 >"$TOP/roots.txt"
compare_with_ftree vsw ftree-roots "$topo" "root_guid_file $TOP/roots.txt" ||
	fail "ftree with root_guid_file was expected to route this fabric"
finish
