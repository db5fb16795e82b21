#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sftree.sh - switch-to-switch routing figures for issue 5 (sftree):
#   1. on small and medium fat-trees, the share of (switch, switch LID)
#      pairs each engine's tables deliver and whether they have a credit
#      loop once switches source traffic, for OpenSM's ftree, minhop and
#      updn and osmcloud's sftree: every table is the one opensm really
#      programmed, read back from ibsim with 'Dump' and checked with
#      'osmcloud check';
#   2. the routing time of sftree next to OpenSM's ftree on the fabrics of
#      the vswitch_ftree benchmark (k18, pgft18, k24): bench/bench.sh
#      --engine sftree.
# Prints figures; not a pass/fail test: exits 0 when it measured, 1 on a
# setup error, 2 on bad options.  See bench/README.md and
# docs/performance.md.

set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
BUILD=${OC_BUILDDIR:-$SRC/build}
QUICK=
KEEP=
TIMES=1
REPEAT=1
RESULTS=
ENGINES="ftree minhop updn sftree"

# name | description | osmcloud gen options
FABRIC_LIST="
k4n3|4-ary 3-tree|--kary 4 --levels 3
k2n4|2-ary 4-tree|--kary 2 --levels 4
648|648-port 2-level tree of 36-port switches|--pgft 2;18,36;1,18 --radix 36
xgft|oversubscribed XGFT PGFT(3;4,2,2;1,2,2)|--pgft 3;4,2,2;1,2,2
link|4-ary 3-tree without link sw-L1-0[5]|--kary 4 --levels 3 --drop-link sw-L1-0:5
k8n3|8-ary 3-tree|--kary 8 --levels 3
k12n3|12-ary 3-tree|--kary 12 --levels 3
top|2 cores of the 4-ary 3-tree, root links|--kary 4 --levels 3 --cores 2 --core-links top
leaf|2 cores of the 4-ary 2-tree, leaf links|--kary 4 --levels 2 --cores 2 --core-links leaf
top8|2 cores of the 8-ary 3-tree, root links|--kary 8 --levels 3 --cores 2 --core-links top
"
DEFAULT_FABRICS="k4n3 k2n4 648 xgft link k8n3 k12n3 top leaf top8"
QUICK_FABRICS="k4n3 top leaf"

usage() {
	cat <<USAGE
usage: bench/sftree.sh [options]
Switch-to-switch connectivity and credit loops of ftree, minhop, updn and
sftree (tables from opensm under ibsim), then sftree's routing time next to
ftree (bench/bench.sh --engine sftree).

options:
  --quick        small fabrics only ($QUICK_FABRICS), and bench.sh --quick
  --no-time      connectivity only, no routing-time part
  --repeat N     passed to bench.sh: each engine's fastest of N runs
  --engines LIST engines of the connectivity table (default: $ENGINES)
  --build DIR    build tree (default: \$OC_BUILDDIR or $SRC/build)
  --results FILE also write part 1 as TSV to FILE: fabric, switches, CAs,
                 engine, engine that configured the tables (or down,
                 nocheck, absent), switch pairs checked, pairs missed, CA
                 LIDs unreachable, credit loop with switch sources, with
                 CA sources only (True/False)
  --keep         keep the scratch folder
  -h, --help     this text
fabrics of the connectivity table:
$(echo "$FABRIC_LIST" | awk -F'|' 'NF == 3 {printf "  %-6s %s  (osmcloud gen %s)\n", $1, $2, $3}')
USAGE
}

while [ $# -gt 0 ]; do
	case $1 in
	--quick) QUICK=1 ;;
	--no-time) TIMES= ;;
	--repeat) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || { usage >&2; exit 2; }
		REPEAT=$2; shift ;;
	--engines) [ $# -ge 2 ] || { usage >&2; exit 2; }; ENGINES=${2//,/ }; shift ;;
	--build) [ $# -ge 2 ] || { usage >&2; exit 2; }; BUILD=$2; shift ;;
	--results) [ $# -ge 2 ] || { usage >&2; exit 2; }; RESULTS=$2; shift ;;
	--keep) KEEP=1 ;;
	-h|--help) usage; exit 0 ;;
	*) echo "sftree.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
	esac
	shift
done
[ -x "$BUILD/osmcloud" ] && [ -f "$BUILD/.libs/libosmcloud.so" ] || {
	echo "sftree.sh: no osmcloud / .libs/libosmcloud.so in $BUILD (build first)" >&2; exit 1; }
for tool in ibsim /usr/sbin/opensm python3; do
	command -v "$tool" >/dev/null || { echo "sftree.sh: $tool not found" >&2; exit 1; }
done

OC_BUILDDIR=$BUILD OC_SRCDIR=$SRC
. "$SRC/tests/ibsim/common.sh"
run_init sftree-bench || exit 1
KEEP_RUN=$KEEP
trap 'run_cleanup; [ -z "$KEEP" ] || echo "scratch folder kept: $TOP"' EXIT
trap 'exit 1' INT TERM

# A private copy of the binaries: the build tree may be rebuilt meanwhile.
mkdir -p "$TOP/bin"
cp "$BUILD/osmcloud" "$BUILD/.libs/libosmcloud.so" "$TOP/bin/" || exit 1
OSMCLOUD=$TOP/bin/osmcloud OC_PLUGIN_DIR=$TOP/bin
HAVE=$("$OSMCLOUD" route --help 2>&1 | sed -n 's/^engines: //p')

