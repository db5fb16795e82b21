#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# check_offline.sh - "osmcloud route" on the shipped topologies, then
# "osmcloud check" on its output must pass; a damaged table must fail
# (exit 1) and bad input must be refused (exit 2).  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

for t in vswitch-ft-default vswitch-ft-uneven-vfs vswitch-ft-missing-hv \
	vswitch-ft-storage ft-k4-n3; do
	net=$top/topologies/$t.net
	expect 0 "route $t" "$osmcloud" route -q --topo "$net" -o "$tmp/$t.dump"
	expect 0 "check $t" "$osmcloud" check --topo "$net" \
		--lfts "$tmp/$t.dump"
done

net=$top/topologies/vswitch-ft-default.net
dump=$tmp/vswitch-ft-default.dump

# JSON: one object with the verdict
expect 0 "check --json" "$osmcloud" check --json --topo "$net" --lfts "$dump"
json_is "$tmp/out" passed true
json_is "$tmp/out" nonminimal_ca_pairs 0
json_is "$tmp/out" ca_ports 60

# the dynamic LID model: two VMs, the other VFs down, same LIDs both ways
printf '0x0002c90500000011 vm-a\n0x0002c90500001021 vm-b\n' >"$tmp/vms"
expect 0 "route dynamic" "$osmcloud" route -q --topo "$net" --vms "$tmp/vms" \
	--lid-model dynamic -o "$tmp/dyn.dump"
expect 0 "check dynamic" "$osmcloud" check --topo "$net" --vms "$tmp/vms" \
	--lid-model dynamic --lfts "$tmp/dyn.dump"

# the roots do not reach each other: fails only when asked
expect 1 "check --require-switch-reach" "$osmcloud" check \
	--require-switch-reach --topo "$net" --lfts "$dump"
grep -q 'FAIL: switch LIDs unreachable' "$tmp/err" ||
	fail "no reason given on stderr"

# a lost entry (LID 1 on the first switch) is an unreachable CA LID
sed '0,/^0x0001 /{/^0x0001 /d}' "$dump" >"$tmp/hole.dump"
expect 1 "check with a hole" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/hole.dump"
grep -q 'FAIL: CA LIDs unreachable' "$tmp/err" ||
	fail "no reason given on stderr"

# tables routed with other LIDs: LIDs 1 (hv0-pf) and 2 (hv0) swapped
printf '0x0002c90400000001 0x0002 0x0002\n\n0x0002c90300000000 0x0001 0x0001\n\n' \
	>"$tmp/swapped.guid2lid"
expect 2 "check with other LIDs" "$osmcloud" check --topo "$net" \
	--guid2lid "$tmp/swapped.guid2lid" --lfts "$dump"
grep -q "LID 1 is port 0x0002c90400000001 in the dump but port 0x0002c90300000000 in the fabric" \
	"$tmp/err" || fail "LID mismatch not named"

# the ibsim Dump fixture (ftree on a small vSwitch fabric)
expect 0 "check --ibsim-dump" "$osmcloud" check \
	--ibsim-dump "$top/tests/unit/data/ibsim-dump-small.txt"

# bad usage and bad input
expect 2 "no input" "$osmcloud" check
expect 2 "--topo without --lfts" "$osmcloud" check --topo "$net"
expect 2 "--ibsim-dump with --topo" "$osmcloud" check --topo "$net" \
	--ibsim-dump "$top/tests/unit/data/ibsim-dump-small.txt"
expect 2 "topology given as LFTs" "$osmcloud" check --topo "$net" \
	--lfts "$net"
grep -q "not a known LFT format" "$tmp/err" || fail "unclear error"
expect 2 "missing LFT file" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/none"
expect 2 "topology given as Dump" "$osmcloud" check --ibsim-dump "$net"
grep -q "vswitch-ft-default.net" "$tmp/err" || fail "error names no file"

# route: bad input files are exit 2 too, with file:line: problem
printf 'Switch 2 "a"\n[3] "b"[1]\n' >"$tmp/bad.net"
expect 2 "route, bad topology" "$osmcloud" route --topo "$tmp/bad.net"
grep -q "bad.net:2: port number out of range for this node" "$tmp/err" ||
	fail "route, bad topology: no file:line: problem"
printf '0x0002c90500000011 vm-a\nvm-b\n' >"$tmp/bad.vms"
expect 2 "route, bad VM file" "$osmcloud" route --topo "$net" \
	--vms "$tmp/bad.vms"
