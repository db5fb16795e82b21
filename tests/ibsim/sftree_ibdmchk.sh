#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# An independent cross-check of osmcloud check with ibdmchk (Debian
# ibutils) on the tables stock opensm wrote for the 4-ary 3-tree: for CA
# traffic ibdmchk finds every path and no credit loop with ftree and with
# minhop; with all paths (-a: switches as sources and destinations too) it
# finds the same number of missing paths as osmcloud check for ftree
# (816) and a credit loop for minhop, as osmcloud check does.  On sftree's
# tables for the 4-ary 3-tree, the same tree without the leaf uplink
# sw-L1-0[5] and two 4-ary 3-trees joined leaf to leaf or root to root it
# finds every path, CA-to-CA and all, and no credit loop in either.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test sftree-ibdmchk
command -v ibdmchk >/dev/null || { fail "ibdmchk not installed (Debian ibutils)"; finish; }
"$OSMCLOUD" gen --kary 4 --levels 3 --drop-link sw-L1-0:5 -q \
	-o "$TOP/ft-k4-n3-link.net" &&
	"$OSMCLOUD" gen --kary 4 --levels 3 --cores 2 --core-links leaf -q \
		-o "$TOP/mc-leaf3.net" &&
	"$OSMCLOUD" gen --kary 4 --levels 3 --cores 2 --core-links top -q \
		-o "$TOP/mc-top3.net" || fail "osmcloud gen failed"

expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "ftree: ca-ok misses=816 noloop"
ibdmchk_run k4n3-ftree || fail "ibdmchk did not finish on ftree's tables"
ibdmchk_clean && grep -q -- "-I- Scanned:4032 CA to CA paths" "$IBDMCHK_OUT" &&
	pass "ibdmchk: ftree's 4032 CA-to-CA paths all there, no credit loop" ||
	fail "ibdmchk: ftree's CA-to-CA paths: $(grep -m3 -- '^-E-' "$IBDMCHK_OUT")"
ibdmchk_run k4n3-ftree -a || fail "ibdmchk -a did not finish on ftree's tables"
missing=$(sed -n 's/^-E- Found \([0-9]*\) missing paths.*/\1/p' "$IBDMCHK_OUT")
[ "$missing" = "$(switch_misses k4n3-ftree)" ] &&
	pass "ibdmchk -a: ftree misses $missing paths, as osmcloud check found" ||
	fail "ibdmchk -a: ftree misses '${missing}' paths, osmcloud check $(switch_misses k4n3-ftree)"

expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "minhop: ca-ok misses=0 loop"
ibdmchk_run k4n3-minhop || fail "ibdmchk did not finish on minhop's tables"
ibdmchk_clean && pass "ibdmchk: minhop's CA-to-CA paths have no credit loop" ||
	fail "ibdmchk: minhop's CA-to-CA paths: $(grep -m3 -- '^-E-' "$IBDMCHK_OUT")"
ibdmchk_run k4n3-minhop -a || fail "ibdmchk -a did not finish on minhop's tables"
grep -q -- "-E- credit loops in routing" "$IBDMCHK_OUT" &&
	! grep -q -- "missing paths" "$IBDMCHK_OUT" &&
	pass "ibdmchk -a: minhop reaches all, with a credit loop, as osmcloud check found" ||
	fail "ibdmchk -a: expected a credit loop and no missing path with minhop"

expect_engine k4n3 "$TOPOS/ft-k4-n3.net" "sftree: ca-ok misses=0 noloop minimal"
ibdmchk_agrees k4n3-sftree
expect_engine link "$TOP/ft-k4-n3-link.net" "sftree: ca-ok misses=0 noloop minimal"
ibdmchk_agrees link-sftree
expect_engine leaf "$TOP/mc-leaf3.net" "sftree: ca-ok misses=0 noloop minimal"
ibdmchk_agrees leaf-sftree
expect_engine top "$TOP/mc-top3.net" "sftree: ca-ok misses=0 noloop minimal"
ibdmchk_agrees top-sftree
finish
