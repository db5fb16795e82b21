#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# property_offline.sh - property test of every routing engine over random
# fat-trees: k-ary n-trees (2-4 levels), PGFTs with oversubscription and
# parallel cables, multi-core trees joined at the leaves or the roots,
# vSwitch fabrics, and degraded ones (hostless leaves, missing hosts, I/O
# CAs on leaves and upper switches, cut cables), each made by "osmcloud
# gen" from a seed, routed offline by every engine ("osmcloud route",
# random partitions, policies and weights for the pftree engines) and
# judged by "osmcloud check":
#   every engine: every CA LID reached from every switch (no hole, loop
#     or wrong delivery: every switch stays connected, so every LID is
#     reachable), no loop towards any LID, no credit loop in CA traffic,
#     minimal CA-to-CA routes when no cable was cut (no longer than the
#     shortest up*/down* path: a route that only a turn from a down link
#     would shorten is minimal; the summary counts those pairs);
#   sftree also: every switch LID reached from every switch and no credit
#     loop with switches sending too (--require-switch-reach
#     --require-switch-cdg).
# A refusal passes only as "not a fat-tree (rule Rn...)", or for the
# pftree engines as their "route plain fat-trees" message on a vSwitch
# fabric; anything else (a crash, another error) fails.  Each failure
# prints the commands that reproduce it and keeps its files.
#
#   OC_PROPERTY_COUNT   fabrics (default 1000, about a minute)
#   OC_PROPERTY_SEED    seed of the run (default 1); fabric i is drawn from
#                       the seed SEED * 100000 + i (also the generator's
#                       --seed), so it is the same in every run of SEED
#   OC_PROPERTY_FIRST   the first fabric's number i (default 1):
#                       OC_PROPERTY_FIRST=17 OC_PROPERTY_COUNT=1 runs
#                       fabric 17 alone
#   OC_PROPERTY_ENGINES engines to run (default: all five)
#   OC_PROPERTY_KEEP    folder for the files of failing cases (default: a
#                       new folder under $TMPDIR)
# Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"
. "${srcdir:-.}/tests/unit/property_lib.sh"

count=${OC_PROPERTY_COUNT:-1000}
run_seed=${OC_PROPERTY_SEED:-1}
# Failures found and not fixed yet, "SEED FABRIC ENGINE  # why" a line:
# reported as KNOWN, not counted; one that passes now is a failure (take
# it out of the list).  Every new failure fails the test.
known=${OC_PROPERTY_KNOWN:-$top/tests/unit/data/property-known-failures.txt}
first=${OC_PROPERTY_FIRST:-1}
engines=${OC_PROPERTY_ENGINES:-"vswitch_ftree sftree pftree pftree_ext pftree_wt"}
keep=${OC_PROPERTY_KEEP:-}

# ---- tenants for the pftree engines --------------------------------------

# Port 1 GUID of every CA of f.net.
ca_ports() {
	sed -n 's/^caguid=\(0x[0-9a-f]*\)$/\1/p' "$dir/f.net" |
		while read -r g; do printf '0x%016x\n' $((g + 1)); done
}

# Writes parts.conf (2-4 tenants of random CA ports), policies (random
# policy per tenant, best-effort) and weights (random heavy ports).
draw_tenants() {
	rand 3
	tenants=$((r + 2))
	ca_ports >"$dir/ports"
	printf 'Default=0x7fff : ALL=full ;\n' >"$dir/parts.conf"
	printf 'mode best-effort\n' >"$dir/policies"
	: >"$dir/weights"
	t=1
	while [ "$t" -le "$tenants" ]; do
		: >"$dir/t$t"
		t=$((t + 1))
	done
	while read -r port; do
		rand $((tenants + 1))
		[ "$r" -gt 0 ] && echo "$port," >>"$dir/t$r"
		if chance 15; then
			rand 100
			echo "$port $((r + 2))" >>"$dir/weights"
		fi
	done <"$dir/ports"
	t=1
	while [ "$t" -le "$tenants" ]; do
		if [ -s "$dir/t$t" ]; then
			printf 'tenant%s=0x%04x :\n%s ;\n' "$t" $((0x8000 + t)) \
				"$(sed '$ s/,$//' "$dir/t$t")" >>"$dir/parts.conf"
			rand 3
			set -- phy-isolation vlane-isolation def-isolation
			shift "$r"
			echo "tenant$t $1" >>"$dir/policies"
		fi
		t=$((t + 1))
	done
}

# The route options of engine $1 (tenant files when drawn).
tenant_options() {
	[ "$with_tenants" -eq 1 ] || return 0
	case $1 in
	pftree) echo "--partitions $dir/parts.conf" ;;
	pftree_ext) echo "--partitions $dir/parts.conf --policies $dir/policies" ;;
	pftree_wt) echo "--partitions $dir/parts.conf --weights $dir/weights" ;;
	esac
}

# ---- counting and reporting -----------------------------------------------

