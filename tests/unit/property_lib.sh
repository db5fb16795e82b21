# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# property_lib.sh - what the property tests share (source it; POSIX sh):
# the seeded draw of a random fat-tree, its generation, and how a routed
# fabric is judged.  tests/unit/property_offline.sh runs every engine
# offline on many of them, tests/ibsim/property_ibsim.sh a few under
# opensm.  The caller sets osmcloud (the tool) and dir (a scratch folder
# for f.net); the functions set plain shell variables (documented at
# each).

# ---- random numbers: a 31-bit LCG, the same on every shell ------------

# seed S: starts the sequence of seed S
seed() {
	rng=$(($1 % 2147483648))
	rand 2
	rand 2
}
# rand N: r is a number in 0..N-1
rand() {
	rng=$(((rng * 1103515245 + 12345) % 2147483648))
	r=$((rng / 65536 % $1))
}
# chance P: true P percent of the time
chance() {
	rand 100
	[ "$r" -lt "$1" ]
}

# ---- the fabric ---------------------------------------------------------

# draw_shape: sets shape (a k-ary n-tree of 2-4 levels or a PGFT of 2-4
# levels with oversubscription and parallel cables), leaves (of one core)
# and m1 (hosts per leaf).
draw_shape() {
	if chance 40; then
		rand 3
		k=$((r + 2))
		rand 3
		n=$((r + 2))
		[ "$k" -eq 4 ] && [ "$n" -eq 4 ] && chance 70 && n=3
		shape="--kary $k --levels $n"
		m1=$k
		leaves=1
		while [ "$n" -gt 1 ]; do
			leaves=$((leaves * k))
			n=$((n - 1))
		done
		return
	fi
	rand 3
	h=$((r + 2))
	most=$((h < 4 ? 4 : 3))
	rand 5
	m1=$((r + 1))
	ms=$m1 ws=1 ps=1 leaves=1 l=2
	while [ "$l" -le "$h" ]; do
		rand "$most"
		ms="$ms,$((r + 1))"
		leaves=$((leaves * (r + 1)))
		rand 3
		ws="$ws,$((r + 1))"
		if chance 30; then ps="$ps,2"; else ps="$ps,1"; fi
		l=$((l + 1))
	done
	shape="--pgft $h;$ms;$ws;$ps"
}

# draw_fabric SEED: sets gen (the generator's options, SEED its --seed),
# vswitch (1: hypervisors) and cut (cables to cut): a shape, maybe two or
# three cores, vSwitches and each kind of defect.
draw_fabric() {
	draw_shape
	gen="$shape"
	cores=1
	if chance 25; then
		rand 5
		cores=$((r < 4 ? 2 : 3))
		if chance 50; then links=top; else links=leaf; fi
		gen="$gen --cores $cores --core-links $links"
	fi
	vswitch=0
	if chance 30; then
		vswitch=1
		if chance 50; then
			rand 3
			gen="$gen --vswitch $((r + 1))"
		else
			rand 3
			vfs=$r
			rand 4
			gen="$gen --vf-counts $vfs,$r,1"
		fi
	fi
	gen="$gen --seed $1"
	all_leaves=$((leaves * cores))
	hostless=0
	if [ "$all_leaves" -ge 2 ] && chance 20; then
		rand 2
		hostless=$((r + 1 < all_leaves ? r + 1 : all_leaves - 1))
		gen="$gen --hostless-leaves $hostless"
	fi
	left=$(((all_leaves - hostless) * m1))
	if [ "$left" -ge 2 ] && chance 20; then
		rand 3
		gen="$gen --missing-hosts $((r + 1 < left ? r + 1 : left - 1))"
	fi
	if chance 25; then
		rand 3
		io=$((r + 1))
		where=leaves
		if [ "$vswitch" -eq 1 ] || chance 10; then where=any; fi
		gen="$gen --random-io $io:$where"
	fi
	cut=0
	if chance 35; then
		rand 4
		cut=$((r + 1))
		gen="$gen --cut-links $cut"
	fi
}

