#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# alloc_offline.sh - an allocation that fails is an error, never a
# success with holes.  The LD_PRELOAD shim failalloc.so fails one
# allocation of a run: "osmcloud route" with every engine on every
# shipped topology (the pftree engines with tenant files; vswitch_ftree
# and sftree also with a VM file, roots, guid2lid and the dynamic LID
# model; sftree on generated multi-core and degraded trees), "osmcloud
# check" on those tables and on an ibsim Dump (and with its heat map), "osmcloud plan" (also on a
# live fabric's Dump and registry), "osmcloud sim" and "osmcloud gen".  Each run must end
# as the run without failure did (same status and output: the C library
# made do, e.g. by reading unbuffered), or exit non-zero naming the lack
# of memory, leaving no dump; a signal is a failure.  By default the first allocation of each
# distinct call chain fails (the shim lists them); OC_ALLOC_LONG=1
# fails every allocation in turn.  Output that cannot be written
# (/dev/full) is an error too.  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

shim=$PWD/tests/fault/.libs/failalloc.so
[ -f "$shim" ] || { echo "FAIL: $shim not built"; exit 1; }
long=${OC_ALLOC_LONG:-0}
runs=0

# run CMD N ARGS...: osmcloud CMD with its Nth allocation failed (0:
# none); the status in $rc; in $tmp/run.out what it wrote (route: its
# dump, absent when none; the others: their standard output without
# the lines of timings), $tmp/err, and the shim's report in $tmp/report
run() {
	cmd=$1
	n=$2
	shift 2
	rm -f "$tmp/run.out" "$tmp/report"
	[ "$cmd" = route ] && set -- "$@" -o "$tmp/run.out"
	OC_FAIL_ALLOC=$n OC_ALLOC_REPORT=$tmp/report \
		OC_ALLOC_CHAINS=$tmp/chains LD_PRELOAD=$shim \
		"$osmcloud" "$cmd" "$@" >"$tmp/stdout" 2>"$tmp/err"
	rc=$?
	[ "$cmd" = route ] ||
		grep -v -e ' ms' -e ' us' "$tmp/stdout" >"$tmp/run.out"
}

# where the failed allocation was made: the call, and its file:line in
# osmcloud's source (not in an inline function of a system header)
where() {
	set -- $(sed -n 's/^failed //p' "$tmp/report" 2>/dev/null) "" "" ""
	[ -n "$3" ] || { echo "allocation not reached"; return; }
	echo "$2 at $(addr2line -i -e "$osmcloud" "$3" 2>/dev/null |
		grep -v '^/usr/' | head -n 1 | sed 's|.*/src/|src/|')"
}

# same A B: both files absent, or equal
same() {
	if [ -e "$1" ]; then cmp -s "$1" "$2"; else [ ! -e "$2" ]; fi
}

# ended as the run without failure: status, output, and the message of
# a failure (a success's summary holds timings)
as_without_failure() {
	[ "$rc" -eq "$base" ] && same "$tmp/run.out" "$tmp/base.out" &&
		{ [ "$rc" -eq 0 ] || cmp -s "$tmp/err" "$tmp/base.err"; }
}

# judge NAME N: the run with allocation N failed did no harm
judge() {
	if [ "$rc" -gt 128 ]; then
		fail "$1: allocation $2 ($(where)): killed by signal $((rc - 128))"
	elif as_without_failure; then
		:
	elif [ "$rc" -eq 0 ]; then
		fail "$1: allocation $2 ($(where)): exit 0, other output"
	elif ! grep -q -e 'out of memory' -e 'Cannot allocate memory' \
		"$tmp/err"; then
		fail "$1: allocation $2 ($(where)): exit $rc, says: $(head -c 200 "$tmp/err")"
	elif [ "$cmd" = route ] && [ -e "$tmp/run.out" ]; then
		fail "$1: allocation $2 ($(where)): exit $rc, a dump left behind"
	fi
}

