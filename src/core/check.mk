# check: the LFT verifier, the ibsim Dump reader and osmcloud check
libosmcloudcore_la_SOURCES += \
	src/core/verify.c src/core/verify.h \
	src/core/ibsim_dump.c src/core/ibsim_dump.h
osmcloud_SOURCES += src/tools/cmd_check.c \
	src/tools/fabric_args.c src/tools/fabric_args.h
include $(srcdir)/tests/unit/unit_check.mk