# generate: writes $dir/f.net from $gen; a fabric that can lose fewer
# cables than drawn loses as many as it can (the generator says how
# many; gen and cut follow).
generate() {
	# shellcheck disable=SC2086
	if "$osmcloud" gen $gen -q -o "$dir/f.net" 2>"$dir/gen.err"; then
		return 0
	fi
	can=$(sed -n 's/.*--cut-links [0-9]*: only \([0-9]*\) of .*/\1/p' \
		"$dir/gen.err")
	[ -n "$can" ] || return 1
	cut=$can
	if [ "$cut" -eq 0 ]; then
		gen=$(echo "$gen" | sed 's/ --cut-links [0-9]*//')
	else
		gen=$(echo "$gen" | sed "s/ --cut-links [0-9]*/ --cut-links $cut/")
	fi
	# shellcheck disable=SC2086
	"$osmcloud" gen $gen -q -o "$dir/f.net" 2>"$dir/gen.err"
}

# ---- judging ---------------------------------------------------------------

# check_options ENGINE: what osmcloud check must require of ENGINE's tables
# on the fabric just drawn: minimal CA routes unless cables were cut
# (judged on up*/down* paths, the fabric being a fat-tree), and
# for sftree every switch LID (unless it declared pairs unserved: the
# caller's $unserved, 0 when unset) and no credit loop with switch
# sources.
check_options() {
	opts=""
	[ "$cut" -gt 0 ] && opts="--allow-nonminimal"
	[ "$1" = sftree ] && [ "${unserved:-0}" -eq 0 ] &&
		opts="$opts --require-switch-reach"
	[ "$1" = sftree ] && opts="$opts --require-switch-cdg"
	echo "${opts# }"
}

# unserved_pairs FILE: the (switch, switch LID) pairs sftree declares it
# leaves without a route in its summary FILE (0 when it names none); the
# tables must then miss exactly those (osmcloud check --promise).
unserved_pairs() {
	n=$(sed -n 's/^unserved: \([0-9]*\) .*/\1/p' "$1")
	echo "${n:-0}"
}

# refusal FILE: the kind of refusal in a route's error output FILE, empty
# when it is none the property tests accept: "R4" for "not a fat-tree
# (rule R4 ...)", "vswitch" for a pftree engine given a vSwitch fabric.
refusal() {
	rule=$(sed -n 's/.*not a fat-tree (rule \(R[0-9]\).*/\1/p' "$1" | head -n 1)
	if [ -n "$rule" ]; then
		echo "$rule"
	elif grep -q "the pftree engines route plain fat-trees" "$1"; then
		echo vswitch
	fi
}

# json FILE KEY: the value of KEY in osmcloud check's JSON report FILE.
json() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1])).get(sys.argv[2], "")
print(v if isinstance(v, str) else json.dumps(v))' "$1" "$2"
}

# failure_kinds ENGINE FILE: the failures in osmcloud check's JSON report
# FILE on ENGINE's tables, e.g. "ca-hole ca-credit-loop".
failure_kinds() {
	kinds=""
	[ "$(json "$2" ca_holes)" != 0 ] && kinds="$kinds ca-hole"
	[ "$(json "$2" ca_loops)" != 0 ] && kinds="$kinds ca-loop"
	[ "$(json "$2" ca_wrong)" != 0 ] && kinds="$kinds ca-wrong"
	[ "$(json "$2" switch_loops)" != 0 ] && kinds="$kinds switch-loop"
	[ "$(json "$2" cdg_ca_cycle)" = true ] && kinds="$kinds ca-credit-loop"
	if [ "$1" = sftree ]; then
		[ "$unserved" -eq 0 ] && [ "$(json "$2" switch_holes)" != 0 ] &&
			kinds="$kinds switch-hole"
		[ "$(json "$2" switch_wrong)" != 0 ] && kinds="$kinds switch-wrong"
		[ "$(json "$2" cdg_all_cycle)" = true ] &&
			kinds="$kinds switch-credit-loop"
	fi
	[ "$cut" -eq 0 ] && [ "$(json "$2" nonminimal_ca_pairs)" != 0 ] &&
		kinds="$kinds nonminimal"
	[ -n "$kinds" ] || kinds=" check-failed"
	echo "${kinds# }"
}

# gen_command: the generator's options as a shell command line.
gen_command() {
	echo "osmcloud gen $(echo "$gen" | sed "s/--pgft \([^ ]*\)/--pgft '\1'/")"
}
