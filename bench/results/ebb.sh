#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# ebb.sh - the results section "ebb" (bench/results/README.md): the
# bisection-bandwidth evaluator of 'osmcloud check --ebb N' (ORCS bisect,
# vSwitch routing paper section 7.2: 10,000 random bisections per point).
#
# Routes small 3-level trees offline ('osmcloud route') with
# vswitch_ftree, sftree and pftree and measures the EBB of their tables
# (--quick 1,000 rounds, --full 10,000); --full adds the 11,664-node tree
# of 36-port switches ('osmcloud gen --pgft 3;18,18,36;1,18,18 --radix
# 36') with 10,000 rounds: the time and rounds/s of the evaluator alone
# and of the whole 'osmcloud check' (reading the 1.4 GB dump, the
# verifier).  The figure ebb_conv is the running mean against the rounds
# on a 3-level tree (k-ary 4 with --quick, 8 with --full).  The
# validation row runs the unit test test_ebb (brute force on every
# split, exact mean over all 40,320 splits of 8 VMs).
#
#   bench/results/ebb.sh --quick|--full --data DIR
#
# Writes DIR/ebb.md, DIR/ebb_conv.dat, DIR/ebb_conv.gp.  Exits 0 when
# every row was measured, 1 when not (the fragment says which), 2 on bad
# options.
set -u
. "$(dirname "$0")/common.sh"
section_args ebb "$@"
BIG_SHAPE='3;18,18,36;1,18,18'
section_exit() { [ -z "${TOP:-}" ] || run_cleanup; }
section_tmp
WORK=$TMP
if [ "$MODE" = quick ]; then ROUNDS=1000 CONV_K=4; else ROUNDS=10000 CONV_K=8; fi
MD=$DATA/ebb.md
FAILED=()

machine() {
	echo "$(uname -m), $(cpu_model), $(nproc) cores, one core used, load average $(cut -d' ' -f1 /proc/loadavg) at the start (a shared machine: the CPU time is the evaluator's own); $(date -u +%Y-%m-%d)"
}

# gen_route NAME ENGINE GEN-OPTIONS...: WORK/NAME.net and
# WORK/NAME-ENGINE.dump; "gen ..." in GEN_CMD
gen_route() {
	local name=$1 engine=$2
	shift 2
	GEN_CMD="$(gen_cmd "$@") "
	[ -f "$WORK/$name.net" ] ||
		nice "$OSMCLOUD" gen "$@" -o "$WORK/$name.net" >"$WORK/gen.log" 2>&1 ||
		return 1
	nice "$OSMCLOUD" route -q --engine "$engine" --topo "$WORK/$name.net" \
		-o "$WORK/$name-$engine.dump" >"$WORK/route.log" 2>&1
}

# measure NAME ENGINE ROUNDS [CHECK-OPTIONS...]: sets EBB_LINE, EBB_MEAN,
# EBB_MIN, EBB_MAX, EBB_N (endpoints), EBB_S and EBB_RPS (the evaluator's
# wall-clock seconds, rounds/s), EBB_CPU and EBB_CPU_RPS (its CPU time),
# WALL (the whole check, seconds)
measure() {
	local name=$1 engine=$2 rounds=$3
	shift 3
	run_check --topo "$WORK/$name.net" --lfts "$WORK/$name-$engine.dump" \
		--allow-nonminimal --ebb "$rounds" "$@"
}

# measure_dump IBSIM-DUMP: measure on the tables ibsim holds
measure_dump() {
	run_check --ibsim-dump "$1" --allow-nonminimal --ebb "$ROUNDS"
}