# try CMD NAME ARGS...: the run without failure, then one run per
# allocation to fail; the output without failure stays in $tmp/base.out
try() {
	cmd=$1
	name=$2
	shift 2
	run "$cmd" 0 "$@"
	base=$rc
	rm -f "$tmp/base.out"
	[ -e "$tmp/run.out" ] && mv "$tmp/run.out" "$tmp/base.out"
	mv "$tmp/err" "$tmp/base.err"
	count=$(sed -n 's/^allocations //p' "$tmp/report")
	if [ "$long" = 1 ]; then
		seq 1 "$count" >"$tmp/tries"
	else
		mv "$tmp/chains" "$tmp/tries"
	fi
	for n in $(cat "$tmp/tries"); do
		run "$cmd" "$n" "$@"
		judge "$cmd $name" "$n"
		runs=$((runs + 1))
	done
	echo "$cmd $name: exit $base, $count allocations, $(wc -l <"$tmp/tries") failed in turn"
}

# route_case NAME NET "CHECK OPTIONS" ROUTE OPTIONS...: route's runs;
# the tables without failure pass osmcloud check (kept as NAME.dump)
route_case() {
	name=$1
	net=$2
	checks=$3
	shift 3
	try route "$name" --topo "$net" "$@"
	rm -f "$tmp/$name.dump"
	[ "$base" -eq 0 ] || return
	mv "$tmp/base.out" "$tmp/$name.dump"
	# switch pairs sftree declares unserved: judged by its promise
	n=$("$osmcloud" route --topo "$net" "$@" 2>&1 >/dev/null |
		sed -n 's/^unserved: \([0-9]*\) .*/\1/p')
	[ -n "$n" ] && checks="--promise sftree --unserved-pairs $n"
	# shellcheck disable=SC2086
	"$osmcloud" check --topo "$net" --lfts "$tmp/$name.dump" $checks \
		>/dev/null 2>&1 || fail "route $name: tables fail osmcloud check"
}

# tenants for ft-k4-n3 (ca-i: port GUID 0x0002c904_00000000 | i << 4, + 1)
guid() { printf '0x0002c904%08x' $(($1 * 16 + 1)); }
{
	echo "Default=0x7fff : ALL=full ;"
	echo "t1=0x8001 : $(guid 0), $(guid 5), $(guid 17), $(guid 40) ;"
	echo "t2=0x8002 : $(guid 1), $(guid 6), $(guid 33), $(guid 63) ;"
} >"$tmp/parts"
printf 'mode best-effort\nt1 phy-isolation\nt2 vlane-isolation\n' \
	>"$tmp/policy"
printf '%s 4\n%s 2.5\n' "$(guid 5)" "$(guid 33)" >"$tmp/weights"
tenants="--partitions $tmp/parts --policies $tmp/policy --weights $tmp/weights"
switch_checks="--require-switch-reach --require-switch-cdg"

