#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Switch-to-switch routing on single-core fat-trees (issue 5): OpenSM's
# ftree leaves switch pairs unreachable, minhop reaches them all but its
# tables have a credit loop once switches source traffic (on trees of 3
# levels and more), updn is like ftree; osmcloud's sftree delivers every
# switch and CA LID from every switch, with minimal CA-to-CA routes and no
# credit loop even with switch sources.  Fabrics: the shipped 4-ary
# 3-tree (ftree: 816 of 2,304 switch pairs, as measured in the issue),
# the 648-port two-level tree of 36-port switches (the sFtree paper's
# fabric) and a 2-ary 4-tree.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test sftree-trees
"$OSMCLOUD" gen --pgft '2;18,36;1,18' --radix 36 -q -o "$TOP/ft-648.net" &&
	"$OSMCLOUD" gen --kary 2 --levels 4 -q -o "$TOP/ft-k2-n4.net" ||
	fail "osmcloud gen failed"

expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "ftree: ca-ok misses=816 noloop"
expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "minhop: ca-ok misses=0 loop"
expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "updn: ca-ok misses=816 noloop"
expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "sftree: ca-ok misses=0 noloop minimal"

# two levels: the spines reach each other through no common ancestor;
# minhop has no credit loop on a two-level tree
expect_engine 648 "$TOP/ft-648.net" "ftree: ca-ok misses>0 noloop"
expect_engine 648 "$TOP/ft-648.net" "minhop: ca-ok misses=0 noloop"
expect_engine 648 "$TOP/ft-648.net" "sftree: ca-ok misses=0 noloop minimal"

expect_engine k2n4 "$TOP/ft-k2-n4.net" "ftree: ca-ok misses>0 noloop"
expect_engine k2n4 "$TOP/ft-k2-n4.net" "minhop: ca-ok misses=0 loop"
expect_engine k2n4 "$TOP/ft-k2-n4.net" "updn: ca-ok misses>0 noloop"
expect_engine k2n4 "$TOP/ft-k2-n4.net" "sftree: ca-ok misses=0 noloop minimal"
finish
