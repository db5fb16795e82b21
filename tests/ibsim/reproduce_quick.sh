#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# bench/reproduce.sh --quick into a scratch folder: every section script of
# bench/results/ ran and left its fragment and stamp, every figure's .gp
# became a real PNG, every figure a fragment shows exists, and the page
# lists every section.  No timing is asserted; docs/ is not written.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test reproduce-quick
SECTIONS=$OC_SRCDIR/bench/results
OUT=$TOP/results PAGE=$TOP/results.md
: >"$TOP/before"

# the sections, in the README's order; every script there is one of them
names=$(sed -nE 's/^\| `([a-z0-9_]+)` \|.*/\1/p' "$SECTIONS/README.md")
[ -n "$names" ] && pass "bench/results/README.md names $(echo $names | wc -w) sections" ||
	fail "no sections in $SECTIONS/README.md"
for s in "$SECTIONS"/*.sh; do
	n=$(basename "$s" .sh)
	[ "$n" = common ] && continue
	echo "$names" | grep -qx "$n" || fail "bench/results/$n.sh is not a section of bench/results/README.md"
done

OC_BUILDDIR=$OC_BUILDDIR timeout 600 "$OC_SRCDIR/bench/reproduce.sh" --quick \
	--data "$OUT" --page "$PAGE" >"$TOP/reproduce.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] && pass "reproduce.sh --quick: exit 0" ||
	fail "reproduce.sh --quick: exit $rc: $(tail -n 5 "$TOP/reproduce.out")"

built=0
for n in $names; do
	[ -f "$SECTIONS/$n.sh" ] || {
		grep -q "^| $n | not built |" "$PAGE" && pass "$n: not built, and the page says so" ||
			fail "$n: no script, and the page does not say 'not built'"
		continue; }
	built=$((built + 1))
	head -n 1 "$OUT/$n.md" 2>/dev/null | grep -q '^## ' &&
		pass "$n: fragment $n.md, heading '$(head -n 1 "$OUT/$n.md")'" ||
		fail "$n: no fragment starting with '## ' in $OUT/$n.md"
	grep -qx 'status=0' "$OUT/$n.stamp" 2>/dev/null && grep -qx 'mode=quick' "$OUT/$n.stamp" &&
		grep -q '^command=bench/results/'"$n"'.sh --quick --data ' "$OUT/$n.stamp" &&
		grep -q '^date=20[0-9-]* [0-9:]* UTC$' "$OUT/$n.stamp" && grep -q '^seconds=[0-9]*$' "$OUT/$n.stamp" &&
		grep -q '^commit=.' "$OUT/$n.stamp" &&
		pass "$n: stamp (quick, exit 0, $(sed -n 's/^seconds=//p' "$OUT/$n.stamp") s)" ||
		fail "$n: stamp missing or incomplete: $(tr '\n' ' ' <"$OUT/$n.stamp" 2>/dev/null)"
	grep -q "^| \[$n\](#$n) | ok | quick |" "$PAGE" && pass "$n: listed on the page as ok" ||
		fail "$n: not listed as ok on the page"
	grep -q "^\*Stamp: .*\`bench/results/$n.sh --quick" "$PAGE" &&
		pass "$n: the page shows its fragment under its stamp" ||
		fail "$n: the page has no stamp line for it"
	# every figure the fragment shows exists
	for fig in $(grep -o '](results/[^)]*\.png)' "$OUT/$n.md" 2>/dev/null | sed 's/^](results\///; s/)$//'); do
		[ -s "$OUT/$fig" ] && pass "$n: figure $fig exists" || fail "$n: shows $fig, which is missing"
	done
done
[ "$built" -ge 3 ] && pass "$built section scripts ran" || fail "only $built section scripts"

# every .gp became a real PNG: its magic bytes and a plot's size
gps=0
for gp in "$OUT"/*.gp; do
	[ -e "$gp" ] || continue
	gps=$((gps + 1))
	png=${gp%.gp}.png
	magic=$(head -c 8 "$png" 2>/dev/null | od -An -tx1 | tr -d ' \n')
	size=$(stat -c %s "$png" 2>/dev/null || echo 0)
	[ "$magic" = 89504e470d0a1a0a ] && [ "$size" -gt 8000 ] &&
		pass "$(basename "$png"): PNG, $size bytes" ||
		fail "$(basename "$gp"): no real PNG (magic '$magic', $size bytes)"
	grep -q "$(basename "$gp" .gp)\.dat" "$gp" || fail "$(basename "$gp") plots no .dat of its own"
done
[ "$gps" -ge 1 ] && pass "$gps figure(s) rendered" || fail "no figure (.gp) at all"

# the page: title, machine, every section
head -n 1 "$PAGE" | grep -q '^# ' && grep -q '^Machine: .*cores.*opensm' "$PAGE" &&
	pass "page: title and machine line" || fail "page: title or machine line missing"
for n in $names; do
	grep -q "^| \[\?$n\]\?" "$PAGE" || fail "page: section $n not in the summary table"
done

# --only: the other sections' fragments stay on the rebuilt page
first=$(for n in $names; do [ -f "$SECTIONS/$n.sh" ] && echo "$n"; done | head -n 1)
OC_BUILDDIR=$OC_BUILDDIR timeout 300 "$OC_SRCDIR/bench/reproduce.sh" --quick --only "$first" \
	--data "$OUT" --page "$PAGE" >"$TOP/only.out" 2>&1 &&
	[ "$(grep -c '^\*Stamp: ' "$PAGE")" -eq "$built" ] &&
	pass "--only $first: the page still shows all $built sections" ||
	fail "--only $first: $(grep -c '^\*Stamp: ' "$PAGE") stamped sections on the page, expected $built"

# nothing of this run went into the source tree's docs/ (no page, no
# quick stamp there; a full run elsewhere may be writing its own data)
changed=$(find "$OC_SRCDIR/docs" -newer "$TOP/before" -type f \( -name '*.md' -o -name '*.stamp' \) \
	-exec grep -l -e '^mode=quick$' -e '^\*Stamp: .* quick mode' {} + 2>/dev/null | head -n 3)
[ -z "$changed" ] && pass "docs/ not written by the quick run" || fail "docs/ written: $changed"
finish
