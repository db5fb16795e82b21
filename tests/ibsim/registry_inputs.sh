#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# One bad input never costs the fabric: a VM file line naming no port, a
# PF or a bad name is an ERR naming file, line and VM and vswitch_ftree
# routes the other VMs (with and without state=); a state file cut short,
# a state= folder that does not exist and a ctl= folder other users can
# write turn the VM operations (or the socket) off, never routing; a VM
# recorded on a PF is held (its operations refused); so do
# a state= path that is a FIFO or a link to /dev/zero; a vms= file that
# cannot be read costs its VMs, not the plugin.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test registry-inputs
topo=$TOPOS/vswitch-ft-default.net
pf0=0x0002c90400000001 # hv0-pf's port GUID
{
	echo "$(vf_guid 0 1) vm-a"
	echo "$pf0 on-pf"
	echo "0x0002c905deadbee1 ghost"
	printf '%s vm\033[2Jx\n' "$(vf_guid 1 1)"
	echo "not-a-guid vm-x"
	echo "$(vf_guid 5 2) vm-b 2"
} >"$TOP/vms.txt"

# expect_log TAG REGEX WHAT: this run's log has REGEX.
expect_log() {
	grep -qE -- "$2" "$RUN/osm.log" && pass "$1: $3" ||
		fail "$1: no log line matching '$2'"
}

# no_escape TAG: no escape character reached opensm's log.
no_escape() {
	! grep -q $'\033' "$RUN/osm.log" && pass "$1: no control character reached the log" ||
		fail "$1: an escape character reached the log"
}

# --- the VM file alone: the good VMs are routed by vswitch_ftree
route_and_check vms "$topo" "event_plugin_options vms=$TOP/vms.txt"
expect_log vms 'ERR OC02: vswitch_ftree: option vms: .*/vms.txt:2: VM "on-pf": 0x0002c90400000001 is not a VF port: it is the port of a PF' \
	"the PF's GUID is an ERR naming file, line and VM"
expect_log vms 'vms.txt:3: VM "ghost": 0x0002c905deadbee1 is not a VF port: no port' \
	"a GUID of no port is an ERR naming file, line and VM"
expect_log vms 'vms.txt:4: VM name: character 3 is not printable.*line is skipped' \
	"a name with an escape sequence is an ERR naming the line"
expect_log vms 'vms.txt:5: bad VF GUID' "a bad GUID is an ERR naming the line"
expect_log vms 'vswitch_ftree: routed 2 VMs' "vswitch_ftree routed the 2 good VMs"
no_escape vms

# --- first start with state=: the registry is seeded with the good VMs
state=$TOP/vms.state
route_and_check seed "$topo" "event_plugin_options vms=$TOP/vms.txt state=$state"
expect_log seed 'vms.txt:2: VM "on-pf": VF 0x0002c90400000001: it is the port of a PF, not of a VF; this VM is left out of the registry' \
	"seeding leaves the VM on a PF out, naming file, line and VM"
expect_log seed "seeded $state with 2 VMs" "the registry was seeded with the 2 good VMs"
expect_log seed 'vswitch_ftree: routed 2 VMs' "vswitch_ftree routed them"
[ "$(tail -n 1 "$state")" = "end 2 0" ] && pass "seed: the state file ends with 'end 2 0'" ||
	fail "seed: last line of the state file: $(tail -n 1 "$state")"
no_escape seed

# --- a state file that puts vm-a on a PF (with the PF's LID): the record
# the fabric refutes is an ERR naming VM and reason, the VM is held (kept,
# its operations refused), routing goes on (issue 25)
pf_lid=$(dump_lid hv0-pf "$TOP/seed/seed.dump")
awk -v pf="$pf0" -v l="$pf_lid" '$1 == "vm-a" { $3 = pf; $4 = l } { print }' "$state" >"$TOP/held.state"
sock=$TOP/held.sock
route_and_check held "$topo" "event_plugin_options state=$TOP/held.state ctl=$sock"
expect_log held "ERR OC02: osmcloud: option state: VM \"vm-a\" is held: its record in the state file \\(VF $pf0, LID $pf_lid\\) contradicts the fabric: its VF $pf0 is no VF: it is the port of a PF" \
	"the VM on a PF is an ERR naming it and the reason"
[ "$(log_count 'VM "vm-a" is held: its record')" -eq 1 ] && pass "held: one ERR however many runs" ||
	fail "held: $(log_count 'VM "vm-a" is held: its record') ERR lines"
expect_status 5 "held: migrate of the held VM (unreconciled)" 'VM "vm-a" is held: its record in the state file (VF' \
	migrate vm-a hv3
grep -q "^vm-a .* $pf0 $pf_lid " "$TOP/held.state" && pass "held: the VM is kept in the state file" ||
	fail "held: vm-a's record changed: $(grep '^vm-a ' "$TOP/held.state")"
# hv0-pf is the SM's port: a state file never takes its LID away
[ "$(dump_lid hv0-pf "$TOP/held/held.dump")" = "$pf_lid" ] &&
	[ "$(lid_ports "$pf_lid" "$TOP/held/held.dump")" = 1 ] &&
	pass "held: the SM's port hv0-pf keeps its LID $pf_lid, on no other port" ||
	fail "held: hv0-pf has LID $(dump_lid hv0-pf "$TOP/held/held.dump"), $(lid_ports "$pf_lid" "$TOP/held/held.dump") port(s) LID $pf_lid"

