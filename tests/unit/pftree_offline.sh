#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pftree_offline.sh - "osmcloud route" with the pftree engines and the
# tenant files, then "osmcloud check" with its tenant metrics, on a
# generated Table 3 topology; bad tenant files and options are refused
# (exit 2) with file, line and problem.  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

net=$tmp/x32.net
expect 0 "gen XGFT(2;8,4;1,4)" "$osmcloud" gen --pgft '2;8,4;1,4' -o "$net"

# host i: port GUID 0x0002c904_00000000 | i << 4, + 1; victim: 2 per leaf
guid() { printf '0x0002c904%08x' $(($1 * 16 + 1)); }
victim="$(guid 1) $(guid 6) $(guid 9) $(guid 14) $(guid 17) $(guid 22) $(guid 25) $(guid 30)"
other=""
i=0
while [ $i -lt 32 ]; do
	case " 1 6 9 14 17 22 25 30 " in *" $i "*) ;; *) other="$other $(guid $i)" ;; esac
	i=$((i + 1))
done
cat >"$tmp/parts" <<EOT
# the victim: two hosts per leaf
Default=0x7fff, ipoib : ALL=full ;
victim=0x8001 : $victim ;
other=0x8002, sl=2 :
$other ;
EOT
printf 'mode strict\nvictim phy-isolation\n' >"$tmp/policy"
for g in $victim; do echo "$g 100"; done >"$tmp/weights"
T="--partitions $tmp/parts --policies $tmp/policy --weights $tmp/weights"

for e in pftree pftree_ext pftree_wt; do
	# shellcheck disable=SC2086
	expect 0 "route $e" "$osmcloud" route --topo "$net" --engine $e $T \
		-o "$tmp/$e.dump"
	grep -q '^tenants: 2 partitions routed as tenants' "$tmp/err" ||
		fail "$e: no tenants line"
	# shellcheck disable=SC2086
	expect 0 "check $e" "$osmcloud" check --topo "$net" \
		--lfts "$tmp/$e.dump" $T --victim victim --ebb-rounds 20
	cp "$tmp/out" "$tmp/$e.check"
done
grep -q 'victim (phy-isolation): 8 members, 8 links used, 0 shared, alone' \
	"$tmp/pftree_ext.check" || fail "pftree_ext: victim not alone"
grep -q 'contended links up [0-9]*, down 0;' "$tmp/pftree_wt.check" ||
	fail "pftree_wt: receivers contend going down"
grep -q 'contended links up [0-9]*, down 4;' "$tmp/pftree.check" ||
	fail "pftree: expected 4 contended down links"
ebb=$(sed -nE 's/.*quiet ([0-9.]+), with the other partitions ([0-9.]+)$/\1 \2/p' \
	"$tmp/pftree.check")
[ -n "$ebb" ] && [ "${ebb% *}" = "${ebb#* }" ] ||
	fail "pftree: the victim's EBB depends on the other partition ($ebb)"

# a victim with no member (or one) in the fabric sends no flow: its EBB
# is not 1.000 but an error naming the partition
cp "$tmp/parts" "$tmp/ghost.parts"
printf 'ghost=0x8003 : 0x00000000000000a1, 0x00000000000000a2 ;\n' \
	>>"$tmp/ghost.parts"
printf 'lone=0x8004 : %s, 0x00000000000000a3 ;\n' "$(guid 2)" \
	>>"$tmp/ghost.parts"
expect 2 "victim outside the fabric" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/pftree.dump" --partitions "$tmp/ghost.parts" --victim ghost
grep -q '^osmcloud check: victim partition 0x0003 (ghost): 0 of its 2 members are active CA ports of this fabric with a LID; its EBB needs at least 2 (one sends, one receives)$' \
	"$tmp/err" || fail "victim outside the fabric: $(cat "$tmp/err")"
expect 2 "victim with one member in the fabric" "$osmcloud" check \
	--topo "$net" --lfts "$tmp/pftree.dump" --partitions "$tmp/ghost.parts" \
	--victim 0x8004
grep -q 'victim partition 0x0004 (lone): 1 of its 2 members are' "$tmp/err" ||
	fail "victim with one member: $(cat "$tmp/err")"

# JSON: the tenant metrics under "tenants"
# shellcheck disable=SC2086
expect 0 "check --json" "$osmcloud" check --json --topo "$net" \
	--lfts "$tmp/pftree_ext.dump" $T --victim 0x8001
json_is "$tmp/out" tenants.links_shared 0
json_is "$tmp/out" tenants.phy_not_alone 0
case $(json_value "$tmp/out" tenants.ebb_noisy) in
0.* | 1.0) ;;
*) fail "JSON lacks the EBB: $(json_value "$tmp/out" tenants.ebb_noisy)" ;;
esac

# ftree's tables: the victim shares links
# shellcheck disable=SC2086
expect 0 "route vswitch_ftree" "$osmcloud" route -q --topo "$net" -o "$tmp/ft.dump"
# shellcheck disable=SC2086
expect 0 "check vswitch_ftree" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/ft.dump" $T
grep -q '1 phy-isolation partitions not alone' "$tmp/out" ||
	fail "ftree: the victim should not be alone"

# strict without room: three phy-isolation partitions over four roots,
# each on every leaf, and a fourth one
i=0
: >"$tmp/parts4"
for p in 1 2 3 4 5; do
	m=""
	j=$((p - 1))
	while [ $j -lt 32 ]; do m="$m $(guid $j)"; j=$((j + 5)); done
	echo "t$p=0x800$p : $m ;" >>"$tmp/parts4"
