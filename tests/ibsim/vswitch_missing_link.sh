#!/bin/bash
# One leaf-to-spine link missing.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test vswitch-missing-link
route_and_check vsw "$TOPOS/vswitch-ft-missing-link.net"
compare_with_ftree vsw "$TOPOS/vswitch-ft-missing-link.net"
finish
