# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# check: the LFT verifier, the ibsim Dump reader and osmcloud check
libosmcloudcore_la_SOURCES += \
	src/core/verify.c src/core/verify.h \
	src/core/verify_int.h src/core/verify_part.c \
	src/core/verify_cdg.c src/core/verify_cdg.h src/core/verify_text.c \
	src/core/updown.c src/core/updown.h \
	src/core/promise.c src/core/promise.h \
	src/core/ibsim_dump.c src/core/ibsim_dump.h \
	src/core/tenant_metrics.c src/core/tenant_metrics.h src/core/tenant_ebb.c
osmcloud_SOURCES += src/tools/cmd_check.c \
	src/tools/fabric_args.c src/tools/fabric_args.h \
	src/tools/tenant_args.c src/tools/tenant_args.h \
	src/tools/check_tenants.c src/tools/check_tenants.h
include $(srcdir)/tests/unit/unit_check.mk
