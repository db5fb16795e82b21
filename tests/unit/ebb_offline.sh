#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# ebb_offline.sh - "osmcloud check --ebb N" on generated fabrics routed by
# "osmcloud route": the EBB line and JSON object, the same seed gives the
# same value, values in (0, 1], fewer roots a lower EBB, the running mean
# of --ebb-trace ends at the mean, bad N refused naming the option.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

# gen_route NAME GEN-OPTIONS...: $tmp/NAME.net and $tmp/NAME.dump
gen_route() {
	name=$1
	shift
	expect 0 "gen $name" "$osmcloud" gen "$@" -o "$tmp/$name.net"
	expect 0 "route $name" "$osmcloud" route -q --topo "$tmp/$name.net" \
		-o "$tmp/$name.dump"
}

# ebb NAME ROUNDS [OPTIONS...]: the mean of the EBB line into $mean
ebb() {
	name=$1
	rounds=$2
	shift 2
	expect 0 "check --ebb $rounds $name $*" "$osmcloud" check \
		--topo "$tmp/$name.net" --lfts "$tmp/$name.dump" \
		--ebb "$rounds" "$@"
	line=$(grep '^EBB over ' "$tmp/out")
	mean=$(echo "$line" | sed -n 's/.* mean \([0-9.]*\) .*/\1/p')
	[ -n "$mean" ] || fail "$name: no EBB line: $line"
}

# in_range VALUE: 0 < VALUE <= 1
in_range() {
	awk -v v="$1" 'BEGIN { exit !(v > 0 && v <= 1) }'
}

gen_route k4 --kary 4 --levels 3
ebb k4 200 --seed 7
first=$mean
echo "$line" | grep -q '^EBB over 200 random bisections of 64 endpoints: mean [0-9.]* (min [0-9.]*, max [0-9.]*), 32 flows per round$' ||
	fail "k4: EBB line: $line"
in_range "$first" || fail "k4: EBB $first not in (0, 1]"
ebb k4 200 --seed 7
[ "$mean" = "$first" ] || fail "k4: seed 7 gave $first, then $mean"
ebb k4 200 --seed 8
echo "k4: seed 7 $first, seed 8 $mean"
in_range "$mean" || fail "k4: EBB $mean not in (0, 1]"

# a vSwitch fabric: PFs and VFs are endpoints
gen_route vsw --pgft '2;4,4;1,2' --vswitch 3
ebb vsw 100
in_range "$mean" || fail "vsw: EBB $mean not in (0, 1]"
echo "$line" | grep -q 'of 64 endpoints' || fail "vsw: 16 PFs + 48 VFs: $line"

# 4, 2 then 1 roots above the same 16 hosts: the EBB drops each time
gen_route w4 --pgft '2;4,4;1,4'
gen_route w2 --pgft '2;4,4;1,2'
gen_route w1 --pgft '2;4,4;1,1'
prev=2
for w in w4 w2 w1; do
	ebb "$w" 1000
	echo "$w: EBB $mean"
	in_range "$mean" || fail "$w: EBB $mean not in (0, 1]"
	awk -v a="$mean" -v b="$prev" 'BEGIN { exit !(a < b) }' ||
		fail "$w: EBB $mean not below $prev"
	prev=$mean
done

# JSON: the "ebb" object
expect 0 "check --ebb --json" "$osmcloud" check --topo "$tmp/k4.net" \
	--lfts "$tmp/k4.dump" --ebb 200 --seed 7 --json
json_is "$tmp/out" ebb.rounds 200
json_is "$tmp/out" ebb.seed 7
json_is "$tmp/out" ebb.endpoints 64
json_is "$tmp/out" ebb.flows_per_round 32
# JSON's mean (6 decimals) rounds to the text's
python3 -c 'import sys
t = sys.argv[2]
assert round(float(sys.argv[1]), len(t.split(".")[1])) == float(t)' \
	"$(json_value "$tmp/out" ebb.mean)" "$first" ||
	fail "JSON: ebb.mean $(json_value "$tmp/out" ebb.mean), text $first"
json_is "$tmp/out" passed true

# the trace: one line per round, the last running mean is the mean
expect 0 "check --ebb-trace" "$osmcloud" check --topo "$tmp/k4.net" \
	--lfts "$tmp/k4.dump" --ebb 200 --seed 7 --ebb-trace "$tmp/trace"
[ "$(grep -vc '^#' "$tmp/trace")" -eq 200 ] || fail "trace: not 200 rounds"
last=$(tail -n 1 "$tmp/trace" | awk '{ print $3 }')
awk -v a="$last" -v b="$first" 'BEGIN { d = a - b; exit !(d < 1e-4 && d > -1e-4) }' ||
	fail "trace ends at $last, the mean is $first"

# bad input, refused naming the option
for n in 0 -3 x 10000001; do
	expect 2 "--ebb $n" "$osmcloud" check --topo "$tmp/k4.net" \
		--lfts "$tmp/k4.dump" --ebb "$n"
	grep -q -- "--ebb '$n': want 1..10000000" "$tmp/err" ||
		fail "--ebb $n: $(cat "$tmp/err")"
done
expect 2 "--seed x" "$osmcloud" check --topo "$tmp/k4.net" \
	--lfts "$tmp/k4.dump" --ebb 10 --seed x
grep -q -- "--seed 'x'" "$tmp/err" || fail "--seed x: $(cat "$tmp/err")"
expect 2 "--seed without --ebb" "$osmcloud" check --topo "$tmp/k4.net" \
	--lfts "$tmp/k4.dump" --seed 3
grep -q -- "--seed and --ebb-trace need --ebb N" "$tmp/err" ||
	fail "--seed alone: $(cat "$tmp/err")"
expect 2 "--ebb-trace unwritable" "$osmcloud" check --topo "$tmp/k4.net" \
	--lfts "$tmp/k4.dump" --ebb 10 --ebb-trace "$tmp/no/such/dir/trace"
grep -q "$tmp/no/such/dir/trace" "$tmp/err" ||
	fail "--ebb-trace: the path is not named: $(cat "$tmp/err")"

# one CA: no bisection
printf 'Switch 2 "s"\n[1] "h1"[1]\n\nHca 1 "h1"\n[1] "s"[1]\n' >"$tmp/one.net"
expect 0 "route one CA" "$osmcloud" route -q --topo "$tmp/one.net" \
	-o "$tmp/one.dump"
expect 2 "--ebb with one CA" "$osmcloud" check --topo "$tmp/one.net" \
	--lfts "$tmp/one.dump" --ebb 10
grep -q "at least 2 endpoints" "$tmp/err" || fail "one CA: $(cat "$tmp/err")"

[ "$failures" -eq 0 ] || exit 1
echo "all osmcloud check --ebb tests passed"
