# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# issue 13: the ibacm provider (src/acm) against opensm's real SA under
# ibsim, through acm_host, a stand-in for ibacm's core on libibumad
# (ibacm does not start under umad2sim; docs/ibacm.md)
if HAVE_ACM
check_PROGRAMS += tests/ibsim/acm_host
tests_ibsim_acm_host_SOURCES = tests/ibsim/acm_host.c \
	tests/unit/acm/comp_mask.c $(OC_ACM_SOURCES)
tests_ibsim_acm_host_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/src
tests_ibsim_acm_host_LDADD = libosmcloudcore.la -libumad -lpthread
TESTS += tests/ibsim/acm_provider.sh
endif
EXTRA_DIST += tests/ibsim/acm_provider.sh
