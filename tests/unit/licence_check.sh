#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every source file of the tree (C, headers, shell, Python, build
# fragments, configure.ac) carries the project's licence line near its
# top, so that LICENSE's dual GPL-2.0 / BSD-2-Clause terms cover it.  A
# new file without it fails here, naming the file.
top=${srcdir:-.}
want='SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause'
checked=0 missing=0
while IFS= read -r -d '' f; do
	checked=$((checked + 1))
	head -n 3 "$f" | grep -qF "$want" && continue
	echo "FAIL: ${f#"$top"/}: no \"$want\" in its first 3 lines"
	missing=$((missing + 1))
done < <(find "$top/src" "$top/tests" "$top/scripts" "$top/bench" "$top/contrib" \
	"$top/include" "$top/.ci" "$top/configure.ac" "$top/Makefile.am" \
	\( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.py' -o -name '*.mk' \
	-o -name '*.am' -o -name '*.ac' -o -name run -o -name qemu-osmcloud \) \
	-type f -print0 2>/dev/null)
[ "$checked" -ge 100 ] || { echo "FAIL: only $checked source files found under $top"; exit 1; }
echo "$checked source files checked, $missing without the licence line"
[ "$missing" -eq 0 ]
