#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# layers.sh - no include of src/core points up a layer (docs/design.md,
# "Layers").  The layers, bottom first:
#
#   base < model < analysis < io < verify < route < {reconf, vm, gen, sa}
#   < sim
#
# A file may include headers of its own folder and of lower layers, and
# the installed public headers (include/osmcloud/).  reconf, vm, gen, sa
# are siblings: none includes another.  Inside route, the engines'
# folders route/sftree and route/pftree may include route/, not each
# other, and route/ includes neither.  Every include of a project header
# names its folder ("model/fabric.h"), and src/core includes nothing of
# src/osm or of OpenSM (opensm/, complib/, iba/): the core builds and is
# tested without OpenSM.
#
#   tests/unit/layers.sh          check src/core (and first that the
#                                 check itself catches a bad tree)
#   tests/unit/layers.sh DIR      check DIR laid out as src/core
# Each violation is one line: file:line: the include and the rule broken.
set -u
top=${srcdir:-.}
ORDER="base model analysis io verify route reconf vm gen sa sim"

# rank of a top-level folder; reconf, vm, gen and sa share the top rank
rank() {
	case $1 in
	base) echo 0 ;; model) echo 1 ;; analysis) echo 2 ;; io) echo 3 ;;
	verify) echo 4 ;; route) echo 5 ;; reconf | vm | gen | sa) echo 6 ;; sim) echo 7 ;;
	*) echo -1 ;;
	esac
}

# rule FROM_DIR TO_DIR: empty when a file of FROM_DIR may include a header
# of TO_DIR (folders relative to the core), else the rule it breaks
rule() {
	local from=$1 to=$2 ftop=${1%%/*} ttop=${2%%/*} fr tr
	[ "$from" = "$to" ] && return
	fr=$(rank "$ftop")
	tr=$(rank "$ttop")
	if [ "$fr" -lt 0 ]; then
		echo "$from is not a layer ($ORDER)"
	elif [ "$tr" -lt 0 ]; then
		echo "$to is not a layer ($ORDER)"
	elif [ "$tr" -gt "$fr" ]; then
		echo "points up: $ftop may not include $ttop (layers $ORDER)"
	elif [ "$ftop" != "$ttop" ] && [ "$tr" -eq "$fr" ]; then
		echo "sibling: $ftop may not include $ttop (reconf, vm, gen and sa are siblings)"
	elif [ "$ttop" = route ] && [ "$to" != route ]; then
		if [ "$from" = route ]; then
			echo "route/ may not include an engine's folder ($to)"
		else
			echo "$from may not include $to (engines do not include each other)"
		fi
	fi
}

# check_tree CORE: prints the violations, returns 1 when there are some
check_tree() {
	local core=$1 bad=0 f rel dir line n inc why
	while IFS= read -r -d '' f; do
		rel=${f#"$core"/}
		dir=$(dirname "$rel")
		n=0
		while IFS= read -r line; do
			n=$((n + 1))
			case $line in
			'#include "'*)
				inc=${line#'#include "'}
				inc=${inc%%\"*}
				why=
				case $inc in
				osmcloud/*) [ -f "$top/include/$inc" ] ||
					why="no such public header include/$inc" ;;
				*../*) why="climbs out of its folder" ;;
				*/*) if [ -f "$core/$inc" ]; then
					why=$(rule "$dir" "$(dirname "$inc")")
				else
					why="no such header src/core/$inc"
				fi ;;
				*) why="not folder-qualified (write \"<folder>/$inc\")" ;;
				esac
				;;
			'#include <'*)
				inc=${line#'#include <'}
				inc=${inc%%>*}
				case $inc in
				opensm/* | complib/* | iba/*)
					why="OpenSM header: src/core builds without OpenSM" ;;
				*) why= ;;
				esac
				;;
			*) continue ;;
			esac
			[ -z "$why" ] && continue
			echo "FAIL: src/core/$rel:$n: #include ${line#'#include '}: $why"
			bad=1
		done <"$f"
	done < <(find "$core" \( -name '*.c' -o -name '*.h' \) -type f -print0 | sort -z)
	return $bad
}

if [ $# -ge 1 ]; then
	check_tree "${1%/}"
	exit
fi

# the check catches what it must: a small tree with one file per rule
fake=$(mktemp -d) || exit 1
trap 'rm -rf "$fake"' EXIT
mkdir -p "$fake"/{base,model,vm,reconf,route/sftree,route/pftree}
printf '#include "model/fabric.h"\n' >"$fake/base/up.c"
printf '' >"$fake/model/fabric.h"
printf '#include "vm/vmreg.h"\n' >"$fake/reconf/sibling.c"
printf '' >"$fake/vm/vmreg.h"
printf '#include "route/pftree/p.h"\n' >"$fake/route/sftree/engines.c"
printf '' >"$fake/route/pftree/p.h"
printf '#include "route/sftree/s.h"\n' >"$fake/route/engine.c"
printf '' >"$fake/route/sftree/s.h"
printf '#include "fabric.h"\n' >"$fake/model/bare.c"
printf '#include <opensm/osm_opensm.h>\n' >"$fake/model/osm.c"
printf '#include "../osm/plugin.h"\n' >"$fake/vm/osm.c"
printf '#include "base/nothing.h"\n' >"$fake/model/missing.c"
printf '#include "model/fabric.h"\n#include "osmcloud/ctl.h"\n' >"$fake/vm/fine.c"
printf '#include "route/e.h"\n#include "base/error.h"\n' >"$fake/route/pftree/fine.c"
printf '' >"$fake/route/e.h"
printf '' >"$fake/base/error.h"
out=$(check_tree "$fake")
selftest=0
for want in "base/up.c:1: .*points up: base may not include model" \
	"reconf/sibling.c:1: .*sibling: reconf may not include vm" \
	"route/sftree/engines.c:1: .*engines do not include each other" \
	"route/engine.c:1: .*route/ may not include an engine's folder" \
	"model/bare.c:1: .*not folder-qualified" \
	"model/osm.c:1: .*OpenSM header" \
	"vm/osm.c:1: .*climbs out of its folder" \
	"model/missing.c:1: .*no such header src/core/base/nothing.h"; do
	echo "$out" | grep -q "$want" || {
		echo "FAIL: the check misses: $want"
		selftest=1
	}
done
if echo "$out" | grep -q "fine.c"; then
	echo "FAIL: the check refuses a good include: $(echo "$out" | grep fine.c)"
	selftest=1
fi
[ $selftest -eq 0 ] || exit 1
echo "self-test: 8 bad includes of a small tree caught, 4 good ones passed"

check_tree "$top/src/core" || exit 1
echo "src/core: $(find "$top/src/core" \( -name '*.c' -o -name '*.h' \) | wc -l) files," \
	"$(grep -rh '^#include "' "$top/src/core" | wc -l) project includes, none against the layers"