# --- the state file cut short (its end line lost): refused by name, the
# VM operations off, routing on, the file left alone
head -n -1 "$state" >"$TOP/cut.state"
cp "$TOP/cut.state" "$TOP/cut.state.orig"
sock=$TOP/cut.sock
route_and_check cut "$topo" "event_plugin_options state=$TOP/cut.state ctl=$sock"
expect_log cut 'ERR OC02: osmcloud: option state: .*/cut.state: cut short: no end line after line [0-9]+ \(2 VMs and 0 free VFs read.*VM operations \(migrate, boot, stop\) are off' \
	"the cut file is named, with what is missing, and the operations are off"
refuse "cut: migrate with the operations off" "VM operations are off: option state: .*cut short" \
	migrate vm-a hv3
cmp -s "$TOP/cut.state" "$TOP/cut.state.orig" && [ ! -e "$TOP/cut.state.pending" ] &&
	pass "cut: the state file is untouched" || fail "cut: the state file was changed"

# --- a state= folder that does not exist: caught at load
route_and_check nodir "$topo" "event_plugin_options vms=$TOP/vms.txt state=$TOP/no-such-dir/vms.state"
expect_log nodir "option state: .*/no-such-dir/vms.state: the folder .*/no-such-dir does not exist; VM operations" \
	"the missing folder is an ERR at load"
expect_log nodir 'vswitch_ftree: routed 2 VMs' "vswitch_ftree routes the VM file's VMs"
[ ! -e "$TOP/no-such-dir" ] && pass "nodir: nothing was created" || fail "nodir: the folder appeared"

# --- state= that is no regular file (issue 25): a FIFO would hang opensm
# before its first SUBNET UP, a link to /dev/zero grow it without bound.
# Each is an ERR naming it, the VM operations are off, routing goes on.
# state_not_a_file TAG PATH WHAT: opensm with state=PATH routes with
# vswitch_ftree, logs "PATH WHAT" and refuses a migrate.
state_not_a_file() {
	local tag=$1 path=$2 what=$3
	sock=$TOP/$tag.sock
	route_and_check "$tag" "$topo" "event_plugin_options vms=$TOP/vms.txt state=$path ctl=$sock"
	expect_log "$tag" "ERR OC02: osmcloud: option state: $path is $what, not a regular file; VM operations \\(migrate, boot, stop\\) are off" \
		"the state= path is an ERR naming it and what it is"
	expect_log "$tag" 'vswitch_ftree: routed 2 VMs' "vswitch_ftree routes the VM file's VMs"
	refuse "$tag: migrate with the operations off" "VM operations are off: option state: $path is $what" \
		migrate vm-a hv3
}
mkfifo "$TOP/fifo.state"
state_not_a_file fifo "$TOP/fifo.state" "a FIFO"
# (route_and_check reached SUBNET UP: the first sweep as master, which
# re-reads a usable state file, did not block on the FIFO; the re-read's
# own refusal of a FIFO is test_vmreg_file's)
[ -p "$TOP/fifo.state" ] && pass "fifo: the FIFO is left alone" || fail "fifo: the FIFO was replaced"
ln -s /dev/zero "$TOP/zero.state"
state_not_a_file zero "$TOP/zero.state" "a symbolic link"
[ -L "$TOP/zero.state" ] && pass "zero: the link is left alone" || fail "zero: the link was replaced"

# --- a vms= file that cannot be read costs its VMs, not the plugin
# (issue 25): an ERR naming it, vswitch_ftree routes with no VMs, and a
# registry is not seeded (empty) from it
route_and_check novms "$topo" "event_plugin_options vms=$TOP/no-such-vms.txt"
expect_log novms 'ERR OC02: osmcloud: option vms: .*/no-such-vms.txt: No such file or directory; no VMs from this file' \
	"the missing vms= file is an ERR naming it"
! grep -q "cannot load plugin" "$RUN/osm.log" && pass "novms: opensm kept the plugin" ||
	fail "novms: opensm refused the plugin"
expect_log novms 'vswitch_ftree: routed 0 VMs' "vswitch_ftree routed, with no VMs"
mkfifo "$TOP/vms.fifo"
route_and_check fifovms "$topo" "event_plugin_options vms=$TOP/vms.fifo state=$TOP/wait.state"
expect_log fifovms 'ERR OC02: osmcloud: option vms: .*/vms.fifo: is a FIFO, not a regular file; no VMs from this file' \
	"a FIFO as vms= is an ERR naming it, opensm did not hang"
expect_log fifovms 'option state: .*/wait.state is not seeded while the vms= file .*/vms.fifo cannot be read' \
	"the registry waits for the vms= file"
[ ! -e "$TOP/wait.state" ] && pass "fifovms: no empty registry was written" ||
	fail "fifovms: the registry was seeded without the vms= file"

# --- a ctl= folder other users can write: refused, routing goes on
mkdir -m 1777 "$TOP/open"
chmod 1777 "$TOP/open"
route_and_check open "$topo" "event_plugin_options ctl=$TOP/open/osmcloud.sock"
expect_log open "option ctl: .*/open/osmcloud.sock: other users can write the folder .*/open \(mode 1777\).*no control socket" \
	"the world-writable folder is refused at load"
[ ! -e "$TOP/open/osmcloud.sock" ] && pass "open: no socket was created there" ||
	fail "open: a socket was created in the world-writable folder"
finish
