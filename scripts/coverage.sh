#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# coverage.sh - line coverage of src/core by the tests that need no opensm
# (the cmocka unit tests, the offline tests of the osmcloud tool, the
# property test with OC_PROPERTY_COUNT fabrics, default 200, and the
# fuzzer), per layer folder.  Builds into ./build-cov with --coverage and
# prints one line per folder: lines run / lines with code, percent.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
[ -x configure ] || autoreconf -fi
mkdir -p build-cov
cd build-cov
[ -f Makefile ] || ../configure CFLAGS="-O0 -g --coverage" LDFLAGS="--coverage" >configure.out
make -j"$(nproc)" >make.out 2>&1 || { tail -n 30 make.out; exit 1; }
find . -name '*.gcda' -delete
tests=$(make -s -f Makefile -f - print-tests <<<'print-tests: ; @echo $(TESTS)' |
	tr ' ' '\n' | grep -v -e '^tests/ibsim/' -e '^tests/fault/' | tr '\n' ' ')
export OC_PROPERTY_COUNT=${OC_PROPERTY_COUNT:-200}
make -j"$(nproc)" check TESTS="$tests" >make-check.out 2>&1 ||
	echo "coverage.sh: some tests failed (make-check.out); figures below still count"
# gcov's per-file summary of every object of src/core, then per folder
find src/core -name '*.gcda' | while read -r gcda; do
	gcov -n -o "$(dirname "$gcda")" "$gcda" 2>/dev/null
done | awk '
	/^File / { f = $2; gsub(/\047/, "", f); next }
	/^Lines executed:/ && f ~ /src\/core\/.*\.c$/ {
		split($2, a, "%"); pct = substr(a[1], 10); n = $4
		sub(/.*src\/core\//, "", f); d = f; sub(/\/[^\/]*$/, "", d)
		if (f == d) d = "."
		if (!(f in seen)) { seen[f] = 1; run[d] += pct * n / 100; all[d] += n }
		f = ""
	}
	END {
		for (d in all) { printf "%-14s %6d / %6d lines  %5.1f %%\n", d, run[d] + 0.5, all[d], 100 * run[d] / all[d]; tr += run[d]; ta += all[d] }
		printf "%-14s %6d / %6d lines  %5.1f %%\n", "src/core", tr + 0.5, ta, 100 * tr / ta
	}' | sort
