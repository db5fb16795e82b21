#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# reproduce.sh - the papers' results by one command: runs the section
# scripts of bench/results/README.md in its order, stamps each, renders
# every DIR/*.gp to DIR/*.png with gnuplot and assembles docs/results.md.
#
#   bench/reproduce.sh [--quick|--full] [--only NAME[,NAME...]]
#                      [--data DIR] [--page FILE] [--no-run]
#
# Per section NAME it writes DIR/NAME.stamp (date, mode, commit, command,
# seconds, exit status), DIR/NAME.stdout and DIR/NAME.stderr; the section
# itself writes DIR/NAME.md and its figures' .dat/.gp.  With --only, the
# other sections' fragments and stamps already in DIR stay and the page is
# rebuilt from all of them.  Exit status: 0 when every section run
# succeeded and every figure rendered, 1 otherwise, 2 on bad options.
# See bench/README.md.

set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(dirname "$HERE")
SECTIONS_DIR=$HERE/results
MODE=full
ONLY=
DATA=$SRC/docs/results
PAGE=$SRC/docs/results.md
NO_RUN=

usage() {
	cat <<EOF
usage: bench/reproduce.sh [--quick|--full] [--only NAME[,NAME...]] [--data DIR] [--page FILE] [--no-run]
Runs the sections of bench/results/README.md and builds the results page.
  --quick        small fabrics, a few minutes in all (what CI runs)
  --full         the papers' sizes (default; hours)
  --only A,B     run these sections only; the others' fragments in DIR stay
  --data DIR     fragments, stamps, data and PNGs (default docs/results)
  --page FILE    the page (default docs/results.md)
  --no-run       run no section: render the figures, rebuild the page
sections, in page order: $(sections | tr '\n' ' ')
Environment: OC_BUILDDIR (default build/), passed to every section.
EOF
}

# sections: the section names, in the order of bench/results/README.md
sections() {
	sed -nE 's/^\| `([a-z0-9_]+)` \|.*/\1/p' "$SECTIONS_DIR/README.md"
}

while [ $# -gt 0 ]; do
	case $1 in
	--quick) MODE=quick ;;
	--full) MODE=full ;;
	--only) [ $# -ge 2 ] || { echo "reproduce.sh: --only needs section names" >&2; exit 2; }
		ONLY=${2//,/ }; shift ;;
	--data) [ $# -ge 2 ] || { echo "reproduce.sh: --data needs a folder" >&2; exit 2; }
		DATA=$2; shift ;;
	--page) [ $# -ge 2 ] || { echo "reproduce.sh: --page needs a file" >&2; exit 2; }
		PAGE=$2; shift ;;
	--no-run) NO_RUN=1 ;;
	-h|--help) usage; exit 0 ;;
	*) echo "reproduce.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	esac
	shift
done
ALL=$(sections | tr "\n" " ")
[ -n "$ALL" ] || { echo "reproduce.sh: no sections in $SECTIONS_DIR/README.md" >&2; exit 1; }
for s in $ONLY; do
	case " $ALL " in *" $s "*) ;; *) false ;; esac || {
		echo "reproduce.sh: --only: unknown section '$s' (sections: $ALL)" >&2; exit 2; }
