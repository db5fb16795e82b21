#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# format.sh - every C file of the project follows .clang-format (OpenSM's
# kernel style).  scripts/format.sh rewrites them; this test only checks.
set -u
top=${OC_SRCDIR:-${srcdir:-.}}
command -v clang-format >/dev/null || {
	echo "FAIL: clang-format is not installed (scripts/setup.sh installs it)"
	exit 1
}
bad=0
files=0
for f in $(find "$top/src" "$top/tests" -name '*.[ch]' | sort); do
	files=$((files + 1))
	if ! clang-format --style=file "$f" | cmp -s - "$f"; then
		echo "not formatted: ${f#$top/} (run scripts/format.sh)"
		bad=$((bad + 1))
	fi
done
echo "$files C files, $bad not formatted"
[ "$bad" -eq 0 ]