grep -q "bad.vms:2: expected" "$tmp/err" ||
	fail "route, bad VM file: no file:line: problem"
printf '0x0002c90400000001 0x0000 0x0000\n' >"$tmp/bad.guid2lid"
expect 2 "route, bad guid2lid" "$osmcloud" route --topo "$net" \
	--guid2lid "$tmp/bad.guid2lid"
grep -q "bad.guid2lid:1: expected" "$tmp/err" ||
	fail "route, bad guid2lid: no file:line: problem"
# a root that is a vSwitch (hv0) is a bad roots file, not an unroutable
# fabric; one root of two below the other is a valid file (exit 1)
printf '# spines\n0x0002c90302000000\n0x0002c90300000000\n' >"$tmp/vsw.roots"
expect 2 "route, vSwitch as root" "$osmcloud" route --topo "$net" \
	--roots "$tmp/vsw.roots"
grep -q "vsw.roots:3: rule R6 (roots are physical switches): root GUID 0x0002c90300000000 is not a physical switch of this fabric" \
	"$tmp/err" || fail "route, vSwitch as root: no file:line: problem"
printf '0x0002c90302000000\n0x00000000000000ff\n' >"$tmp/absent.roots"
expect 2 "route, root not in the fabric" "$osmcloud" route --topo "$net" \
	--roots "$tmp/absent.roots"
grep -q "absent.roots:2: rule R6 (roots are physical switches): root GUID 0x00000000000000ff is not" \
	"$tmp/err" || fail "route, root not in the fabric: no file:line: problem"
printf '0x0002c90302000000\n' >"$tmp/one.roots"
expect 1 "route, one root leaves the other below the leaves" "$osmcloud" \
	route --topo "$net" --roots "$tmp/one.roots"
# VMs on a PF or a switch port would be dropped without a word
printf '# hv0-vf1, hv0-pf\n0x0002c90500000011 vm-a\n0x0002c90400000001 vm-b\n' \
	>"$tmp/pf.vms"
expect 2 "route, VM on a PF" "$osmcloud" route --topo "$net" --vms "$tmp/pf.vms"
grep -q 'pf.vms:3: VM "vm-b": 0x0002c90400000001 is not a VF port: it is the port of a PF' \
	"$tmp/err" || fail "route, VM on a PF: no file:line: problem"
printf '0x0002c90302000000 vm-a\n' >"$tmp/sw.vms"
expect 2 "check, VM on a switch" "$osmcloud" check --topo "$net" \
	--vms "$tmp/sw.vms" --lfts "$dump"
grep -q "sw.vms:1: VM \"vm-a\": 0x0002c90302000000 is not a VF port: it is a switch's port" \
	"$tmp/err" || fail "check, VM on a switch: no file:line: problem"

# a live fabric's files (tests/unit/data/live/, docs/production-check.md):
# every topology with every LFT format passes, wrong combinations exit 2
live=$top/tests/unit/data/live/tiny
for lfts in dump_lfts opensm.fdbs opensm-lfts.dump; do
	expect 0 "check ibnetdiscover + $lfts" "$osmcloud" check \
		--topo "$live.ibnetdiscover" --lfts "$live.$lfts"
	expect 0 "check opensm-subnet.lst + $lfts" "$osmcloud" check \
		--subnet-lst "$live.opensm-subnet.lst" --lfts "$live.$lfts"
done
expect 2 "--topo and --subnet-lst" "$osmcloud" check --topo "$live.ibnetdiscover" \
	--subnet-lst "$live.opensm-subnet.lst" --lfts "$live.dump_lfts"
expect 2 "bad --lfts-format" "$osmcloud" check --topo "$live.ibnetdiscover" \
	--lfts "$live.dump_lfts" --lfts-format xml
grep -q "lfts-format \"xml\": want auto, opensm-lfts" "$tmp/err" ||
	fail "bad --lfts-format: unclear error"
expect 2 "fdbs named as a dump" "$osmcloud" check --topo "$live.ibnetdiscover" \
	--lfts "$live.opensm.fdbs" --lfts-format opensm-lfts
expect 0 "route --subnet-lst" "$osmcloud" route -q \
	--subnet-lst "$live.opensm-subnet.lst" -o "$tmp/live.dump"

[ "$failures" -eq 0 ] || exit 1
echo "all osmcloud check tests passed"
