#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# identical.sh - fingerprints of everything osmcloud computes offline, to
# show that a change which must not change behaviour (a file move, a
# refactoring) leaves the routing output byte-identical.
#
#   bench/identical.sh record DIR [--build B] [--quick] [--keep]
#       routes every shipped topology with every engine (the exit status,
#       stderr and the opensm-lfts.dump of each), the tenant inputs of
#       tests/unit/pftree_offline.sh, the dynamic LID model with a VM
#       file, the benchmark fabrics of bench/bench.sh (generated with
#       osmcloud gen) and osmcloud plan with a fixed seed on two fabrics,
#       and writes one sha256 per output to DIR/sums; with --keep,
#       DIR/outputs keeps the outputs themselves (about 18 GB for the whole
#       set: the k24 dumps), otherwise they are removed once hashed.
#       --quick leaves out the fabrics above 2,000 hosts.
#   bench/identical.sh compare DIR1 DIR2
#       exit 0 when both folders hold the same sums, 1 naming each
#       output that differs or is missing.
#
# Timing figures (plan's "ms"/"us" lines) are the only text left out.
# Inputs are copied into a scratch folder and named relative to it, so
# that the messages do not depend on where the tree lives.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
BUILD=${OC_BUILDDIR:-$SRC/build}
ENGINES="vswitch_ftree sftree pftree pftree_ext pftree_wt"

usage() {
	sed -n '4,22p' "$0" | sed 's/^# \{0,1\}//'
}

# name|osmcloud gen options (bench/bench.sh's fabrics and two more sizes)
BIG_FABRICS="
k8|--kary 8
vsw|--pgft 2;3,4;1,2 --vswitch 4
k36n2|--kary 36 --levels 2
vsw1024|--pgft 2;32,32;1,16 --vswitch 4
k18|--kary 18 --radix 36
pgft18|--pgft 3;18,18,36;1,18,18 --radix 36
k24|--kary 24
"
QUICK_FABRICS="k8 vsw k36n2 vsw1024"

# one run: NAME, then the command; writes NAME.out (stdout, timing lines
# left out), NAME.err, NAME.rc and, when the command wrote it, NAME.dump
run() {
	local name=$1
	shift
	"$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
	echo $? >"$OUT/$name.rc"
	sed -i -E '/ (ms|us)\b/d' "$OUT/$name.out"
	if [ -f out.dump ]; then mv out.dump "$OUT/$name.dump"; fi
}

# every other VF of every hypervisor holds a VM (the VF port GUID is its
# node GUID + 1, as osmcloud gen and ibsim number them)
vm_file() {
	awk '/^caguid=/ {g = $1; sub("caguid=", "", g)}
	     /^Ca\t1 "hv[0-9]+-vf[0-9]+"/ {n++; if (n % 2) print g, "vm-" n}' "$1" |
		while read -r g name; do
			printf '0x%016x %s\n' $((g + 1)) "$name"
		done
}

route_all() {
	local net=$1 e
	for e in $ENGINES; do
		run "route.$net.$e" "$OSMCLOUD" route -q --engine "$e" \
			--topo "$net.net" -o out.dump
	done
}