for net in "$top"/topologies/*.net; do
	t=$(basename "$net" .net)
	# I/O nodes above the leaves: their minimal routes would turn down
	# to up, so theirs may be longer (tests/unit/detours_offline.sh)
	loose=""
	[ "$t" = regress-detours-io-above-leaves ] && loose=--allow-nonminimal
	route_case "$t-vswitch_ftree" "$net" "$loose" --engine vswitch_ftree
	route_case "$t-sftree" "$net" "$switch_checks $loose" --engine sftree
	for e in pftree pftree_ext pftree_wt; do
		# shellcheck disable=SC2086
		route_case "$t-$e" "$net" "" --engine $e $tenants
	done
done

# VMs (weights, a vGUID), given roots, OpenSM's guid2lid cache, the
# dynamic LID model
net=$top/topologies/vswitch-ft-default.net
printf '%s\n' "0x0002c90500000011 vm-a" "0x0002c90500005021 vm-b 2" \
	"0x0002c9050000b031 vm-c vguid=0x00aa000000000001" >"$tmp/vms"
printf '0x0002c90302000000\n0x0002c90302000001\n' >"$tmp/roots"
printf '%s\n' "0x0002c90500000011 0x0100 0x0100" \
	"0x0002c90302000000 0x00f0 0x00f0" >"$tmp/guid2lid"
vms="--vms $tmp/vms --lid-model dynamic --guid2lid $tmp/guid2lid"
for e in vswitch_ftree sftree; do
	# shellcheck disable=SC2086
	route_case "vms-$e" "$net" "$vms" --engine $e $vms --roots "$tmp/roots"
done

# sftree's switch-to-switch routes on generated trees: cores joined at
# the roots (routes across) and at the leaves (through a sibling), one
# with a failed leaf uplink, one no leaf can serve (best effort), a tree
# with two failed uplinks (switch traffic to CAs re-routed)
gen() {
	"$osmcloud" gen "$@" -o "$tmp/gen.net" 2>/dev/null ||
		fail "gen $*: exit $?"
}
for shape in "roots top" "leaves leaf" "cut top --drop-link sw-L2-1:3"; do
	set -- $shape
	name=$1
	shift
	gen --kary 2 --levels 2 --cores 2 --core-links "$@"
	route_case "sftree-cores-$name" "$tmp/gen.net" "$switch_checks" \
		--engine sftree
done
gen --kary 4 --levels 3 --cores 2 --core-links top --drop-link sw-L1-8:5
route_case sftree-cores-failed "$tmp/gen.net" "$switch_checks" --engine sftree
gen --kary 4 --levels 3 --drop-link sw-L1-0:5 --drop-link sw-L1-1:6
route_case sftree-degraded "$tmp/gen.net" "$switch_checks" --engine sftree

# osmcloud check on those tables: the verifier, the dump reader, the
# tenant metrics, JSON; and on an ibsim Dump
for net in "$top"/topologies/*.net; do
	t=$(basename "$net" .net)
	[ -e "$tmp/$t-vswitch_ftree.dump" ] || continue
	try check "$t" --topo "$net" --lfts "$tmp/$t-vswitch_ftree.dump"
done
net=$top/topologies/ft-k4-n3.net
# shellcheck disable=SC2086
try check "ft-k4-n3 sftree" --json $switch_checks --topo "$net" \
	--lfts "$tmp/ft-k4-n3-sftree.dump"
# shellcheck disable=SC2086
try check "ft-k4-n3 tenants" --topo "$net" \
	--lfts "$tmp/ft-k4-n3-pftree_ext.dump" $tenants --victim t1 \
	--ebb-rounds 3
try check "ft-k4-n3 ebb" --json --topo "$net" \
	--lfts "$tmp/ft-k4-n3-sftree.dump" --ebb 3 --ebb-trace "$tmp/ebb.trace"
# shellcheck disable=SC2086
try check "vms" --topo "$top/topologies/vswitch-ft-default.net" $vms \
	--lfts "$tmp/vms-vswitch_ftree.dump"
try check "ibsim Dump" --ibsim-dump "$top/tests/unit/data/ibsim-dump-small.txt"
# shellcheck disable=SC2086
try check "heat map" --json --hot 3 --heatmap "$tmp/hot.svg" \
	--topo "$top/topologies/vswitch-ft-default.net" $vms \
	--lfts "$tmp/vms-vswitch_ftree.dump"

# the migration planner in both LID models, and the generator
net=$top/topologies/vswitch-ft-default.net
for model in prepopulated dynamic; do
	try plan "$model" --topo "$net" --lid-model $model --random 20 \
		--seed 3 --verify
done
try plan "FTreeMinRC" --topo "$net" --migrate hv0-vf1:hv1 \
	--method ftreeminrc --verify
data=$top/tests/unit/data
try plan "live Dump and registry" --dump "$data/plan-live-copy.dump" \
	--state "$data/plan-live-copy.state" --migrate vm-c:hv11 --verify
try sim "grouping" --pgft '2;4,8;1,4' --pattern grouping --population 50 \
	--ebb-rounds 3 --snapshots 2
try gen "two cores" --kary 4 --levels 3 --cores 2 --core-links top
try gen "vSwitches" --pgft '2;3,4;1,2' --vswitch 4 --io-cas 0:1
echo "$runs runs with one allocation failed"

# output that cannot be written: an error, not exit 0
net=$top/topologies/vswitch-ft-default.net
expect 1 "route -o /dev/full" "$osmcloud" route --topo "$net" -o /dev/full
grep -q 'writing /dev/full failed' "$tmp/err" || fail "route: $(cat "$tmp/err")"
expect 1 "check >/dev/full" sh -c "'$osmcloud' check --topo '$net' \
	--lfts '$tmp/vswitch-ft-default-vswitch_ftree.dump' >/dev/full"
grep -q 'osmcloud check: writing the standard output failed' "$tmp/err" ||
	fail "check: $(cat "$tmp/err")"

expect 1 "sim --out /dev/full" "$osmcloud" sim --pgft '2;4,8;1,4' \
	--ebb-rounds 3 --out /dev/full
grep -q 'osmcloud sim: writing /dev/full failed' "$tmp/err" ||
	fail "sim: $(cat "$tmp/err")"

[ "$failures" -eq 0 ] || exit 1
echo "all allocation failure tests passed"
