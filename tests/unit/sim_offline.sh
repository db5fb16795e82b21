#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sim_offline.sh - "osmcloud sim" on a generated tree (the paper's
# smallest, PGFT(2;4,8;1,4), 4 VFs) and on a shipped topology: the TSV's
# shape (one mig line per migration, 2 x nodes of them for the random
# pattern, FTreeMinRC's counts never above ItRC's, snapshots at 0, 10, ..,
# 100 % with equal EBB and no re-route change at 0 %), the same seed the
# same file, and bad options refused with a message naming them (exit 2),
# an unusable fabric failing (exit 1).  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

small="--pgft 2;4,8;1,4"

# shellcheck disable=SC2086 # $small is two words on purpose
expect 0 "random on PGFT(2;4,8;1,4)" "$osmcloud" sim $small \
	--initial uniform --pattern random --population 25 --ebb-rounds 50 \
	--out "$tmp/a.tsv"
awk -F'\t' '
	/^#/ { next }
	$1 == "mig" {
		if (NF != 8) { print "mig fields " NF; bad = 1 }
		if ($2 != ++m) { print "mig index " $2; bad = 1 }
		if ($4 > $3 || $6 > $5 || $8 > $7) { print "minrc > itrc: " $0; bad = 1 }
		next
	}
	$1 == "snap" {
		if (NF != 8) { print "snap fields " NF; bad = 1 }
		if ($2 != 10 * s) { print "snap percent " $2; bad = 1 }
		if (s == 0 && ($4 != $5 || $6 != 0 || $7 != $8)) { print "0 %: " $0; bad = 1 }
		if ($7 <= 0 || $7 > 1 || $8 <= 0 || $8 > 1) { print "spread: " $0; bad = 1 }
		if ($3 < last) { print "migrations fall: " $0; bad = 1 }
		last = $3; s++
		next
	}
	{ print "unknown line: " $0; bad = 1 }
	END {
		if (m != 64) { print m " migrations, want 64"; bad = 1 }
		if (s != 11) { print s " snapshots, want 11"; bad = 1 }
		if (last != 64) { print "last snapshot at " last; bad = 1 }
		exit bad
	}' "$tmp/a.tsv" >"$tmp/why" || fail "TSV shape: $(cat "$tmp/why")"
grep -q '^# osmcloud sim: PGFT(2;4,8;1,4;1,1), 12 switches, 32 hypervisors, 32 VMs; initial uniform, pattern random, population 25%' \
	"$tmp/a.tsv" || fail "header: $(head -1 "$tmp/a.tsv")"

# shellcheck disable=SC2086
expect 0 "the same seed again" "$osmcloud" sim $small --initial uniform \
	--pattern random --population 25 --ebb-rounds 50 --out "$tmp/b.tsv"
cmp -s "$tmp/a.tsv" "$tmp/b.tsv" || fail "same seed, different TSV"

expect 0 "consolidate on a shipped topology" "$osmcloud" sim \
	--topo "$top/topologies/vswitch-ft-default.net" --pattern consolidate \
	--ebb-rounds 20 --snapshots 4
[ "$(grep -c '^snap' "$tmp/out")" -eq 5 ] || fail "--snapshots 4: not 5 lines"

# refused options, each message naming the option
refused() {
	needle=$1
	shift
	expect 2 "refused: $*" "$osmcloud" sim "$@"
	grep -q -- "$needle" "$tmp/err" ||
		fail "$*: message without '$needle': $(cat "$tmp/err")"
}
# shellcheck disable=SC2086
refused "--pattern 'shuffle'" $small --pattern shuffle
# shellcheck disable=SC2086
refused "--initial 'even'" $small --initial even
# shellcheck disable=SC2086
refused "--population" $small --population 0
# shellcheck disable=SC2086
refused "--population" $small --population 101
# shellcheck disable=SC2086
refused "--ebb-rounds" $small --ebb-rounds 0
# shellcheck disable=SC2086
refused "needs --initial random" $small --initial uniform --pattern to-uniform
refused "no fabric" --pattern random
refused "exclude each other" --topo "$top/topologies/vswitch-ft-default.net" --kary 4
refused "exclude each other" --topo "$top/topologies/vswitch-ft-default.net" --vswitch 2
refused "no fabric" --vswitch 2
refused "--pgft" --pgft '2;4'
# shellcheck disable=SC2086
refused "unexpected argument" $small extra

expect 1 "a missing topology" "$osmcloud" sim --topo "$tmp/none.net"
grep -q "none.net" "$tmp/err" || fail "missing file not named: $(cat "$tmp/err")"
expect 1 "a tree without vSwitches" "$osmcloud" sim \
	--topo "$top/topologies/ft-k4-n3.net"
grep -q "no hypervisor" "$tmp/err" || fail "no vSwitch: $(cat "$tmp/err")"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
