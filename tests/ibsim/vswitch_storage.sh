#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# A storage CA on a physical leaf: stock ftree fails (ERR AB26) unless it is
# given the roots and the I/O node; vswitch_ftree needs nothing.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-storage
topo=$TOPOS/vswitch-ft-storage.net
route_and_check vsw "$topo"
same_as_offline vsw "$topo"
guid_file "$topo" 'io-[0-9]+' 1 >"$TOP/io.txt"
compare_with_rooted_ftree vsw "$topo" "ERR AB26" \
	"io_guid_file $TOP/io.txt"
finish
