# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# json_lib.sh - JSON requests on the plugin's control socket, for the
# ibsim tests (source after common.sh; the test sets $sock and $state).

# jreq TAG JSON: one JSON request; reply in $TOP/TAG.reply, status in JST
jreq() {
	timeout 60 "$OSMCLOUD" ctl --socket "$sock" --timeout 50 --json "$2" \
		>"$TOP/$1.reply" 2>"$TOP/$1.err"
	JST=$?
	sed 's/^/  /' "$TOP/$1.reply" | cut -c 1-400
}

# jget TAG KEY: one member of the reply of TAG ("" when absent)
jget() {
	python3 -c 'import json,sys
r = json.loads(open(sys.argv[1]).read())
v = r.get(sys.argv[2], "")
print(json.dumps(v) if isinstance(v, (bool, list, dict)) else v)' "$TOP/$1.reply" "$2"
}

# qp0: the SMPs opensm has sent so far (console status)
qp0() {
	osm_console status | sed -n 's/.*QP0 MADs sent *: *\([0-9]*\).*/\1/p'
}

# unchanged TAG CODE RESULT MESSAGE JSON: the request answers CODE/RESULT
# with MESSAGE in its message and changes nothing: no SMP (QP0 counter),
# same registry file, same tables in ibsim.
unchanged() {
	local tag=$1 code=$2 result=$3 want=$4 dir=$TOP/$1 q0
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/before.dump"
	cp "$state" "$dir/state.before"
	q0=$(qp0)
	jreq "$tag" "$5"
	sim_cmd Dump >"$dir/$tag.dump"
	[ $JST -eq "$code" ] && [ "$(jget "$tag" code)" = "$code" ] &&
		[ "$(jget "$tag" result)" = "$result" ] && grep -qF -- "$want" "$TOP/$tag.reply" &&
		pass "$tag: $result (status $code): $(jget "$tag" message | head -n 1)" ||
		fail "$tag: want $result/$code with '$want': status $JST, $(cat "$TOP/$tag.reply")"
	[ "$(qp0)" = "$q0" ] && cmp -s "$state" "$dir/state.before" &&
		[ "$(block_diff "$dir/before.dump" "$dir/$tag.dump")" = 0 ] &&
		pass "$tag: nothing sent (QP0 MADs sent stays $q0), registry and tables unchanged" ||
		fail "$tag: QP0 $q0 -> $(qp0), registry or tables changed"
}
