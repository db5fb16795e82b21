#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# osm_internals.sh - every write into OpenSM's structures stays behind
# src/osm/osm_internals.h, and that header builds against OpenSM 3.3.23
# only (docs/plugin.md, "Auditing an OpenSM upgrade").
#
#   1. no file of src/osm but osm_internals.c/.h writes OpenSM's tables:
#      each pattern below is a kind of write (LID manager, LID table,
#      guid2lid, a switch's lft/new_lft/top/hop rows, alias GUIDs, GUID
#      tables, the heavy-sweep flag, a port's LID); a hit names file and
#      line;
#   2. the header stops the build with its message when config.h names
#      another OpenSM version, or none.
set -u
top=${srcdir:-.}
cc=${CC:-cc}
fail=0

WRITES='used_lids\[[^]]*\] *=[^=]
cl_ptr_vector_set *\(
osm_db_guid2lid_(set|delete) *\(|osm_db_store *\(
(memcpy|memset) *\([^,]*(new_lft|->lft\b|->hops)
(->|\.)(max_lid_ho|lft_size|num_hops|force_heavy_sweep|p_base_port|p_guids) *=[^=]
(->|\.)(new_lft|lft|hops)\[[^]]*\](\[[^]]*\])? *=[^=]
osm_switch_set_hops *\(
osm_alias_guid_(new|delete) *\(|cl_qmap_(insert|remove_item) *\(
\(\*[a-z_>.-]*p_guids\)\[[^]]*\] *=[^=]
port->lid *=[^=]
dlsym *\([^)]*osm_
cl_disp_(un)?register *\(|(->|\.)[a-z_]*disp_h *=[^=]'

files=$(cd "$top" && find src/osm -name '*.[ch]' ! -name 'osm_internals.[ch]' | sort)
[ -n "$files" ] || { echo "FAIL: no source files under $top/src/osm"; exit 1; }
while IFS= read -r pat; do
	# shellcheck disable=SC2086
	hits=$(cd "$top" && grep -nE -- "$pat" $files |
		grep -vE '^[^:]*:[0-9]+:[[:space:]]*(\*|/\*)')
	if [ -n "$hits" ]; then
		echo "FAIL: a write into OpenSM outside osm_internals.c ($pat):"
		echo "$hits"
		fail=1
	fi
done <<<"$WRITES"
[ $fail = 0 ] && echo "ok: no write into OpenSM's structures outside osm_internals.c ($(echo "$files" | wc -l) files)"

# the patterns catch what they are meant to: each line of this sample is
# one write and must be found
sample='mgr->used_lids[lid] = 1;
cl_ptr_vector_set(tbl, lid, port);
osm_db_guid2lid_delete(g2l, guid);
memcpy(sw->new_lft + off, p, 64);
sw->max_lid_ho = top;
sw->hops[lid][port] = 2;
osm_switch_set_hops(sw, lid, 0, 1);
cl_qmap_insert(&osm->subn.alias_port_guid_tbl, g, &a->map_item);
(*ph->p_guids)[1] = g;
port->lid = cl_hton16(lid);
cl_disp_unregister(sa->pr_disp_h);
sa->pr_disp_h = h;'
while IFS= read -r line; do
	found=0
	while IFS= read -r pat; do
		if printf '%s\n' "$line" | grep -qE -- "$pat"; then found=1; fi
	done <<<"$WRITES"
	if [ $found = 0 ]; then
		echo "FAIL: the patterns miss the write: $line"
		fail=1
	fi
done <<<"$sample"

# the version check, before any OpenSM header is needed
tmp=$(mktemp -d "${TMPDIR:-/tmp}/osmcloud-osm-internals.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
guard() {
	printf '%s\n' "$1" >"$tmp/config.h"
	echo '#include "osm_internals.h"' |
		$cc -fsyntax-only -I"$tmp" -I"$top/src/osm" -x c - >"$tmp/out" 2>&1
}
if guard '#define OSMCLOUD_OPENSM_VERSION_NUM 30324'; then
	echo "FAIL: osm_internals.h builds against OpenSM 3.3.24"
	fail=1
elif ! grep -q 'osm_internals.h was written for OpenSM 3.3.23' "$tmp/out"; then
	echo "FAIL: OpenSM 3.3.24 refused without the version message:"
	cat "$tmp/out"
	fail=1
else
	echo "ok: OpenSM 3.3.24 refused: written for OpenSM 3.3.23"
fi
if guard '/* no version */'; then
	echo "FAIL: osm_internals.h builds without OpenSM's version"
	fail=1
elif ! grep -q "OpenSM's version is unknown" "$tmp/out"; then
	echo "FAIL: no version refused without the message:"
	cat "$tmp/out"
	fail=1
else
	echo "ok: no version refused: OpenSM's version is unknown"
fi
exit $fail
