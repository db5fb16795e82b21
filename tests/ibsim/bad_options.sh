#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Bad plugin options and files that cannot be read: a clear ERR line
# naming the problem, the plugin registers no engine, opensm routes with
# minhop and keeps running.  (A bad line of a readable VM file costs that
# VM only, a VM file that cannot be read its VMs: registry_inputs.sh.)
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test bad-options

printf '0x0002c90500000011 vm-a\nnot-a-guid vm-b\n' >"$TOP/bad-vms.txt"

# expect_refusal TAG OPTIONS REGEX: opensm with these plugin options logs
# REGEX, refuses the plugin and still reaches SUBNET UP with minhop.
expect_refusal() {
	local tag=$1 opts=$2 re=$3
	if ! opensm_route "$tag" "$TOPOS/vswitch-ft-default.net" vswitch_ftree \
		"event_plugin_options $opts"; then
		fail "$tag: opensm did not come up"
		return
	fi
	grep -qE -- "$re" "$RUN/osm.log" &&
		pass "$tag: $(grep -m1 -oE -- "$re.*" "$RUN/osm.log")" ||
		fail "$tag: no log line matching '$re'"
	grep -q "cannot load plugin" "$RUN/osm.log" &&
		pass "$tag: opensm refused the plugin" ||
		fail "$tag: opensm did not refuse the plugin"
	engine_used minhop && kill -0 "$OSM_PID" &&
		pass "$tag: opensm routed with minhop and keeps running" ||
		fail "$tag: opensm did not fall back to minhop"
}

expect_refusal unknown-key "vms=$TOP/bad-vms.txt colour=blue" 'unknown option "colour"'
expect_refusal missing-file "roots=$TOP/no-such-file.txt" "option roots: .*no-such-file.txt: No such file"
finish
