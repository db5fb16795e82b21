#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Checking a live fabric from the files an administrator has (docs/
# user-guide.md, "Checking a production fabric"): stock opensm with the
# plugin routes a vSwitch fat-tree and a plain fat-tree under ibsim; then
# ibnetdiscover and dump_lfts read the fabric through umad2sim, opensm
# has written opensm-lfts.dump, opensm.fdbs and opensm-subnet.lst, and
# 'osmcloud check' on each pair of them gives the verdict and figures it
# gives on ibsim's own Dump of the same fabric.  A hole made in the
# dumped tables fails the check, which names it.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test live-check
DUMP_LFTS=$(command -v dump_lfts.sh || command -v dump_lfts) ||
	fail "no dump_lfts(.sh) (infiniband-diags)"

# diag TOOL OUT [ARGS]: runs an infiniband-diags tool against this run's
# ibsim.
diag() {
	local tool=$1 out=$2
	shift 2
	(cd "$RUN" && LD_PRELOAD=$SIM_LIB timeout 120 "$tool" "$@" >"$out" 2>"$out.err")
}

# report TAG NAME ARGS...: 'osmcloud check ARGS --json' of run TAG into
# NAME.json without its "input" member (the file names), the examples
# of unreachable LIDs and the hottest links (the first few, among equals
# in the file's switch order, which each file lists in its own); its
# status.
report() {
	local tag=$1 name=$2 dir=$TOP/$1 status
	shift 2
	"$OSMCLOUD" check "$@" --json >"$dir/$name.full.json" \
		2>"$dir/$name.err"
	status=$?
	python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
for key in ("input", "ca_examples", "switch_examples", "hot_links"):
    r.pop(key)
json.dump(r, open(sys.argv[2], "w"), indent=1, sort_keys=True)' \
		"$dir/$name.full.json" "$dir/$name.json" || status=2
	return $status
}

# triples DUMP: an opensm-lfts.dump as sorted "switch-GUID LID port".
triples() {
	awk '/^Unicast lids/ { for (i = 1; i <= NF; i++) if ($i == "guid") g = $(i + 1) }
	     /^0x[0-9a-f]+ [0-9]+ / { print g, $1, $2 }' "$1" | sort
}

