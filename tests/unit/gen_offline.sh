#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# gen_offline.sh - the "osmcloud gen" command line for the shapes of
# issue 5: multi-core trees (--cores, --core-links), the 648-port tree;
# the random defects of --seed (the same bytes for the same seed, the cut
# cables named as --drop-link); the header's command makes the same bytes
# again; bad options exit 2 with a message naming the option.  Needs no
# ibsim.
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

# random defects: the same seed gives the same bytes, the header's command
# too, and the choices are named
rand="--kary 4 --levels 3 --seed 11 --hostless-leaves 1 --missing-hosts 2 --random-io 3 --cut-links 4"
# shellcheck disable=SC2086
expect 0 "gen random defects" "$osmcloud" gen $rand -o "$tmp/r1.net"
# shellcheck disable=SC2086
expect 0 "gen random defects again" "$osmcloud" gen $rand -o "$tmp/r2.net"
cmp -s "$tmp/r1.net" "$tmp/r2.net" || fail "same seed: other bytes"
cmd=$(sed -n 's/^# made by: osmcloud //p' "$tmp/r1.net")
eval "set -- $cmd"
expect 0 "random defects from the header" "$osmcloud" "$@" -q \
	-o "$tmp/r3.net"
cmp -s "$tmp/r1.net" "$tmp/r3.net" || fail "random header command: other bytes"
for what in "hostless leaves (seed 11):" "missing hosts (seed 11):" \
	"random I/O CAs (seed 11):" "cut cables (seed 11, as --drop-link):"; do
	grep -q "^# $what" "$tmp/r1.net" || fail "header lacks '$what'"
done
# the cut cables, given as --drop-link, make the same fabric
drops=$(sed -n 's/^# cut cables (seed 11, as --drop-link)://p' "$tmp/r1.net")
set --
for d in $drops; do set -- "$@" --drop-link "$d"; done
expect 0 "cut cables as --drop-link" "$osmcloud" gen --kary 4 --levels 3 \
	"$@" -q -o "$tmp/d.net"
expect 0 "cut cables" "$osmcloud" gen --kary 4 --levels 3 --seed 11 \
	--cut-links 4 -q -o "$tmp/c.net"
grep -v '^#' "$tmp/d.net" >"$tmp/d.body"
grep -v '^#' "$tmp/c.net" >"$tmp/c.body"
cmp -s "$tmp/d.body" "$tmp/c.body" || fail "--drop-link of the cut cables differs"
expect 0 "gen --help" "$osmcloud" gen --help
for o in "--seed S" "--hostless-leaves N" "--missing-hosts N" \
	"--random-io N[:WHERE]" "--cut-links N"; do
	grep -qF -- "$o" "$tmp/out" || fail "--help does not list $o"
done

expect 2 "--cut-links too many" "$osmcloud" gen --kary 2 --levels 3 \
	--cut-links 6
grep -q -- "^osmcloud gen: --cut-links 6: only 5 of the 16 cables between switches can be left out without splitting the switches$" \
	"$tmp/err" || fail "--cut-links 6: $(cat "$tmp/err")"
expect 2 "--hostless-leaves all" "$osmcloud" gen --kary 2 --levels 2 \
	--hostless-leaves 2
grep -q -- "--hostless-leaves 2: only 2 leaves have hosts, and one must keep them" \
	"$tmp/err" || fail "--hostless-leaves 2: $(cat "$tmp/err")"
expect 2 "--missing-hosts all" "$osmcloud" gen --kary 2 --levels 2 \
	--missing-hosts 4
grep -q -- "--missing-hosts 4: only 4 hosts are left, and one must stay" \
	"$tmp/err" || fail "--missing-hosts 4: $(cat "$tmp/err")"
expect 2 "--random-io bad place" "$osmcloud" gen --kary 2 --random-io 1:roof
grep -q -- '--random-io "1:roof": expected N\[:any|:leaves|:upper\]' \
	"$tmp/err" || fail "--random-io 1:roof: $(cat "$tmp/err")"
expect 2 "--random-io beyond --radix" "$osmcloud" gen --kary 2 --levels 2 \
	--radix 4 --random-io 5
grep -q -- "--random-io 5: no switch has a free port left for I/O CA 5 (--radix)" \
	"$tmp/err" || fail "--random-io 5: $(cat "$tmp/err")"
expect 2 "--seed negative" "$osmcloud" gen --kary 2 --seed -3
grep -q -- '--seed: "-3" is not a number' "$tmp/err" ||
	fail "--seed -3: $(cat "$tmp/err")"

[ "$failures" -eq 0 ] || exit 1
echo "all gen offline tests passed"
