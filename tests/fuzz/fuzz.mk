# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the mutation fuzzer of every file parser (fuzz_parsers.c): a bounded run
# in every make check (OC_FUZZ_COUNT inputs per parser, default 2000);
# scripts/sanitize.sh runs it longer under ASan and UBSan
check_PROGRAMS += tests/fuzz/fuzz_parsers
TESTS += tests/fuzz/fuzz_parsers
tests_fuzz_fuzz_parsers_SOURCES = tests/fuzz/fuzz_parsers.c \
	tests/fuzz/mutate.c tests/fuzz/mutate.h
tests_fuzz_fuzz_parsers_LDADD = libosmcloudcore.la
# the control socket's request path end to end (fuzz_requests.c): the
# plugin's request layer on a standby SM, OpenSM's 4,096-byte log line
# emulated by the doubles of osm_doubles.c; issue 25's hostile requests
# as seeds, then OC_FUZZ_COUNT mutated inputs
check_PROGRAMS += tests/fuzz/fuzz_requests
TESTS += tests/fuzz/fuzz_requests
tests_fuzz_fuzz_requests_SOURCES = tests/fuzz/fuzz_requests.c \
	tests/fuzz/osm_doubles.c tests/fuzz/osm_doubles.h \
	tests/fuzz/mutate.c tests/fuzz/mutate.h \
	src/osm/log.c src/osm/vmops/requests.c src/osm/vmops/commands.c \
	src/osm/vmops/smstate.c src/osm/vmops/opstats.c src/osm/vmops/holds.c
tests_fuzz_fuzz_requests_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src/osm \
	$(OPENSM_CPPFLAGS)
tests_fuzz_fuzz_requests_LDADD = libosmcloudcore.la -lpthread
