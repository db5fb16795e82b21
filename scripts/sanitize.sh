#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sanitize.sh - build osmcloud into ./build-asan with AddressSanitizer,
# LeakSanitizer and UndefinedBehaviorSanitizer (every report fatal) and
# run what needs no opensm: the cmocka unit tests, the offline tests of
# the osmcloud tool, the property test (OC_PROPERTY_COUNT, default 200
# fabrics here) and the parsers' fuzzer (OC_FUZZ_COUNT, default 20000
# inputs per parser).  The ibsim tests load the plugin into Debian's
# opensm and tests/unit/acm/ibacm_load.sh the ibacm provider into
# Debian's ibacm, neither built with the sanitizers, and the allocation
# fault shim replaces malloc, which ASan owns: both run in the plain
# build (scripts/test.sh).  Needs ./scripts/setup.sh's packages.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
[ -x configure ] || autoreconf -fi
mkdir -p build-asan
cd build-asan
flags="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
[ -f Makefile ] || ../configure CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" >configure.out
make -j"$(nproc)" >make.out 2>&1 || { tail -n 30 make.out; exit 1; }
# every test but those that need opensm or their own malloc
tests=$(make -s -f Makefile -f - print-tests <<<'print-tests: ; @echo $(TESTS)' |
	tr ' ' '\n' | grep -v -e '^tests/ibsim/' -e '^tests/fault/' \
		-e '^tests/unit/acm/ibacm_load.sh' | tr '\n' ' ')
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export OC_PROPERTY_COUNT=${OC_PROPERTY_COUNT:-200}
export OC_FUZZ_COUNT=${OC_FUZZ_COUNT:-20000}
make -j"$(nproc)" check TESTS="$tests" >make-check.out 2>&1