live_fabric() {
	local tag=$1 topo=$2 dir=$TOP/$1 name pair
	if ! opensm_route "$tag" "$topo" vswitch_ftree || ! engine_used vswitch_ftree; then
		fail "$tag: opensm did not route with vswitch_ftree"
		return
	fi
	diag ibnetdiscover "$dir/ibnet.out" || fail "$tag: ibnetdiscover failed: $(cat "$dir/ibnet.out.err")"
	diag "$DUMP_LFTS" "$dir/lfts.out" || fail "$tag: dump_lfts failed: $(cat "$dir/lfts.out.err")"
	# ibroute, one switch at a time (by the LIDs ibnetdiscover gives),
	# the outputs concatenated
	for lid in $(sed -n 's/^Switch.* lid \([0-9]*\) .*/\1/p' "$dir/ibnet.out"); do
		diag ibroute "$dir/ibroute.one" "$lid" &&
			cat "$dir/ibroute.one" || fail "$tag: ibroute $lid failed"
	done >"$dir/ibroute.out"
	report "$tag" reference --ibsim-dump "$dir/$tag.dump" ||
		fail "$tag: ibsim's Dump fails the check: $(cat "$dir/reference.err")"
	pass "$tag: ibsim's Dump passes: $(python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print(r["switches"], "switches,", r["ca_ports"], "CA ports,", r["lids"], "LIDs,",
      r["ca_ca_pairs"], "CA pairs, max link load", r["link_load_max"])' "$dir/reference.json")"
	for pair in "ibnet-dumplfts:--topo $dir/ibnet.out --lfts $dir/lfts.out" \
		"subnetlst-fdbs:--subnet-lst $dir/tmp/opensm-subnet.lst --lfts $dir/tmp/opensm.fdbs" \
		"ibnet-lftsdump:--topo $dir/ibnet.out --lfts $dir/tmp/opensm-lfts.dump" \
		"ibnet-fdbs-named:--topo $dir/ibnet.out --lfts $dir/tmp/opensm.fdbs --lfts-format fdbs" \
		"ibnet-ibroute:--topo $dir/ibnet.out --lfts $dir/ibroute.out"; do
		name=${pair%%:*}
		# shellcheck disable=SC2086
		if report "$tag" "$name" ${pair#*:} &&
			cmp -s "$dir/reference.json" "$dir/$name.json"; then
			pass "$tag: $name: same verdict and figures as ibsim's Dump"
		else
			fail "$tag: $name differs from ibsim's Dump:" \
				"$(diff "$dir/reference.json" "$dir/$name.json" | head -n 6) $(cat "$dir/$name.err")"
		fi
	done
	# the round trip: ibnetdiscover's file and the subnet list hold the
	# nodes, links and LIDs opensm routed: offline routing gives opensm's
	# tables entry for entry, without a guid2lid file
	for name in "ibnet:--topo $dir/ibnet.out" "subnetlst:--subnet-lst $dir/tmp/opensm-subnet.lst"; do
		# shellcheck disable=SC2086
		if "$OSMCLOUD" route ${name#*:} -q -o "$dir/${name%%:*}.route" &&
			cmp -s <(triples "$dir/tmp/opensm-lfts.dump") <(triples "$dir/${name%%:*}.route"); then
			pass "$tag: routing ${name%%:*} offline gives opensm's tables ($(triples "$dir/${name%%:*}.route" | wc -l) entries)"
		else
			fail "$tag: routing ${name%%:*} offline differs from opensm's tables"
		fi
	done
	broken_table "$tag"
}

# broken_table TAG: one CA LID's entry removed from the third switch of
# dump_lfts' output: check fails (status 1) and names that hole.
broken_table() {
	local tag=$1 dir=$TOP/$1 line lid sw owner
	line=$(awk '/^Unicast/ { n++; sub(/.*\(/, ""); sub(/\):.*/, ""); sw = $0 }
		n == 3 && /Channel Adapter/ { print sw "|" $1; exit }' "$dir/lfts.out")
	sw=${line%%|*} lid=${line#*|}
	awk -v lid="$lid" '/^Unicast/ { n++ } !(n == 3 && $1 == lid)' \
		"$dir/lfts.out" >"$dir/broken.out"
	owner=$(grep -m1 "^$lid " "$dir/lfts.out" | sed "s/.*: '\(.*\)')/\1/")
	"$OSMCLOUD" check --topo "$dir/ibnet.out" --lfts "$dir/broken.out" \
		>"$dir/broken.txt" 2>&1
	local status=$?
	if [ $status -eq 1 ] &&
		grep -q "switch \"$sw\" to LID $((lid)) (\"$owner\"): hole" "$dir/broken.txt"; then
		pass "$tag: a removed entry fails the check: $(grep -m1 'e.g.' "$dir/broken.txt" | sed 's/^ *//')"
	else
		fail "$tag: removing LID $lid from \"$sw\" gave status $status: $(head -n 4 "$dir/broken.txt")"
	fi
}

# round_trip TAG TOPO: ibnetdiscover's file of TOPO under ibsim (routed
# by opensm's minhop: only the LIDs matter) holds TOPO's nodes, links
# and LIDs: routing both offline, TOPO with opensm's guid2lid, gives the
# same tables.
round_trip() {
	local tag=$1 topo=$2 dir=$TOP/$1
	if ! opensm_route "$tag" "$topo" minhop; then
		fail "$tag: opensm did not come up"
		return
	fi
	diag ibnetdiscover "$dir/ibnet.out" || fail "$tag: ibnetdiscover failed"
	"$OSMCLOUD" route --topo "$topo" --guid2lid "$dir/cache/guid2lid" -q \
		-o "$dir/original.route" || fail "$tag: routing the original failed"
	"$OSMCLOUD" route --topo "$dir/ibnet.out" -q -o "$dir/ibnet.route" ||
		fail "$tag: routing ibnetdiscover's file failed"
	if [ -s "$dir/ibnet.route" ] &&
		cmp -s <(triples "$dir/original.route") <(triples "$dir/ibnet.route"); then
		pass "$tag: ibnetdiscover's file routes as the original ($(triples "$dir/ibnet.route" | wc -l) entries)"
	else
		fail "$tag: ibnetdiscover's file routes differently from the original"
	fi
}

live_fabric vsw "$TOPOS/vswitch-ft-default.net"
live_fabric ft "$TOPOS/ft-k4-n3.net"
for t in vswitch-ft-storage vswitch-ft-uneven-vfs vswitch-ft-missing-hv \
	vswitch-ft-missing-link; do
	round_trip "$t" "$TOPOS/$t.net"
done
finish
