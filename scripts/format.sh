#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# format.sh - format every C file with the project's .clang-format
# (OpenSM kernel style).  --check only reports files that differ.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
files=$(git ls-files '*.c' '*.h')
if [ "$mode" = --check ]; then
	bad=0
	for f in $files; do
		if ! clang-format "$f" | cmp -s - "$f"; then
			echo "format: $f differs from .clang-format"
			bad=1
		fi
	done
	exit $bad
fi
clang-format -i $files
