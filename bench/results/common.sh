# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# common.sh - what the section scripts of bench/results share (sourced,
# not a section): the contract's options and the papers' fabrics.
#
#   . "$(dirname "$0")/common.sh"; section_args NAME "$@"
# sets MODE (quick|full), DATA (absolute), SRC, BUILD, OSMCLOUD.

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${OC_BUILDDIR:-$SRC/build}
OSMCLOUD=$BUILD/osmcloud

# section_args NAME ARGS...: --quick|--full --data DIR; exits 2 on bad
# options, 1 without a built osmcloud.  Other options: section_extra.
section_args() {
	local name=$1
	shift
	MODE=full DATA=
	while [ $# -gt 0 ]; do
		case $1 in
		--quick) MODE=quick ;;
		--full) MODE=full ;;
		--data) [ $# -ge 2 ] || { echo "$name.sh: --data needs a folder" >&2; exit 2; }
			DATA=$2; shift ;;
		*) echo "$name.sh: unknown option '$1' (usage: bench/results/$name.sh --quick|--full --data DIR)" >&2
			exit 2 ;;
		esac
		shift
	done
	[ -n "$DATA" ] || { echo "$name.sh: --data DIR is required" >&2; exit 2; }
	mkdir -p "$DATA" && DATA=$(cd "$DATA" && pwd) || exit 1
	[ -x "$OSMCLOUD" ] || { echo "$name.sh: no $OSMCLOUD (build first, or set OC_BUILDDIR)" >&2; exit 1; }
}

# fabric_shape NAME: the osmcloud gen options of bench.sh's fabric NAME
# (one list of the papers' fabrics: bench.sh's)
fabric_shape() {
	"$SRC/bench/bench.sh" --help | sed -nE "s/^  $1 .*\(osmcloud gen (.*)\)\$/\1/p"
}

# gen_cmd OPTIONS...: the osmcloud gen command line as a user types it
gen_cmd() {
	echo "osmcloud gen $*" | sed -E "s/(--pgft) ([^ ]+)/\1 '\2'/"
}
