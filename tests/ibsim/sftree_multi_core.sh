#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Switch-to-switch routing on multi-core fat-trees (issue 5): two 4-ary
# 3-trees joined root to root, two 4-ary 2-trees and two 4-ary 3-trees
# joined leaf to leaf (osmcloud gen --cores 2 --core-links top|leaf).  OpenSM's ftree leaves
# switch pairs unreachable (with leaf links even CA LIDs), minhop has a
# credit loop with switch sources (with leaf links already for CA
# traffic), updn cannot route them and falls back to minhop.  sftree
# delivers every switch and CA LID without a credit loop on all three
# (joined at the leaves: through its subtree root's sibling across the
# horizontal link; at the roots: up, across the root links, down).
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test sftree-multi-core
"$OSMCLOUD" gen --kary 4 --levels 3 --cores 2 --core-links top -q \
	-o "$TOP/mc-top.net" &&
	"$OSMCLOUD" gen --kary 4 --levels 2 --cores 2 --core-links leaf -q \
		-o "$TOP/mc-leaf.net" &&
	"$OSMCLOUD" gen --kary 4 --levels 3 --cores 2 --core-links leaf -q \
		-o "$TOP/mc-leaf3.net" || fail "osmcloud gen failed"

expect_engine top "$TOP/mc-top.net" "ftree: ca-ok misses>0 noloop"
expect_engine top "$TOP/mc-top.net" "minhop: ca-ok misses=0 loop"
expect_engine top "$TOP/mc-top.net" "updn: used=minhop loop"
expect_engine top "$TOP/mc-top.net" "sftree: ca-ok misses=0 noloop minimal"

expect_engine leaf "$TOP/mc-leaf.net" "ftree: ca-fail misses>0"
expect_engine leaf "$TOP/mc-leaf.net" "minhop: ca-fail misses=0 loop"
expect_engine leaf "$TOP/mc-leaf.net" "updn: used=minhop loop"
expect_engine leaf "$TOP/mc-leaf.net" "sftree: ca-ok misses=0 noloop minimal"

expect_engine leaf3 "$TOP/mc-leaf3.net" "ftree: ca-fail misses>0"
expect_engine leaf3 "$TOP/mc-leaf3.net" "minhop: ca-fail misses=0 loop"
expect_engine leaf3 "$TOP/mc-leaf3.net" "sftree: ca-ok misses=0 noloop minimal"
finish