# measure FABRIC ENGINE: one opensm run under ibsim; sets MEASURED to
# "used pairs misses ca_bad cdg_all cdg_ca" (ca_bad: CA LIDs unreachable
# from some switch), or to "down" / "nocheck".
measure() {
	local name=$1 engine=$2 tag=$1-$2
	MEASURED=down
	if opensm_route "$tag" "$TOP/$name.net" "$engine" >/dev/null 2>&1; then
		MEASURED=nocheck
		check_dump "$tag" --allow-nonminimal >/dev/null 2>&1
		[ ! -s "$TOP/$tag/$tag.json" ] ||
			MEASURED="$(tables_by) $(json_get "$tag" switch_pairs_checked) $(switch_misses "$tag")
$(json_get "$tag" ca_unreachable_lids) $(json_get "$tag" cdg_all_cycle) $(json_get "$tag" cdg_ca_cycle)"
	fi
	run_stop
}

# cell ENGINE RESULT: one table cell.
cell() {
	local engine=$1 used pairs misses cabad all ca note=
	read -r used pairs misses cabad all ca <<<"$(echo $2)"
	case $used in
	down) echo "opensm did not come up"; return ;;
	nocheck) echo "Dump not checked"; return ;;
	"") echo "no tables configured"; return ;;
	esac
	[ "$used" = "$engine" ] || note="fell back to $used: "
	awk -v p="$pairs" -v m="$misses" -v n="$note" -v a="$all" -v c="$ca" -v b="$cabad" 'BEGIN {
		printf "%s%.1f%% (%d missed), %s%s%s", n, 100 * (p - m) / p, m,
			a == "True" ? "LOOP" : "no loop",
			c == "True" ? ", LOOP for CA traffic" : "",
			(b > 0 ? ", " b " CA LIDs unreachable" : "") }'
}

echo "osmcloud sftree bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
echo "  opensm $(dpkg-query -W -f '${Version}' opensm 2>/dev/null), ibsim-utils $(dpkg-query -W -f '${Version}' ibsim-utils 2>/dev/null)"
echo "  osmcloud from $BUILD: $(git -C "$SRC" describe --always --dirty 2>/dev/null || echo '?'), engines: $HAVE"
echo
echo "1. Switch-to-switch connectivity: share of (switch, switch LID) pairs delivered by the"
echo "   tables opensm programmed (ibsim Dump, osmcloud check), and a credit loop (cycle in the"
echo "   channel dependency graph) once switches as well as CAs source traffic."
[ -n "$QUICK" ] && read -r -a FABRICS <<<"$QUICK_FABRICS" || read -r -a FABRICS <<<"$DEFAULT_FABRICS"
ROWS=$TOP/rows.tsv
RAW=$TOP/raw.tsv
: >"$ROWS"
: >"$RAW"
for name in "${FABRICS[@]}"; do
	line=$(echo "$FABRIC_LIST" | grep "^$name|")
	shape=$(echo "$line" | cut -d'|' -f3)
	# shellcheck disable=SC2086
	"$OSMCLOUD" gen $shape -o "$TOP/$name.net" 2>"$TOP/$name.gen" || {
		echo "osmcloud gen $shape failed: $(cat "$TOP/$name.gen")" >&2; exit 1; }
	SIM_ARGS=$(sed -nE 's/.*run ibsim (.*)$/\1/p' "$TOP/$name.gen")
	sw=$(sed -nE 's/.*: ([0-9]+) switches, ([0-9]+) CAs.*/\1/p' "$TOP/$name.gen")
	cas=$(sed -nE 's/.*: ([0-9]+) switches, ([0-9]+) CAs.*/\2/p' "$TOP/$name.gen")
	row="$name ($sw switches)"
	echo "== $name: $(echo "$line" | cut -d'|' -f2), $sw switches, $cas CAs: osmcloud gen $shape"
	cells=()
	for engine in $ENGINES; do
		if [ "$engine" = sftree ] && ! echo " $HAVE " | grep -q " sftree "; then
			cells+=("not in this build")
			printf '%s\t%s\t%s\t%s\tabsent\n' "$name" "$sw" "$cas" "$engine" >>"$RAW"
			continue
		fi
		t0=$(date +%s.%N)
		measure "$name" "$engine"
		cells+=("$(cell "$engine" "$MEASURED")")
		# shellcheck disable=SC2086
		printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$sw" "$cas" "$engine" "$(echo $MEASURED | tr ' ' '\t')" >>"$RAW"
		printf '   %-7s %s  (run %s s)\n' "$engine" "${cells[-1]}" \
			"$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')"
	done
	(IFS='|'; echo "$row|${cells[*]}") >>"$ROWS"
done
echo
python3 - "$ROWS" $ENGINES <<'PY'
import sys
rows = [l.rstrip("\n").split("|") for l in open(sys.argv[1]) if l.strip()]
hdr = ["fabric"] + sys.argv[2:]
w = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
line = lambda x: "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(x)) + " |"
print(line(hdr))
print("|" + "|".join("-" * (n + 2) for n in w) + "|")
for r in rows:
    print(line(r))
PY
[ -z "$RESULTS" ] || cp "$RAW" "$RESULTS"
echo "(cell: share of switch-to-switch pairs delivered, missed pairs; LOOP = credit loop with switch"
echo " sources; 'fell back to minhop' = opensm could not use the engine and routed with minhop)"

[ -n "$TIMES" ] || exit 0
echo
echo "2. Routing time of sftree next to OpenSM's ftree (bench/bench.sh --engine sftree --repeat $REPEAT${QUICK:+ --quick})"
if ! echo " $HAVE " | grep -q " sftree "; then
	echo "   skipped: this build has no sftree engine (engines: $HAVE)"
	exit 0
fi
run_stop
"$HERE/bench.sh" --build "$BUILD" --engine sftree --repeat "$REPEAT" ${QUICK:+--quick}
exit 0
