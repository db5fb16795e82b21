#!/bin/bash
# A storage CA on a physical leaf: stock ftree fails (ERR AB26) unless it is
# given the roots and the I/O node; vswitch_ftree needs nothing.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-storage
topo=$TOPOS/vswitch-ft-storage.net
route_and_check vsw "$topo"
same_as_offline vsw "$topo"
compare_with_ftree vsw ftree "$topo"
[ $? -eq 2 ] && [ "$FTREE_ERR" = "ERR AB26" ] &&
	pass "ftree without roots fails with ERR AB26, as expected" ||
	fail "ftree without roots was expected to fail with ERR AB26"
guid_file "$topo" 'sw-L2-[0-9]+' 0 >"$TOP/roots.txt"
guid_file "$topo" 'io-[0-9]+' 1 >"$TOP/io.txt"
compare_with_ftree vsw ftree-roots "$topo" "root_guid_file $TOP/roots.txt" \
	"io_guid_file $TOP/io.txt" ||
	fail "ftree with root and io GUID files was expected to route this fabric"
finish
