# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the mutation fuzzer of every file parser (fuzz_parsers.c): a bounded run
# in every make check (OC_FUZZ_COUNT inputs per parser, default 2000);
# scripts/sanitize.sh runs it longer under ASan and UBSan
check_PROGRAMS += tests/fuzz/fuzz_parsers
TESTS += tests/fuzz/fuzz_parsers
tests_fuzz_fuzz_parsers_SOURCES = tests/fuzz/fuzz_parsers.c
tests_fuzz_fuzz_parsers_LDADD = libosmcloudcore.la