# run_check CHECK-OPTIONS...: the variables of measure
run_check() {
	local t0 t1
	t0=$(date +%s.%N)
	nice "$OSMCLOUD" check "$@" >"$WORK/check.out" 2>"$WORK/check.err" || return 1
	t1=$(date +%s.%N)
	WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
	EBB_LINE=$(grep '^EBB over ' "$WORK/check.out") || return 1
	read -r EBB_MEAN EBB_MIN EBB_MAX EBB_N < <(echo "$EBB_LINE" |
		sed -E 's/.* of ([0-9]+) endpoints: mean ([0-9.]+) \(min ([0-9.]+), max ([0-9.]+)\).*/\2 \3 \4 \1/')
	read -r EBB_S EBB_RPS EBB_CPU EBB_CPU_RPS < <(sed -nE 's/^EBB time: ([0-9.]+) ms \(([0-9]+) rounds\/s\), CPU ([0-9.]+) ms \(([0-9]+) rounds\/s\)$/\1 \2 \3 \4/p' "$WORK/check.out" |
		awk '{ printf "%.3f %s %.3f %s\n", $1 / 1000, $2, $3 / 1000, $4 }')
}

# row NAME ENGINE ROUNDS PAPER GEN-OPTIONS...: one table row
row() {
	local name=$1 engine=$2 rounds=$3 paper=$4 cmd
	shift 4
	if ! gen_route "$name" "$engine" "$@"; then
		FAILED+=("$name/$engine: gen or route failed: $(tail -n 1 "$WORK/route.log" "$WORK/gen.log" 2>/dev/null | tr '\n' ' ')")
		echo "| $name | $engine | not measured (gen or route failed) | | | | $paper |" >>"$MD"
		return
	fi
	cmd="$GEN_CMD-o $name.net; osmcloud route --engine $engine --topo $name.net -o $name.dump; osmcloud check --topo $name.net --lfts $name.dump --allow-nonminimal --ebb $rounds"
	if ! measure "$name" "$engine" "$rounds"; then
		FAILED+=("$name/$engine: check --ebb failed: $(head -c 300 "$WORK/check.err")")
		echo "| \`$cmd\` | $engine | not measured: $(head -n 1 "$WORK/check.err") | | | | $paper |" >>"$MD"
		return
	fi
	echo "| \`$cmd\` | $EBB_N | $EBB_MEAN ($EBB_MIN..$EBB_MAX) | $EBB_S s, $EBB_RPS rounds/s (CPU $EBB_CPU s, $EBB_CPU_RPS rounds/s) | $WALL s | $paper |" >>"$MD"
	echo "ebb.sh: $name $engine: $EBB_LINE; $EBB_S s; check $WALL s" >&2
}

{
	echo "## Effective bisection bandwidth (ORCS bisect)"
	echo
	echo "\`osmcloud check --ebb N\` measures the effective bisection bandwidth"
	echo "of any LFTs as the papers' ORCS \`bisect\` pattern does (vSwitch routing"
	echo "paper, section 7.2): per round the endpoints (every active CA port:"
	echo "plain CAs, PFs and VFs) are shuffled, the first half sends to the"
	echo "second, each flow follows the LFTs, a flow gets 1/n of the most"
	echo "crowded directed link of its path (n flows on it; VFs of one"
	echo "hypervisor share its link), a round's value is the mean over its"
	echo "flows and the EBB the mean over N rounds (docs/user-guide.md)."
	echo
	echo "Machine: $(machine). Mode: \`--$MODE\`, $ROUNDS rounds per row, seed 0"
	echo "(the fixed default). Command: \`bench/results/ebb.sh --$MODE --data DIR\`."
	echo
	echo "| commands | endpoints | EBB mean (min..max over rounds) | evaluator: wall clock (CPU) | whole \`check\` | paper |"
	echo "|---|---|---|---|---|---|"
} >"$MD"

NOVAL="no EBB of a static tree given; 10,000 splits per point"
for e in vswitch_ftree sftree pftree; do
	row k4-n3 "$e" "$ROUNDS" "$NOVAL" --kary 4 --levels 3