# bump COUNTER ENGINE: one more (counters are shell variables).
bump() {
	eval "c_$1_$2=\$((\${c_$1_$2:-0} + 1))"
}

# Keeps the files of a failing case and prints how to reproduce it.
report() {
	engine=$1
	what=$2
	[ -n "$keep" ] || keep=$(mktemp -d "${TMPDIR:-/tmp}/osmcloud-property.XXXXXX")
	case_dir=$keep/fabric-$i
	mkdir -p "$case_dir"
	cp "$dir"/f.net "$dir"/*.conf "$dir"/policies "$dir"/weights \
		"$dir"/*.dump "$dir"/*.err "$dir"/check.json "$case_dir" 2>/dev/null
	if grep -q "^$run_seed $i $engine\( \|\$\)" "$known"; then
		echo "$run_seed $i $engine" >>"$tmp/known-seen"
		bump known "$engine"
		echo "KNOWN: fabric $i, $engine: $what (listed in $(basename "$known"))"
	else
		bump failed "$engine"
		fail "fabric $i, $engine: $what"
	fi
	if [ -n "$check_opts" ]; then
		sed 's/^/    /' "$dir/check.err"
	else
		sed 's/^/    /' "$dir/route.err" | head -3
	fi
	ex=$(json "$dir/check.json" cdg_all_cycle_example)
	[ "$engine" = sftree ] && [ -n "$ex" ] && [ "$ex" != "[]" ] &&
		echo "    switch credit loop e.g. $ex"
	ex=$(json "$dir/check.json" cdg_ca_cycle_example)
	[ -n "$ex" ] && [ "$ex" != "[]" ] && echo "    CA credit loop e.g. $ex"
	ex=$(json "$dir/check.json" ca_examples)
	[ -n "$ex" ] && [ "$ex" != "[]" ] && echo "    e.g. $ex"
	echo "    reproduce (files in $case_dir), or rerun this fabric with"
	echo "    OC_PROPERTY_SEED=$run_seed OC_PROPERTY_FIRST=$i OC_PROPERTY_COUNT=1:"
	echo "    $(gen_command) -o f.net"
	echo "    osmcloud route --engine $engine --topo f.net$(tenant_options \
		"$engine" | sed "s|$dir/||g; s/^./ &/")$sm -o $engine.dump"
	[ -z "$check_opts" ] ||
		echo "    osmcloud check $check_opts --topo f.net --lfts $engine.dump"
}

# Notes (once per fabric) when the analysis took other switches for
# vSwitches than the generator made, e.g. a plain leaf left with one
# uplink: not a failure by itself (vSwitches are known by their shape).
note_vswitches() {
	[ "$vswitches_noted" -eq 0 ] || return 0
	vswitches_noted=1
	made=$(sed -n 's/^# hypervisors: \([0-9]*\) .*/\1/p' "$dir/f.net")
	seen=$(sed -n 's/.* (\([0-9]*\) vSwitches, .*/\1/p' "$dir/route.err")
	[ "$seen" = "${made:-0}" ] || other_vswitches=$((other_vswitches + 1))
}

# Counts, for engine $1, the CA pairs of the last check longer than the
# graph's shortest path but not than the shortest up*/down* path: only a
# turn from a down link would shorten them, so they are minimal.
count_down_turn_pairs() {
	g=$(json "$dir/check.json" nonminimal_ca_pairs_graph)
	m=$(json "$dir/check.json" nonminimal_ca_pairs)
	[ "${g:-0}" -gt "${m:-0}" ] || return 0
	bump turn_fabrics "$1"
	eval "c_turn_pairs_$1=\$((\${c_turn_pairs_$1:-0} + g - m))"
}

# Routes f.net with engine $1 and judges the tables.
route_and_check() {
	e=$1
	bump offered "$e"
	check_opts=""
	sm=""
	[ "$e" = sftree ] && [ -n "$sm_guid" ] && sm=" --sm-guid $sm_guid"
	# shellcheck disable=SC2046,SC2086
	"$osmcloud" route --engine "$e" --topo "$dir/f.net" \
		$(tenant_options "$e") $sm -o "$dir/$e.dump" 2>"$dir/route.err"
	status=$?
	if [ "$status" -ge 128 ]; then
		bump fail_crash "$e"
		report "$e" "route crashed (status $status)"
		return
	elif [ "$status" -ne 0 ]; then
		why=$(refusal "$dir/route.err")
		if [ -n "$why" ]; then
			bump refused "$e"
			bump "refused_$why" "$e"
		else
			bump fail_route_error "$e"
			report "$e" "route failed (status $status)"
		fi
		return
	fi
	bump routed "$e"
	note_vswitches
	unserved=$(unserved_pairs "$dir/route.err")
	if [ "$unserved" -gt 0 ] && ! "$osmcloud" check --promise "$e" \
		--unserved-pairs "$unserved" --topo "$dir/f.net" \
		--lfts "$dir/$e.dump" >"$dir/promise.out" 2>&1; then
		bump fail_unserved_mismatch "$e"
		report "$e" "unserved-mismatch"
	fi
	check_opts="--json $(check_options "$e")"
	# shellcheck disable=SC2086
	"$osmcloud" check $check_opts --topo "$dir/f.net" \
		--lfts "$dir/$e.dump" >"$dir/check.json" 2>"$dir/check.err"
	status=$?
	bump checked "$e"
	count_down_turn_pairs "$e"
	if [ "$status" -eq 0 ]; then
		bump passed "$e"
		return
	fi
	if [ "$status" -ne 1 ]; then
		bump fail_check_error "$e"
		report "$e" "check failed to run (status $status)"
		return
	fi
	kinds=$(failure_kinds "$e" "$dir/check.json")
	for kind in $kinds; do
		bump "fail_$(echo "$kind" | tr - _)" "$e"
	done
	report "$e" "$kinds"
}

