#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# test.sh - build (via setup.sh) and run the whole test suite: the cmocka
# unit tests, the offline tests, the fuzzer and the ibsim integration tests
# in ./build, then the same without opensm under ASan and UBSan in
# ./build-asan (scripts/sanitize.sh).  Prints every test's summary and a
# final "N passed, N failed" line; exits non-zero on any failure.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/setup.sh" || exit 1
cd "$top/build" || exit 1
make -j"$(nproc)" check >make-check.out 2>&1
status=$?
tail -n 40 make-check.out | grep -E '^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR):' || true
"$top/scripts/sanitize.sh" || status=1
grep -E '^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR):' "$top/build-asan/make-check.out" |
	sed 's/^/asan+ubsan /' || true

passed=0
failed=0
cd "$top" || exit 1
for trs in $(find build build-asan -name "*.trs" 2>/dev/null | sort); do
	log=${trs%.trs}.log
	result=$(sed -n 's/^:test-result: //p' "$trs")
	echo "== ${log}: $result"
	# cmocka's own summaries, or the integration test's last lines
	if grep -q '^\[==========\]' "$log"; then
		grep -E '^\[(==========|  PASSED  |  FAILED  )\]' "$log"
	else
		# a failed test's own FAIL lines first: the tail may not hold them
		case $result in
		PASS | XFAIL) ;;
		*) grep '^FAIL: ' "$log" | head -n 20 | sed 's/^/   /' ;;
		esac
		tail -n 5 "$log" | sed 's/^/   /'
	fi
	case $result in
	PASS | XFAIL) passed=$((passed + 1)) ;;
	*) failed=$((failed + 1)) ;;
	esac
done
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
