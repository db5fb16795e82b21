#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# OpenSM's own files in the plugin (issue 14): root_guid_file,
# cn_guid_file, io_guid_file and node_name_map_name named in opensm.conf,
# and the dump file opensm-osmcloud.dump in dump_files_dir (this run's
# scratch folder).  The dump is checked against what opensm and ibsim
# say: the roots against the root file, the CA LIDs against opensm's
# guid2lid cache, the link loads against `osmcloud check` on the tables
# read back from ibsim.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test osm-files

# dump_rows KIND: the records of KIND in this run's dump file.
dump_rows() {
	awk -v k="$1" '$1 == k' "$RUN/tmp/opensm-osmcloud.dump"
}

# dump_loads_add_up TAG: every switch sends every CA LID out of exactly
# one port (the promise: no hole), and the busiest link carries what
# `osmcloud check` finds on the tables read back from ibsim.
dump_loads_add_up() {
	local tag=$1 cas bad max check_max
	cas=$(dump_rows ca | wc -l)
	bad=$(dump_rows load | awk -v n="$cas" '{ s[$2] += $6 }
		END { for (k in s) if (s[k] != n) b++; print b + 0 }')
	[ "$cas" -gt 0 ] && [ "$bad" -eq 0 ] &&
		pass "$tag: on each of $(dump_rows load | cut -d' ' -f2 | sort -u | wc -l) switches the CA-LIDS of its ports add up to the $cas CA LIDs" ||
		fail "$tag: $bad switches whose CA-LIDS do not add up to $cas"
	max=$(dump_rows load | awk '$7 != "-" && $7 + 0 > m { m = $7 + 0 } END { print m + 0 }')
	check_max=$(json_get "$tag" link_load_max)
	[ "$max" = "$check_max" ] &&
		pass "$tag: the dump's busiest link carries $max CA-to-CA routes, as osmcloud check finds on ibsim's tables" ||
		fail "$tag: the dump's busiest link carries $max routes, osmcloud check says $check_max"
}

# -- 1. vSwitch fabric: root_guid_file, node_name_map_name, VMs --------
topo=$TOPOS/vswitch-ft-default.net
guid_file "$topo" 'sw-L2-[0-9]+' 0 >"$TOP/roots.txt"
{
	echo "# spines and two hypervisors, as an administrator names them"
	n=0
	while read -r g; do
		echo "$g \"spine $n # row A\""
		n=$((n + 1))
	done <"$TOP/roots.txt"
	echo "$(guid_file "$topo" 'hv3' 0) \"rack-2 hv3\""
	echo "$(guid_file "$topo" 'hv3-pf' 0)   \"hv3 PF\"  # a comment"
} >"$TOP/names.map"
{
	echo "$(guid_file "$topo" 'hv0-vf1' 1) web-1"
	echo "$(guid_file "$topo" 'hv5-vf2' 1) db-2"
	echo "$(guid_file "$topo" 'hv11-vf3' 1) cache-3"
} >"$TOP/vms.txt"
tag=vswitch-files
if opensm_route "$tag" "$topo" vswitch_ftree \
	"root_guid_file $TOP/roots.txt" "node_name_map_name $TOP/names.map" \
	"event_plugin_options vms=$TOP/vms.txt" && engine_used vswitch_ftree; then
	pass "$tag: opensm routed with vswitch_ftree"
	check_dump "$tag" && pass "$tag: the LFTs read back from ibsim pass the checker (no hole, no loop)" ||
		fail "$tag: the LFTs read back from ibsim fail the checker"
	grep -q "vswitch_ftree: roots: 2 GUIDs from OpenSM's root_guid_file $TOP/roots.txt" "$RUN/osm.log" &&
		pass "$tag: the log names root_guid_file as the roots' source" ||
		fail "$tag: no log line names root_guid_file: $(grep -m2 'roots' "$RUN/osm.log")"
	[ "$(dump_rows roots)" = "roots root_guid_file=$TOP/roots.txt 2" ] &&
		[ "$(dump_rows root | cut -d' ' -f2 | sort)" = "$(sort "$TOP/roots.txt")" ] &&
		pass "$tag: the dump's roots are the file's GUIDs: $(dump_rows root | cut -d' ' -f2 | tr '\n' ' ')" ||
		fail "$tag: the dump's roots differ from the file: $(dump_rows roots) / $(dump_rows root)"
	[ "$(dump_rows root | grep -c '"spine [01] # row A"$')" -eq 2 ] &&
		grep -q '^vswitch .* "rack-2 hv3"$' "$RUN/tmp/opensm-osmcloud.dump" &&
		grep -q '^ca .* pf .* "hv3 PF"$' "$RUN/tmp/opensm-osmcloud.dump" &&
		pass "$tag: the map's names (with blanks and '#') name the spines, hv3 and its PF in the dump" ||
		fail "$tag: the map's names are missing from the dump"
	# every CA port GUID and LID of opensm's guid2lid, and only those
	awk '{ print $2, $3 }' <(dump_rows ca) | sort >"$RUN/dump-ca.txt"
	awk '{ print $2 }' <(dump_rows switch; dump_rows vswitch) | sort >"$RUN/sw.txt"
	while read -r guid lid _; do
		[ -n "$guid" ] && echo "$guid $((lid))"
	done <"$RUN/cache/guid2lid" | sort | join -v 1 - "$RUN/sw.txt" >"$RUN/g2l-ca.txt"
	cmp -s "$RUN/dump-ca.txt" "$RUN/g2l-ca.txt" &&
		pass "$tag: the dump lists every CA LID of opensm's guid2lid ($(wc -l <"$RUN/g2l-ca.txt") CA ports)" ||
		fail "$tag: the dump's CA LIDs differ from guid2lid: $(diff "$RUN/dump-ca.txt" "$RUN/g2l-ca.txt" | head -4)"
	vms=$(dump_rows ca | awk '$4 == "vm" { print $2, $7 }' | sort)
	[ "$vms" = "$(sort "$TOP/vms.txt")" ] && [ "$(dump_rows ca | awk '$4 == "vf"' | wc -l)" -eq 45 ] &&
		pass "$tag: the dump names the 3 VMs on their VFs and 45 idle VFs" ||
		fail "$tag: the dump's VMs differ from the VM file: $vms"
	[ "$(dump_rows end)" = "end $(dump_rows ca | wc -l) $(($(dump_rows switch | wc -l) + $(dump_rows vswitch | wc -l))) $(dump_rows load | wc -l)" ] &&
		pass "$tag: the end line counts the dump's lines" ||
		fail "$tag: the end line does not count the lines: $(dump_rows end)"
	dump_loads_add_up "$tag"
else
	fail "$tag: opensm did not route with vswitch_ftree"
fi

# -- 2. plain fat-tree: roots= and root_guid_file; CN and I/O lists ------
topo=$TOPOS/ft-k4-n3.net
guid_file "$topo" 'sw-L3-[0-9]+' 0 >"$TOP/l3.txt"
guid_file "$topo" 'sw-L1-0' 0 >"$TOP/wrong-roots.txt"
guid_file "$topo" 'ca-[0-9]*[02468]' 1 >"$TOP/cn.txt"
guid_file "$topo" 'ca-1|ca-2' 1 >"$TOP/io.txt"
tag=plain-lists
if opensm_route "$tag" "$topo" vswitch_ftree \
	"root_guid_file $TOP/wrong-roots.txt" "event_plugin_options roots=$TOP/l3.txt" \
	"cn_guid_file $TOP/cn.txt" "io_guid_file $TOP/io.txt" && engine_used vswitch_ftree; then
	pass "$tag: opensm routed with vswitch_ftree"
	check_dump "$tag" && pass "$tag: the LFTs read back from ibsim pass the checker (no hole, no loop)" ||
		fail "$tag: the LFTs read back from ibsim fail the checker"
	grep -q "roots: from the plugin's roots=$TOP/l3.txt; OpenSM's root_guid_file $TOP/wrong-roots.txt is ignored (roots= wins)" "$RUN/osm.log" &&
		[ "$(dump_rows roots)" = "roots roots=$TOP/l3.txt 16" ] &&
		[ "$(dump_rows root | cut -d' ' -f2 | sort)" = "$(sort "$TOP/l3.txt")" ] &&
		pass "$tag: roots= wins over root_guid_file, said in the log and the dump" ||
		fail "$tag: roots= did not win: $(grep -m1 'roots:' "$RUN/osm.log"); $(dump_rows roots)"
	# 32 CNs listed, ca-2 also an I/O node (I/O wins): 31 compute nodes,
	# the other 33 CAs are routed as I/O nodes
	grep -q "routed 0 VMs, 0 PFs, 0 idle VFs, 31 compute nodes, 33 I/O nodes" "$RUN/osm.log" &&
		[ "$(dump_rows ca | awk '$4 == "compute"' | wc -l)" -eq 31 ] &&
		[ "$(dump_rows ca | awk '$4 == "io"' | wc -l)" -eq 33 ] &&
		pass "$tag: 31 compute nodes (cn_guid_file less io_guid_file) and 33 I/O nodes, none left out" ||
		fail "$tag: $(grep -m1 -o 'routed .* I/O nodes' "$RUN/osm.log")"
	dump_loads_add_up "$tag"
else
	fail "$tag: opensm did not route with vswitch_ftree"
fi

# -- 3. a broken root_guid_file: ERR naming file and line, still routed -
{
	head -n 1 "$TOP/l3.txt"
	echo "0x12345 0x678"
} >"$TOP/broken-roots.txt"
tag=broken-roots
if opensm_route "$tag" "$topo" vswitch_ftree \
	"root_guid_file $TOP/broken-roots.txt" "node_name_map_name $TOP/no-such.map" &&
	engine_used vswitch_ftree; then
	pass "$tag: opensm still routed with vswitch_ftree"
	grep -q "ERR OC02: vswitch_ftree: OpenSM's root_guid_file: $TOP/broken-roots.txt:2: expected one GUID .*; detecting the roots instead" "$RUN/osm.log" &&
		pass "$tag: ERR OC02 names the file and line 2" ||
		fail "$tag: no ERR naming the root file's line: $(grep -m2 ERR "$RUN/osm.log")"
	grep -q "ERR OC02: vswitch_ftree: OpenSM's node_name_map_name: $TOP/no-such.map: No such file" "$RUN/osm.log" &&
		pass "$tag: a missing node name map is an ERR OC02 naming it" ||
		fail "$tag: no ERR for the missing map"
	check_dump "$tag" && pass "$tag: the LFTs read back from ibsim pass the checker (no hole, no loop)" ||
		fail "$tag: the LFTs read back from ibsim fail the checker"
	[ "$(dump_rows roots)" = "roots detected 16" ] &&
		pass "$tag: the dump says the roots were detected" ||
		fail "$tag: $(dump_rows roots)"
else
	fail "$tag: opensm did not route with vswitch_ftree"
fi
finish