done
row pgft-2to1 vswitch_ftree "$ROUNDS" "$NOVAL" --pgft '3;8,4,4;1,4,4'
row vsw-k4 vswitch_ftree "$ROUNDS" "$NOVAL" --kary 4 --levels 3 --vswitch 3
if [ "$MODE" = full ]; then
	row big vswitch_ftree 10000 "10,000 splits per point; no time given" \
		--pgft "$BIG_SHAPE" --radix 36
	rm -f "$WORK"/big-*.dump
fi

# osm_rows NAME...: the same fabrics routed by stock opensm's ftree, updn,
# minhop and (with the plugin) vswitch_ftree under ibsim, the tables read
# back with ibsim's Dump (tests/ibsim/common.sh)
osm_rows() {
	local name engine tag used cmd tool
	for tool in ibsim opensm python3; do
		command -v "$tool" >/dev/null && continue
		FAILED+=("OpenSM's engines: $tool not found (ibsim-utils, opensm)")
		return
	done
	OC_SRCDIR=$SRC
	. "$SRC/tests/ibsim/common.sh"
	set +e
	run_init ebb-bench || return
	for name in "$@"; do
		for engine in ftree updn minhop vswitch_ftree; do
			tag=$name-$engine
			cmd="ibsim + opensm -R $engine on $name.net (opensm_route of tests/ibsim/common.sh), ibsim's Dump; osmcloud check --ibsim-dump $tag.dump --allow-nonminimal --ebb $ROUNDS"
			if ! opensm_route "$tag" "$WORK/$name.net" "$engine" >"$WORK/osm.out" 2>&1; then
				FAILED+=("$tag: opensm did not come up: $(tail -n 2 "$WORK/osm.out" | tr '\n' ' ')")
				echo "| \`$cmd\` | | not measured (opensm did not come up) | | | |" >>"$MD"
				run_stop
				continue
			fi
			used=$(tables_by)
			cp "$RUN/$tag.dump" "$WORK/$tag.ibsim" && run_stop
			if ! measure_dump "$WORK/$tag.ibsim"; then
				FAILED+=("$tag: check --ebb failed: $(head -c 300 "$WORK/check.err")")
				continue
			fi
			[ "$used" = "$engine" ] || used="fell back to ${used:-none}"
			echo "| \`$cmd\` (tables by: $used) | $EBB_N | $EBB_MEAN ($EBB_MIN..$EBB_MAX) | $EBB_S s, $EBB_RPS rounds/s (CPU $EBB_CPU s, $EBB_CPU_RPS rounds/s) | $WALL s | $NOVAL |" >>"$MD"
			echo "ebb.sh: $tag (opensm, $used): $EBB_LINE" >&2
		done
	done
}
osm_rows k4-n3 pgft-2to1

# the convergence figure
conv_name=conv-k$CONV_K
if gen_route "$conv_name" vswitch_ftree --kary "$CONV_K" --levels 3 &&
	measure "$conv_name" vswitch_ftree "$ROUNDS" --ebb-trace "$DATA/ebb_conv.dat"; then
	CONV_ROW="| \`osmcloud gen --kary $CONV_K --levels 3 -o t.net; osmcloud route --topo t.net -o t.dump; osmcloud check --topo t.net --lfts t.dump --ebb $ROUNDS --ebb-trace ebb_conv.dat\` | $EBB_N | $EBB_MEAN ($EBB_MIN..$EBB_MAX) | $EBB_S s, $EBB_RPS rounds/s (CPU $EBB_CPU s, $EBB_CPU_RPS rounds/s) | $WALL s | 10,000 splits per point |"
	echo "$CONV_ROW" >>"$MD"
	sed -i "1s/.*/# round ebb running_mean  (k-ary $CONV_K 3-tree, vswitch_ftree, seed 0)/" "$DATA/ebb_conv.dat"
	CONV_LAST=$(tail -n 1 "$DATA/ebb_conv.dat" | awk '{ print $3 }')
	CONV_AT=$(awk -v m="$CONV_LAST" '!/^#/ && ($3 - m > 0.005 || m - $3 > 0.005) { last = $1 } END { print last + 1 }' "$DATA/ebb_conv.dat")
