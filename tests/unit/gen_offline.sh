#!/bin/sh
# gen_offline.sh - the "osmcloud gen" command line for the shapes of
# issue 5: multi-core trees (--cores, --core-links), the 648-port tree;
# the header's command makes the same bytes again; bad options exit 2
# with a message naming the option.  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

expect 0 "gen --help" "$osmcloud" gen --help
grep -q -- "--cores C" "$tmp/out" && grep -q -- "--core-links top|leaf" "$tmp/out" ||
	fail "--help does not list --cores and --core-links"

# three 2-ary 2-trees joined leaf to leaf: 2 + 2 horizontal links
expect 0 "gen 3 cores" "$osmcloud" gen --kary 2 --levels 2 --cores 3 \
	--core-links leaf -o "$tmp/mc.net"
grep -q "PGFT(2;2,2;1,2;1,1) x 3 cores (4 leaf links): 12 switches, 12 CAs" \
	"$tmp/err" || fail "summary: $(cat "$tmp/err")"
grep -q '^\[5\]	"sw-L1-2"\[5\]' "$tmp/mc.net" ||
	fail "sw-L1-0 port 5 is not linked to sw-L1-2 port 5"
# the header's command line makes the same file
cmd=$(sed -n 's/^# made by: osmcloud //p' "$tmp/mc.net")
eval "set -- $cmd"
expect 0 "gen from the header" "$osmcloud" "$@" -q -o "$tmp/again.net"
cmp -s "$tmp/mc.net" "$tmp/again.net" || fail "header command: other bytes"

# the 648-port switch: 36 leaves, 18 spines, 648 hosts on 36-port switches
expect 0 "gen 648-port" "$osmcloud" gen --pgft '2;18,36;1,18' --radix 36 \
	-o "$tmp/648.net"
grep -q ": 54 switches, 648 CAs" "$tmp/err" || fail "648: $(cat "$tmp/err")"

expect 2 "--core-links middle" "$osmcloud" gen --kary 2 --cores 2 \
	--core-links middle
grep -q -- '--core-links "middle": expected top' "$tmp/err" ||
	fail "bad --core-links not named: $(cat "$tmp/err")"
expect 2 "--core-links without --cores" "$osmcloud" gen --kary 2 \
	--core-links leaf
grep -q -- "--core-links: a single core has no horizontal links" "$tmp/err" ||
	fail "single core not named: $(cat "$tmp/err")"
expect 2 "--vswitch 253" "$osmcloud" gen --kary 2 --vswitch 253 -o "$tmp/v.net"
grep -q -- "^osmcloud gen: --vswitch: a vSwitch with 1 up ports, a PF and 253 VFs needs more than 254 ports$" \
	"$tmp/err" || fail "--vswitch 253: $(cat "$tmp/err")"
expect 2 "--cores 0" "$osmcloud" gen --kary 2 --cores 0
grep -q -- '--cores: "0" is not a number in 1..64' "$tmp/err" ||
	fail "bad --cores not named: $(cat "$tmp/err")"
expect 2 "--radix too small for the horizontal ports" "$osmcloud" gen \
	--kary 2 --levels 2 --cores 2 --core-links leaf --radix 4
grep -q -- "--radix: level-1 switches need 5 ports (2 down, 2 up, 1 horizontal, 0 spare)" \
	"$tmp/err" || fail "radix: $(cat "$tmp/err")"

[ "$failures" -eq 0 ] || exit 1
echo "all gen offline tests passed"