record() {
	local dir=$1 quick=$2 t net f opts
	mkdir -p "$dir/outputs" || exit 1
	OUT=$(cd "$dir/outputs" && pwd)
	rm -f "$OUT"/*
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/oc-identical.XXXXXX") || exit 1
	trap 'rm -rf "$WORK"' EXIT
	cd "$WORK" || exit 1

	for t in "$SRC"/topologies/*.net; do
		net=$(basename "$t" .net)
		cp "$t" "$net.net"
		route_all "$net"
		case $net in vswitch-ft-*)
			vm_file "$net.net" >"$net.vms"
			run "route.$net.dynamic" "$OSMCLOUD" route -q --topo "$net.net" \
				--vms "$net.vms" --lid-model dynamic -o out.dump
			run "route.$net.vms" "$OSMCLOUD" route -q --topo "$net.net" \
				--vms "$net.vms" -o out.dump
			;;
		esac
	done

	# the tenant files of tests/unit/pftree_offline.sh
	"$OSMCLOUD" gen --pgft '2;8,4;1,4' -o x32.net 2>/dev/null
	cp x32.net "$OUT/gen.x32.net"
	local victim="" other="" i=0 g
	while [ $i -lt 32 ]; do
		g=$(printf '0x0002c904%08x' $((i * 16 + 1)))
		case " 1 6 9 14 17 22 25 30 " in
		*" $i "*) victim="$victim $g" ;;
		*) other="$other $g" ;;
		esac
		i=$((i + 1))
	done
	printf 'Default=0x7fff, ipoib : ALL=full ;\nvictim=0x8001 : %s ;\nother=0x8002, sl=2 :\n%s ;\n' \
		"$victim" "$other" >parts
	printf 'mode strict\nvictim phy-isolation\n' >policy
	for g in $victim; do echo "$g 100"; done >weights
	for e in pftree pftree_ext pftree_wt; do
		run "route.x32-tenants.$e" "$OSMCLOUD" route -q --topo x32.net \
			--engine "$e" --partitions parts --policies policy \
			--weights weights -o out.dump
	done

	# the benchmark fabrics
	echo "$BIG_FABRICS" | while IFS='|' read -r f opts; do
		[ -n "$f" ] || continue
		if [ "$quick" = 1 ]; then
			case " $QUICK_FABRICS " in *" $f "*) ;; *) continue ;; esac
		fi
		# shellcheck disable=SC2086
		"$OSMCLOUD" gen $opts -o "$f.net" 2>/dev/null
		cp "$f.net" "$OUT/gen.$f.net"
		route_all "$f"
		rm -f "$f.net"
	done

	# osmcloud plan with a fixed seed, both LID models, verified
	for net in vswitch-ft-default vswitch-ft-uneven-vfs; do
		for m in prepopulated dynamic; do
			run "plan.$net.$m" "$OSMCLOUD" plan --topo "$net.net" \
				--lid-model "$m" --random 40 --seed 7 --verify
		done
	done
	run "plan.vsw-named" "$OSMCLOUD" plan --topo vswitch-ft-default.net \
		--migrate hv0-vf1:hv5 --migrate hv3-vf2:hv0 --verify

	(cd "$OUT" && sha256sum -- *) >"$dir/sums"
	[ "$keep" = 1 ] || rm -rf "$OUT"
	echo "identical.sh: $(wc -l <"$dir/sums") outputs recorded in $dir/sums"
}

compare() {
	local a=$1 b=$2
	[ -f "$a/sums" ] && [ -f "$b/sums" ] || {
		echo "identical.sh: no sums in $a or $b" >&2
		exit 2
	}
	if diff -u "$a/sums" "$b/sums" >/dev/null; then
		echo "identical.sh: $(wc -l <"$a/sums") outputs, all identical"
		exit 0
	fi
	echo "identical.sh: outputs that differ or are missing:"
	diff "$a/sums" "$b/sums" | sed -n 's/^[<>] [0-9a-f]*  //p' | sort -u
	exit 1
}

[ $# -ge 1 ] || { usage >&2; exit 2; }
cmd=$1
shift
case $cmd in
record)
	[ $# -ge 1 ] || { usage >&2; exit 2; }
	dir=$1
	shift
	quick=0
	keep=0
	while [ $# -gt 0 ]; do
		case $1 in
		--build) BUILD=$2; shift ;;
		--quick) quick=1 ;;
		--keep) keep=1 ;;
		*) usage >&2; exit 2 ;;
		esac
		shift
	done
	OSMCLOUD=$(cd "$BUILD" && pwd)/osmcloud
	[ -x "$OSMCLOUD" ] || { echo "identical.sh: no $OSMCLOUD (build first)" >&2; exit 1; }
	mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
	record "$dir" "$quick"
	;;
compare)
	[ $# -eq 2 ] || { usage >&2; exit 2; }
	compare "$1" "$2"
	;;
-h | --help) usage ;;
*) usage >&2; exit 2 ;;
esac
