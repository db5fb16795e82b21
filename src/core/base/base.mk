# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/base: the bottom layer: errors, hash maps, text scanning, paths,
# randomness, big-endian fields, clocks, texts clipped to a bound
libosmcloudcore_la_SOURCES += src/core/base/error.c src/core/base/error.h \
	src/core/base/hash.c src/core/base/hash.h src/core/base/path_check.c \
	src/core/base/path_check.h src/core/base/rand.h \
	src/core/base/regular_file.c src/core/base/regular_file.h src/core/base/bytes.h \
	src/core/base/clock.h src/core/base/textscan.c src/core/base/textscan.h \
	src/core/base/unix_listen.c src/core/base/unix_listen.h \
	src/core/base/utf8.c src/core/base/utf8.h \
	src/core/base/clip.c src/core/base/clip.h
