#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# config_check_offline.sh - "osmcloud config-check": the plugin's options
# and every file they name, checked offline with the plugin's own parser
# and readers, against a topology or an ibsim Dump: exit 0 when all is
# usable, 1 listing every problem, 2 on a usage error.  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

net=$top/topologies/vswitch-ft-default.net
mkdir -m 700 "$tmp/run"
vf01=0x0002c90500000011 # hv0-vf1
vf52=0x0002c90500005021 # hv5-vf2
pf0=0x0002c90400000001  # hv0-pf
printf '%s vm-a\n%s vm-b 2\n' $vf01 $vf52 >"$tmp/vms.txt"

# has TEXT: the last command's output holds TEXT
has() {
	grep -qF -- "$1" "$tmp/out" || fail "output lacks: $1"
}

# --- good options, as a string and from an opensm.conf
opts="vms=$tmp/vms.txt state=$tmp/run/vms.state ctl=$tmp/run/osmcloud.sock log_level=info"
expect 0 "good options" "$osmcloud" config-check "$opts" --topo "$net"
has "vms: 2 VMs in $tmp/vms.txt"
has "does not exist yet: seeded at the first routing run"
has "ok: the options and every file they name are usable"
printf 'routing_engine vswitch_ftree\nevent_plugin_name osmcloud\nevent_plugin_options %s\n' \
	"$opts" >"$tmp/opensm.conf"
expect 0 "options from opensm.conf" "$osmcloud" config-check "$tmp/opensm.conf"
has "reading event_plugin_options from $tmp/opensm.conf"

# --- every problem listed, not only the first
{
	echo "$vf01 vm-a"
	echo "$pf0 on-pf"
	echo "0x0002c905deadbee1 ghost"
	printf '%s vm\033[2Jx\n' "$vf52"
} >"$tmp/bad-vms.txt"
printf 'osmcloud-vm-state 3\nvm-s 0x1 %s 3 0\n' $vf01 >"$tmp/run/cut.state"
mkdir -m 1777 "$tmp/open"
chmod 1777 "$tmp/open"
expect 1 "bad files" "$osmcloud" config-check \
	"vms=$tmp/bad-vms.txt state=$tmp/run/cut.state ctl=$tmp/open/s.sock roots=$tmp/none" \
	--topo "$net"
has 'problem: option vms: '"$tmp"'/bad-vms.txt:4: VM name: character 3 is not printable'
has 'problem: option vms: '"$tmp"'/bad-vms.txt:2: VM "on-pf": 0x0002c90400000001 is not a VF port: it is the port of a PF, not of a VF'
has 'bad-vms.txt:3: VM "ghost": 0x0002c905deadbee1 is not a VF port: no port of the topology has this GUID'
has "cut.state: cut short: no end line after line 2 (1 VMs and 0 free VFs read"
has "problem: option ctl: $tmp/open/s.sock: other users can write the folder $tmp/open (mode 1777)"
has "problem: option roots: $tmp/none"
has "6 problem(s)"
grep -q "$(printf '\033')" "$tmp/out" && fail "an escape character was echoed"

# --- options the plugin refuses; a state folder that does not exist
expect 1 "unknown option" "$osmcloud" config-check "vms=$tmp/vms.txt colour=blue"
has 'problem: event_plugin_options: unknown option "colour"'
expect 1 "bad sa_path_caching" "$osmcloud" config-check "sa_path_caching=yes"
has 'problem: event_plugin_options: option sa_path_caching: bad value "yes" (want on or off)'
expect 1 "sa_path_caching twice" "$osmcloud" config-check "sa_path_caching=on sa_path_caching=off"
has 'option sa_path_caching given twice'
expect 0 "sa_path_caching without state" "$osmcloud" config-check "sa_path_caching=on"
has "note: sa_path_caching=on without state=: the PathRecord caching flag stays down"
expect 1 "missing state folder" "$osmcloud" config-check "state=$tmp/no-dir/vms.state"
has "problem: option state: $tmp/no-dir/vms.state: the folder $tmp/no-dir does not exist"

# --- a state file against an ibsim Dump (real LIDs): hv0-vf1 has LID
# 11 there, hv1-vf1 LID 12
small=$top/tests/unit/data/ibsim-dump-small.txt
printf 'osmcloud-vm-state 3\nvm-a %s %s 11 0\nvm-b 0x0002c90500001011 0x0002c90500001011 30 0\nend 2 0\n' \
	$vf01 $vf01 >"$tmp/run/vms.state"
expect 1 "state against a Dump" "$osmcloud" config-check \
	"state=$tmp/run/vms.state" --ibsim-dump "$small"
has 'VM "vm-b" has LID 30, its VF 0x0002c90500001011 (hv1-vf1) has LID 12 in the Dump'
has "1 problem(s)"
sed -i 's/ 30 0$/ 12 0/' "$tmp/run/vms.state"
expect 0 "state that matches the Dump" "$osmcloud" config-check \
	"state=$tmp/run/vms.state" --ibsim-dump "$small"
has "state: 2 VMs and 0 free VFs in $tmp/run/vms.state (version 3)"

# --- usage
expect 2 "no argument" "$osmcloud" config-check
expect 2 "both fabrics" "$osmcloud" config-check "vms=$tmp/vms.txt" --topo "$net" --ibsim-dump x

[ "$failures" -eq 0 ] || exit 1
echo "all osmcloud config-check tests passed"
