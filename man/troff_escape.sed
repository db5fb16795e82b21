# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# troff_escape.sed - plain text (a command's --help) as troff input for a
# no-fill block: backslashes printed, minus signs that can be copied into a
# shell, no line read as a request.
s/\\/\\e/g
s/-/\\-/g
s/^[.']/\\\&&/