done
command -v gnuplot >/dev/null || { echo "reproduce.sh: gnuplot not found (scripts/setup.sh installs gnuplot-nox)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "reproduce.sh: python3 not found" >&2; exit 1; }
mkdir -p "$DATA" "$(dirname "$PAGE")" || exit 1
DATA=$(cd "$DATA" && pwd)
PAGE=$(cd "$(dirname "$PAGE")" && pwd)/$(basename "$PAGE")

# shown: a path as the user would type it from the source tree
shown() {
	case $1 in "$SRC"/*) echo "${1#"$SRC"/}" ;; *) echo "$1" ;; esac
}

# the source's commit, "-dirty" when a tracked file other than the page
# and its data differs from it (taken before any section writes)
COMMIT=$(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$SRC" status --porcelain --untracked-files=no -- . \
	":(exclude)$(shown "$DATA")" ":(exclude)$(shown "$PAGE")" 2>/dev/null)" ] || COMMIT=$COMMIT-dirty

# run_section NAME: runs it, writes its stamp; 0 when it succeeded
run_section() {
	local name=$1 script=$SECTIONS_DIR/$1.sh t0 t1 date st cmd
	cmd="bench/results/$name.sh --$MODE --data $(shown "$DATA")"
	rm -f "$DATA/$name.md"
	date=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
	echo "reproduce.sh: $name: $cmd" >&2
	t0=$(date +%s)
	(cd "$SRC" && bash "$script" "--$MODE" --data "$DATA") >"$DATA/$name.stdout" 2>"$DATA/$name.stderr"
	st=$?
	t1=$(date +%s)
	printf 'date=%s\nmode=%s\ncommit=%s\ncommand=%s\nseconds=%s\nstatus=%s\n' "$date" "$MODE" \
		"$COMMIT" "$cmd" \
		"$((t1 - t0))" "$st" >"$DATA/$name.stamp"
	[ "$st" -eq 0 ] && [ -s "$DATA/$name.md" ] || {
		echo "reproduce.sh: $name failed (exit $st): $(tail -n 3 "$DATA/$name.stderr")" >&2
		return 1; }
}

# render: every DIR/*.gp to DIR/*.png; 0 when all rendered
render() {
	local gp fig rc=0
	for gp in "$DATA"/*.gp; do
		[ -e "$gp" ] || continue
		fig=$(basename "$gp" .gp)
		rm -f "$DATA/$fig.png"
		{ printf "set terminal pngcairo size 900,560\nset output '%s.png'\n" "$fig"
			cat "$gp"; } | (cd "$DATA" && gnuplot) 2>"$DATA/$fig.gnuplot.err"
		if [ -s "$DATA/$fig.png" ]; then
			grep -v 'warning' "$DATA/$fig.gnuplot.err" | grep -q . || rm -f "$DATA/$fig.gnuplot.err"
		else
			echo "reproduce.sh: gnuplot could not render $fig.gp: $(tail -n 3 "$DATA/$fig.gnuplot.err")" >&2
			rc=1
		fi
	done
	return $rc
}

rc=0
for name in $([ -n "$NO_RUN" ] || echo "$ALL"); do
	case " ${ONLY:-$ALL} " in *" $name "*) ;; *) continue ;; esac
	[ -f "$SECTIONS_DIR/$name.sh" ] || continue
	run_section "$name" || rc=1
done
render || rc=1

# the machine the page's figures come from
MACHINE="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1 | tr -s ' '), $(nproc) cores, \
$(awk '/^MemTotal/ {printf "%.1f GB RAM", $2 / 1048576}' /proc/meminfo), Linux $(uname -r), \
opensm $(dpkg-query -W -f '${Version}' opensm 2>/dev/null || echo '?'), \
ibsim $(dpkg-query -W -f '${Version}' ibsim-utils 2>/dev/null || echo '?'), \
gnuplot $(gnuplot --version 2>/dev/null | awk '{print $2 "." $4}')"

MACHINE=$MACHINE python3 - "$DATA" "$PAGE" "$SECTIONS_DIR" $ALL <<'PY' || rc=1
import os, sys
data, page, sdir, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
rel = os.path.relpath(data, os.path.dirname(page))
def stamp(name):
    s = {}
    try:
        for line in open(os.path.join(data, name + ".stamp")):
            k, _, v = line.rstrip("\n").partition("=")
            s[k] = v
    except OSError:
        return None
    return s
def status(name, s):
    if not os.path.exists(os.path.join(sdir, name + ".sh")):
        return "not built"
    if s is None:
        return "not run"
    if s.get("status") != "0" or not os.path.exists(os.path.join(data, name + ".md")):
        return "FAILED (exit %s)" % s.get("status", "?")
    return "ok"
def tail(name, n=15):
    try:
        lines = open(os.path.join(data, name + ".stderr"), errors="replace").read().splitlines()
    except OSError:
        return []
    return lines[-n:]
out = []
w = out.append
w("# Results: the papers' tables and figures, reproduced\n")
w("Generated by `bench/reproduce.sh`; do not edit by hand. Every section below is "
  "one script of [bench/results/](../bench/results/README.md); its stamp says "
  "when, in which mode, at which commit and by which exact command it was "
  "measured. Rebuild it all, or some sections, with:\n")
w("```sh\nbench/reproduce.sh              # full: the papers' sizes (fig6 alone ~40 min)\n"
  "bench/reproduce.sh --quick      # small fabrics, a few minutes (CI)\n"
  "bench/reproduce.sh --only table2,table3   # these sections; the others stay\n```\n")
w("Machine: %s.\n" % os.environ.get("MACHINE", "?"))
w("| section | status | mode | date | seconds |")
w("|---|---|---|---|---|")
for n in names:
    s = stamp(n)
    st = status(n, s)
    if st in ("not built", "not run"):
        w("| %s | %s | - | - | - |" % (n, st))
    else:
        w("| [%s](#%s) | %s | %s | %s | %s |" % (n, n, st, s.get("mode", "?"),
                                               s.get("date", "?"), s.get("seconds", "?")))
w("")
for n in names:
    s = stamp(n)
    st = status(n, s)
    if st in ("not built", "not run"):
        continue
    w('<a id="%s"></a>\n' % n)
    frag = os.path.join(data, n + ".md")
    body = open(frag).read().strip() if os.path.exists(frag) else ""
    if body:
        head, _, rest = body.partition("\n")
        w(head + "\n")
    else:
        w("## %s\n" % n)
        rest = ""
    w("*Stamp: %s, %s mode, commit `%s`, `%s`, %s s, exit %s.*\n" % (
        s.get("date", "?"), s.get("mode", "?"), s.get("commit", "?"),
        s.get("command", "?"), s.get("seconds", "?"), s.get("status", "?")))
    if st != "ok":
        w("**This section FAILED** (exit %s); the last lines of its stderr:\n" % s.get("status", "?"))
        w("```\n" + "\n".join(tail(n)) + "\n```\n")
    if rest.strip():
        if rel != "results":
            rest = rest.replace("](results/", "](%s/" % rel)
        w(rest.strip() + "\n")
for n in names:
    if status(n, stamp(n)) == "not built":
        w("*%s: not built yet (no bench/results/%s.sh).*" % (n, n))
open(page, "w").write("\n".join(out).rstrip() + "\n")
PY
echo "reproduce.sh: page $(shown "$PAGE"), data $(shown "$DATA")$([ $rc -eq 0 ] || echo ', with FAILURES')" >&2
exit $rc
