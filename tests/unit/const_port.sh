#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# const_port.sh - a write into a port of a const fabric does not compile.
#
# The routing engines and the hop-matrix worker threads read the fabric
# through a const pointer; oc_port() hands them a const port, and only
# oc_port_mut(), which takes a writable fabric, hands out a writable one
# (model/fabric.h).  This compiles three small files against fabric.h: the
# read and the write through oc_port_mut() must compile, the write through
# oc_port() of a const fabric must be refused.
set -u
top=${srcdir:-.}
cc=${CC:-cc}
flags="-fsyntax-only -std=gnu11 -Werror -I$top/src/core -I$top/include"
fail=0

compiles() {
	# shellcheck disable=SC2086
	printf '#include "model/fabric.h"\n%s\n' "$1" | $cc $flags -x c - 2>/dev/null
}

expect() {
	local want=$1 what=$2 code=$3
	if compiles "$code"; then got=compiles; else got=refused; fi
	if [ "$got" != "$want" ]; then
		echo "FAIL: $what: $got, want $want"
		fail=1
	else
		echo "ok: $what: $got"
	fi
}

compiles 'int x;' || { echo "FAIL: $cc cannot compile against model/fabric.h"; exit 1; }
expect compiles "a read through oc_port()" \
	'int f(const struct oc_fabric *f) { return oc_port(f, 0, 1)->lid; }'
expect compiles "a write through oc_port_mut()" \
	'void f(struct oc_fabric *f) { oc_port_mut(f, 0, 1)->lid = 1; }'
expect refused "a write through oc_port() of a const fabric" \
	'void f(const struct oc_fabric *f) { oc_port(f, 0, 1)->lid = 1; }'
expect refused "a writable pointer from oc_port() of a const fabric" \
	'struct oc_port *f(const struct oc_fabric *f) { return oc_port(f, 0, 1); }'
expect refused "oc_port_mut() of a const fabric" \
	'void f(const struct oc_fabric *f) { oc_port_mut(f, 0, 1)->lid = 1; }'
exit $fail