else
	FAILED+=("ebb_conv: $(head -c 300 "$WORK/check.err")")
	printf '# round ebb running_mean (not measured)\n' >"$DATA/ebb_conv.dat"
fi
cat >"$DATA/ebb_conv.gp" <<GP
set title "EBB running mean against rounds (k-ary $CONV_K 3-tree, vswitch_ftree)" noenhanced
set xlabel "rounds"
set ylabel "EBB"
set key bottom right
set logscale x
plot 'ebb_conv.dat' using 1:2 with points pt 7 ps 0.3 lc rgb "#aaaaaa" title "one round", \\
     'ebb_conv.dat' using 1:3 with lines lw 2 title "running mean"
GP

# the validation row: the unit test's own figures
TEST=$BUILD/tests/unit/verify/test_ebb
make -C "$BUILD" -s tests/unit/verify/test_ebb >/dev/null 2>&1
if [ -x "$TEST" ] && "$TEST" >"$WORK/test.out" 2>&1; then
	brute=$(sed -n 's/^brute force: //p' "$WORK/test.out")
	exact=$(sed -n 's/^exact EBB //p' "$WORK/test.out")
	echo "| \`tests/unit/verify/test_ebb\` (make check): brute force, every flow's links counted by walking every other flow | $brute; also 300 splits of Fig. 2's 8 VMs and 300 with holes and loops, identical | exact mean over all 40,320 splits of 8 VMs: $exact | | | ORCS not run here |" >>"$MD"
else
	FAILED+=("test_ebb: $(tail -n 3 "$WORK/test.out" 2>/dev/null | tr '\n' ' ')")
	echo "| \`tests/unit/verify/test_ebb\` | FAILED or not built | | | | |" >>"$MD"
fi

{
	echo
	echo "![EBB running mean against rounds](results/ebb_conv.png)"
	echo
	if [ -n "${CONV_AT:-}" ]; then
		echo "The running mean stays within 0.005 of its final value ($CONV_LAST)"
		echo "from round $CONV_AT of $ROUNDS on."
		echo
	fi
	echo "**Against the papers.** The papers give no EBB of a static tree and no"
	echo "evaluator time, only the number of splits (10,000 per point, section"
	echo "7.2), which the full mode uses. On trees without vSwitches vswitch_ftree,"
	echo "sftree and pftree (without partitions) install the same CA routes, so"
	echo "their rows agree to the last digit: the evaluator sees tables, not"
	echo "engines. A full-bisection tree does not reach 1 under random"
	echo "bisections with destination-based routing (two flows whose"
	echo "destinations share an up port collide); one switch does (unit test)."
	echo "The rows of stock opensm's engines (the tables ibsim holds after"
	echo "opensm's first sweep) show what the evaluator is for: OpenSM's ftree"
	echo "and vswitch_ftree in opensm give the same EBB, up/down routing"
	echo "(updn, and minhop, which routes a fat-tree as updn does) a much lower"
	echo "one, since it does not spread destinations over the up ports. The"
	echo "offline vswitch_ftree rows differ slightly from opensm's: opensm"
	echo "assigns other LIDs, so other destinations share an up port, and the"
	echo "endpoints, listed in LID order, are shuffled into other splits."
	echo "An unreachable flow counts 0 and loads no link. Every PF and VF is an"
	echo "endpoint here, so on the vSwitch tree (3 VFs + the PF per hypervisor)"
	echo "four endpoints share each hypervisor's physical link, which bounds"
	echo "that row well below the plain tree's; the migration figures (fig8)"
	echo "measure the VMs' LIDs only, as the paper does."
	if [ ${#FAILED[@]} -gt 0 ]; then
		echo
		echo "**Not measured:**"
		for f in "${FAILED[@]}"; do echo "* $f"; done
	fi
} >>"$MD"
[ ${#FAILED[@]} -eq 0 ]
