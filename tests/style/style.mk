# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the code style (.clang-format) is part of the suite
TESTS += tests/style/format.sh
EXTRA_DIST += tests/style/format.sh .clang-format
