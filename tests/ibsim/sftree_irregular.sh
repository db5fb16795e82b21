#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Switch-to-switch routing on irregular fat-trees (issue 5): an
# oversubscribed XGFT, PGFT(3;4,2,2;1,2,2) with 4 hosts and 2 uplinks per
# leaf, and the 4-ary 3-tree with a failed link: without the leaf uplink
# sw-L1-0[5] or without the root link sw-L3-0[1].  OpenSM's ftree gives up
# on both (ERR AB09) and falls back to minhop, which has a credit loop with
# switch sources; updn leaves switch pairs undelivered; sftree delivers
# every pair without a credit loop on all three.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test sftree-irregular
"$OSMCLOUD" gen --pgft '3;4,2,2;1,2,2' -q -o "$TOP/xgft-os.net" &&
	"$OSMCLOUD" gen --kary 4 --levels 3 --drop-link sw-L1-0:5 -q \
		-o "$TOP/ft-k4-n3-link.net" &&
	"$OSMCLOUD" gen --kary 4 --levels 3 --drop-link sw-L3-0:1 -q \
		-o "$TOP/ft-k4-n3-root-link.net" || fail "osmcloud gen failed"

expect_engine xgft "$TOP/xgft-os.net" "ftree: ca-ok misses>0 noloop"
expect_engine xgft "$TOP/xgft-os.net" "minhop: ca-ok misses=0 loop"
expect_engine xgft "$TOP/xgft-os.net" "updn: ca-ok misses>0 noloop"
expect_engine xgft "$TOP/xgft-os.net" "sftree: ca-ok misses=0 noloop minimal"

expect_engine link "$TOP/ft-k4-n3-link.net" "ftree: used=minhop ca-ok misses=0 loop"
grep -q "ERR AB09" "$TOP/link-ftree/osm.log" &&
	pass "link-ftree: ftree refused the fabric with ERR AB09" ||
	fail "link-ftree: expected ftree's ERR AB09"
expect_engine link "$TOP/ft-k4-n3-link.net" "updn: ca-ok misses>0 noloop"
expect_engine link "$TOP/ft-k4-n3-link.net" "sftree: ca-ok misses=0 noloop minimal"

expect_engine root-link "$TOP/ft-k4-n3-root-link.net" "ftree: used=minhop ca-ok misses=0 loop"
expect_engine root-link "$TOP/ft-k4-n3-root-link.net" "updn: ca-ok misses>0 noloop"
expect_engine root-link "$TOP/ft-k4-n3-root-link.net" "sftree: ca-ok misses=0 noloop minimal"
finish