done
printf 't1 phy-isolation\nt2 phy-isolation\nt3 phy-isolation\nt4 phy-isolation\n' \
	>"$tmp/policy4"
expect 1 "strict without room" "$osmcloud" route --topo "$net" \
	--engine pftree_ext --partitions "$tmp/parts4" --policies "$tmp/policy4"
grep -q 'pftree_ext (strict): partition 0x000[1-4] (t[1-4]): phy-isolation not met' \
	"$tmp/err" || fail "strict: no partition and reason"
(echo "mode best-effort"; cat "$tmp/policy4") >"$tmp/policy4be"
expect 0 "best-effort without room" "$osmcloud" route -q --topo "$net" \
	--engine pftree_ext --partitions "$tmp/parts4" --policies "$tmp/policy4be"
grep -q 'osmcloud route: warning: partition 0x000[1-4] (t[1-4]): phy-isolation not met' \
	"$tmp/err" || fail "best-effort: no warning"

# bad files: exit 2, file:line: problem
printf 'victim phy-isolation\nother super-isolation\n' >"$tmp/bad.policy"
expect 2 "bad policy file" "$osmcloud" route --topo "$net" --engine pftree_ext \
	--partitions "$tmp/parts" --policies "$tmp/bad.policy"
grep -q "bad.policy:2: unknown policy \"super-isolation\"" "$tmp/err" ||
	fail "bad policy: no file:line: problem"
printf '%s 100\n%s -1\n' "$(guid 1)" "$(guid 2)" >"$tmp/bad.weights"
expect 2 "bad weights file" "$osmcloud" route --topo "$net" --engine pftree_wt \
	--partitions "$tmp/parts" --weights "$tmp/bad.weights"
grep -q "bad.weights:2: bad weight \"-1\"" "$tmp/err" ||
	fail "bad weights: no file:line: problem"
# a subnormal weight (strtod: underflow) is refused with the real limits
printf '%s 100\n%s 1e-308\n' "$(guid 1)" "$(guid 2)" >"$tmp/tiny.weights"
expect 2 "subnormal weight" "$osmcloud" route --topo "$net" --engine pftree_wt \
	--partitions "$tmp/parts" --weights "$tmp/tiny.weights"
grep -q "tiny.weights:2: bad weight \"1e-308\" (want a number from 1e-06 to 1e+06)" \
	"$tmp/err" || fail "subnormal weight: $(cat "$tmp/err")"
# osmcloud weights writes no file the reader would refuse
expect 2 "weights --range below the limit" "$osmcloud" weights \
	-o "$tmp/w.out" --range 1e-9:1
grep -q -- '--range "1e-9:1": want 1e-6 <= MIN and MAX <= 1e6 (a weights file.s limits)$' \
	"$tmp/err" ||
	fail "weights --range: $(cat "$tmp/err")"
printf 'a=0x8001 : %s ;\nb=0x8001 : %s ;\n' "$(guid 1)" "$(guid 2)" >"$tmp/bad.parts"
expect 2 "bad partitions file" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/pftree.dump" --partitions "$tmp/bad.parts"
grep -q "bad.parts:2: P_Key 0x0001 defined twice" "$tmp/err" ||
	fail "bad partitions: no file:line: problem"
# OpenSM's man-page Default line (ALL, SELF=full) and the keywords that
# name no CA port: the same tables; SELF needs --sm-guid offline
{
	echo "Default=0x7fff, ipoib : ALL, SELF=full, ALL_SWITCHES=full ;"
	echo "none=0x0003 : NONE ;"
	sed 1,2d "$tmp/parts"
} >"$tmp/self.parts"
expect 0 "route pftree, SELF with --sm-guid" "$osmcloud" route -q --topo "$net" \
	--engine pftree --partitions "$tmp/self.parts" --sm-guid "$(guid 0)" \
	-o "$tmp/self.dump"
cmp -s "$tmp/self.dump" "$tmp/pftree.dump" ||
	fail "SELF, ALL_SWITCHES, NONE: tables differ from the plain file's"
expect 0 "check, SELF with --sm-guid" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/self.dump" --partitions "$tmp/self.parts" --sm-guid "$(guid 0)"
expect 2 "SELF without --sm-guid" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/self.dump" --partitions "$tmp/self.parts"
grep -q "self.parts:1: SELF: the SM's port GUID is not known offline" "$tmp/err" ||
	fail "SELF without --sm-guid: no file:line: problem"
expect 2 "--sm-guid not in the fabric" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/self.dump" --partitions "$tmp/self.parts" --sm-guid 0x1234
grep -q -- "--sm-guid 0x0000000000001234: no such port in the fabric" "$tmp/err" ||
	fail "--sm-guid not in the fabric: no message"
expect 2 "unknown victim" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/pftree.dump" --partitions "$tmp/parts" --victim gold
grep -q 'no partition "gold"' "$tmp/err" || fail "unknown victim: no message"
expect 2 "--victim without --partitions" "$osmcloud" check --topo "$net" \
	--lfts "$tmp/pftree.dump" --victim victim
expect 2 "bad --data-vls" "$osmcloud" route --topo "$net" --engine pftree \
	--data-vls 16
expect 1 "pftree on a vSwitch fabric" "$osmcloud" route \
	--topo "$top/topologies/vswitch-ft-default.net" --engine pftree
grep -q 'this fabric has 12 vSwitches (use vswitch_ftree)' "$tmp/err" ||
	fail "pftree on a vSwitch fabric: no reason given"

[ "$failures" -eq 0 ] || exit 1
echo "all pftree offline tests passed"