# ---- the run ---------------------------------------------------------------

dir=$tmp/case
mkdir -p "$dir"
start=$(date +%s)
echo "property test: fabrics $first..$((first + count - 1)), run seed $run_seed, engines $engines"
gen_failures=0
other_vswitches=0
i=$first
while [ "$i" -lt "$((first + count))" ]; do
	fabric_seed=$((run_seed * 100000 + i))
	seed "$fabric_seed"
	rm -f "$dir"/*
	draw_fabric "$fabric_seed"
	if ! generate; then
		gen_failures=$((gen_failures + 1))
		fail "fabric $i: $(gen_command): $(cat "$dir/gen.err")"
		i=$((i + 1))
		continue
	fi
	with_tenants=0
	if [ "$vswitch" -eq 0 ] && chance 60; then
		with_tenants=1
		draw_tenants
	fi
	sm_guid=""
	if chance 30; then
		g=$(sed -n 's/^caguid=\(0x[0-9a-f]*\)$/\1/p' "$dir/f.net" | head -1)
		sm_guid=$(printf '0x%016x' $((g + 1)))
	fi
	vswitches_noted=0
	for e in $engines; do
		route_and_check "$e"
	done
	i=$((i + 1))
done

# ---- the summary ---------------------------------------------------------

val() {
	eval "echo \${c_$1_$2:-0}"
}

echo
echo "property test: $count fabrics generated (run seed $run_seed), $gen_failures refused by gen, $(($(date +%s) - start)) s"
printf '%-14s %7s %7s %7s %7s %7s %7s\n' engine fabrics routed refused \
	checked passed failed
for e in $engines; do
	printf '%-14s %7s %7s %7s %7s %7s %7s\n' "$e" "$(val offered "$e")" \
		"$(val routed "$e")" "$(val refused "$e")" \
		"$(val checked "$e")" "$(val passed "$e")" "$(val failed "$e")"
done
for e in $engines; do
	line=""
	for kind in R1 R2 R3 R4 R5 R6 R7 vswitch; do
		v=$(val "refused_$kind" "$e")
		[ "$v" -eq 0 ] || line="$line $kind $v,"
	done
	[ -z "$line" ] || echo "  $e refused:${line%,}"
	line=""
	for kind in crash route_error check_error ca_hole ca_loop ca_wrong \
		switch_loop ca_credit_loop switch_hole switch_wrong \
		switch_credit_loop nonminimal unserved_mismatch check_failed; do
		v=$(val "fail_$kind" "$e")
		[ "$v" -eq 0 ] || line="$line $(echo "$kind" | tr _ -) $v,"
	done
	[ -z "$line" ] || echo "  $e failures (by kind; a case can have several):${line%,}"
done
for e in $engines; do
	v=$(val turn_fabrics "$e")
	[ "$v" -eq 0 ] ||
		echo "  $e: on $v fabrics $(val turn_pairs "$e") CA pairs only a turn from a down link would shorten (minimal on up*/down* paths)"
done
echo "fabrics whose analysis saw other vSwitches than generated (by shape): $other_vswitches"
[ -z "$keep" ] || echo "files of the failing cases: $keep"
while read -r k_seed k_fabric k_engine _; do
	case $k_seed in '#'* | '') continue ;; esac
	[ "$k_seed" = "$run_seed" ] || continue
	[ "$k_fabric" -ge "$first" ] && [ "$k_fabric" -lt "$((first + count))" ] ||
		continue
	echo "$engines" | grep -qw "$k_engine" || continue
	grep -qx "$k_seed $k_fabric $k_engine" "$tmp/known-seen" 2>/dev/null ||
		fail "fabric $k_fabric, $k_engine: listed as a known failure in $(basename "$known") but passes now: take it out"
done <"$known"
for e in $engines; do
	v=$(val known "$e")
	[ "$v" -eq 0 ] || echo "  $e: $v known failures (listed, not fixed yet)"
done
echo "$failures failures"
[ "$failures" -eq 0 ] || exit 1
echo "all property tests passed"
