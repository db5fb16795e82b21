# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# common.sh - what the section scripts of bench/results share (sourced,
# not a section): the contract's options, a scratch folder, the machine
# line, the papers' fabrics.
#
#   . "$(dirname "$0")/common.sh"; section_args NAME "$@"
# sets SECTION (NAME), MODE (quick|full), DATA (absolute), SRC, BUILD
# (absolute once it exists; exported as OC_BUILDDIR), OSMCLOUD.

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${OC_BUILDDIR:-$SRC/build}
OSMCLOUD=$BUILD/osmcloud

# section_usage: the usage line (a script with more options defines
# section_help, printed on --help, whose first line is its usage line)
section_usage() {
	if declare -F section_help >/dev/null; then
		section_help | head -n 1
	else
		echo "usage: bench/results/$SECTION.sh --quick|--full --data DIR"
	fi
}

# section_args NAME ARGS...: --quick|--full (default full) --data DIR,
# -h|--help; exits 2 on bad options, 1 without a built osmcloud (unless
# SECTION_NO_BUILD is set: the script checks, or needs none).  Other
# options: the script defines section_extra, called with the remaining
# arguments when $1 is none of these; it returns non-zero for an option it
# does not know, else sets EXTRA_SHIFT to the arguments it took (1 or 2).
section_args() {
	SECTION=$1
	shift
	MODE=full DATA=
	while [ $# -gt 0 ]; do
		EXTRA_SHIFT=1
		case $1 in
		--quick) MODE=quick ;;
		--full) MODE=full ;;
		--data) [ $# -ge 2 ] || { echo "$SECTION.sh: --data needs a folder" >&2; exit 2; }
			DATA=$2; EXTRA_SHIFT=2 ;;
		-h | --help)
			if declare -F section_help >/dev/null; then section_help; else section_usage; fi
			exit 0 ;;
		*) declare -F section_extra >/dev/null && section_extra "$@" || {
				echo "$SECTION.sh: unknown option '$1' ($(section_usage))" >&2; exit 2; } ;;
		esac
		shift "$EXTRA_SHIFT"
	done
	[ -n "$DATA" ] || { echo "$SECTION.sh: --data DIR is required ($(section_usage))" >&2; exit 2; }
	mkdir -p "$DATA" && DATA=$(cd "$DATA" && pwd) || exit 1
	if [ -d "$BUILD" ]; then
		BUILD=$(cd "$BUILD" && pwd) OSMCLOUD=$BUILD/osmcloud
		export OC_BUILDDIR=$BUILD
	fi
	[ -n "${SECTION_NO_BUILD:-}" ] || [ -x "$OSMCLOUD" ] ||
		{ echo "$SECTION.sh: no $OSMCLOUD (build first, or set OC_BUILDDIR)" >&2; exit 1; }
}

# section_tmp: TMP, a scratch folder removed on exit (then section_exit
# runs, when the script defines one)
section_tmp() {
	TMP=$(mktemp -d "${TMPDIR:-/tmp}/oc-res-$SECTION.XXXXXX") || exit 1
	trap 'rm -rf "$TMP"; ! declare -F section_exit >/dev/null || section_exit' EXIT
}

# run_or_die WHAT OUT COMMAND...: run COMMAND niced, its output in OUT; if
# it fails, say "WHAT failed" with OUT's last 3 lines and exit 1
run_or_die() {
	local what=$1 out=$2
	shift 2
	nice "$@" >"$out" 2>&1 ||
		{ echo "$SECTION.sh: $what failed: $(tail -n 3 "$out")" >&2; exit 1; }
}

# cpu_model: the CPU's model name ("unknown CPU" when /proc/cpuinfo has none)
cpu_model() {
	local cpu
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
	echo "${cpu:-unknown CPU}"
}

# machine_line: cores, CPU, memory, kernel and load, for a fragment's
# Machine: line (taken at the end of a run)
machine_line() {
	echo "$(nproc) cores ($(cpu_model)), $(free -g | awk '/^Mem:/ {print $2}') GB, Linux $(uname -r), load average $(cut -d" " -f1-3 /proc/loadavg) at the end (the machine is shared)"
}

# src_commit: the source tree's commit as a fragment cites it
src_commit() {
	git -C "$SRC" describe --always --dirty 2>/dev/null || echo '?'
}

# pkg_version PACKAGE: its installed Debian version (empty when none)
pkg_version() {
	dpkg-query -W -f '${Version}' "$1" 2>/dev/null
}

# sim_versions: the opensm and ibsim a simulated run used, as a fragment
# names them
sim_versions() {
	echo "opensm $(pkg_version opensm), ibsim-utils $(pkg_version ibsim-utils)"
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
