#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Hypervisors with 1, 2, 3 and 4 VFs.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-uneven
route_and_check vsw "$TOPOS/vswitch-ft-uneven-vfs.net"
same_as_offline vsw "$TOPOS/vswitch-ft-uneven-vfs.net"
compare_with_ftree vsw ftree "$TOPOS/vswitch-ft-uneven-vfs.net" ||
	fail "ftree was expected to route uneven VF counts"
finish
