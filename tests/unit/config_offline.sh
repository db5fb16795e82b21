#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# config_offline.sh - "osmcloud config": the template names every option,
# engine and OpenSM file and passes "config check" (round trip); a whole
# opensm.conf is read as opensm reads it ('#' comments, the last line of a
# key wins, "(null)") and each wrong line is a named problem, exit 1;
# --json says the same as the text; usage errors exit 2.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

has() {
	grep -qF -- "$1" "$tmp/out" || fail "output lacks: $1"
}

# --- the template: every option, engine and OpenSM file
expect 0 "template" "$osmcloud" config template
cp "$tmp/out" "$tmp/template"
known=$("$osmcloud" config check 'no_such_option=1' |
	sed -n 's/.*(known: \(.*\))$/\1/p' | tr -d ,)
[ -n "$known" ] || fail "the parser's list of options was not found"
for opt in $known; do
	grep -q "^# $opt=" "$tmp/template" || fail "template lacks option $opt"
done
for e in $("$osmcloud" route --help | sed -n 's/^engines: //p'); do
	grep -q "^#   $e: " "$tmp/template" || fail "template lacks engine $e"
done
for key in root_guid_file cn_guid_file io_guid_file node_name_map_name \
	dump_files_dir; do
	grep -q "^#$key /" "$tmp/template" || fail "template lacks $key"
done
has "event_plugin_name osmcloud"
has "event_plugin_options state=/var/lib/osmcloud/vms.state ctl=/run/osmcloud/ctl.sock"
has "routing_engine vswitch_ftree"
has "($("$osmcloud" --version))"
[ "$(grep -vc '^#\|^$' "$tmp/template")" -eq 3 ] ||
	fail "the template sets other lines than the three of the plugin"
if [ -f osmcloud.conf ]; then
	cmp -s osmcloud.conf "$tmp/template" ||
		fail "the built osmcloud.conf is not 'config template'"
fi

# --- round trip: the template (with folders of this test) passes the check
mkdir -m 700 "$tmp/run"
expect 0 "template with folders" "$osmcloud" config template \
	--state-dir "$tmp/run" --run-dir "$tmp/run"
cp "$tmp/out" "$tmp/opensm.conf"
expect 0 "the template passes config check" "$osmcloud" config check \
	"$tmp/opensm.conf" --topo "$top/topologies/vswitch-ft-default.net"
has "event_plugin_name: opensm loads libosmcloud.so"
has "routing_engine: vswitch_ftree"
has "state: $tmp/run/vms.state does not exist yet"
has "ctl: $tmp/run/ctl.sock can be the control socket"
has "ok: the options and every file they name are usable"

# --- OpenSM's reading: comments, the last line wins, "(null)"
printf '0x0002c90300000001\n' >"$tmp/roots"
cat >"$tmp/quirks.conf" <<CONF
event_plugin_name osmcloud
event_plugin_options colour=blue
event_plugin_options log_level=info roots=$tmp/roots # colour=blue is a comment
routing_engine "vswitch_ftree,ftree"
root_guid_file $tmp/roots
io_guid_file $tmp/missing
io_guid_file (null)
CONF
expect 0 "opensm.conf read as opensm reads it" "$osmcloud" config check \
	"$tmp/quirks.conf"
has "routing_engine: vswitch_ftree,ftree"
has "root_guid_file: 1 GUIDs in $tmp/roots"
has "note: roots=$tmp/roots and root_guid_file $tmp/roots are both given: the plugin uses roots="
grep -q io_guid_file "$tmp/out" && fail "io_guid_file (null) was checked"

# --- the node name map is read by the plugin's own reader
printf '# names\n0x0002c90300000001 "spine 1"\n0x0002c90300000002 "leaf 1"\n' >"$tmp/names.map"
printf 'event_plugin_name osmcloud\nnode_name_map_name %s\n' "$tmp/names.map" >"$tmp/map.conf"
expect 0 "a good node name map" "$osmcloud" config check "$tmp/map.conf"
has "node_name_map_name: 2 names in $tmp/names.map"
printf '0x0002c90300000001 "spine 1"\n0x0002c90300000001 "again"\n' >"$tmp/names.map"
expect 1 "a node name map with a GUID twice" "$osmcloud" config check "$tmp/map.conf"
has "problem: node_name_map_name: $tmp/names.map:2:"

# --- every wrong line named, exit 1
long=$(printf 'x%.0s' $(seq 1030))
cat >"$tmp/broken.conf" <<CONF
event_plugin_name other osmcloud,x
event_plugin_options vms=$tmp/missing-vms.txt ctl_group
routing_engine vswitch_ftre,minhop
cn_guid_file $tmp/missing-cn
node_name_map_name $tmp/missing-map
dump_files_dir $tmp/missing-dir
# $long
CONF
expect 1 "a broken opensm.conf" "$osmcloud" config check "$tmp/broken.conf"
has "problem: $tmp/broken.conf:7: longer than 1022 characters"
has "problem: $tmp/broken.conf:1: event_plugin_name: opensm reads \"osmcloud,x\" as one plugin name"
has "problem: $tmp/broken.conf:1: event_plugin_name \"other osmcloud,x\" does not name osmcloud"
has "problem: $tmp/broken.conf:3: routing_engine: unknown engine \"vswitch_ftre\""
has "problem: cn_guid_file: $tmp/missing-cn"
has "problem: node_name_map_name: $tmp/missing-map: No such file"
has "problem: dump_files_dir: $tmp/missing-dir is not a folder"
has 'problem: event_plugin_options: option "ctl_group" is not key=value'
has "8 problem(s)"
cp "$tmp/out" "$tmp/broken.txt"

# --- the same as JSON
expect 1 "a broken opensm.conf, --json" "$osmcloud" config check \
	"$tmp/broken.conf" --json
python3 - "$tmp/out" "$tmp/broken.txt" <<'PY' || fail "--json differs from the text"
import json, sys
doc = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read().splitlines()
problems = [l[len("problem: "):] for l in text if l.startswith("problem: ")]
assert doc["ok"] is False, doc["ok"]
assert doc["problems"] == problems, (doc["problems"], problems)
assert set(doc) == {"ok", "problems", "notes", "checked"}, set(doc)
PY
# a finding that names a path which is no UTF-8 is kept in the JSON
expect 1 "a path that is no UTF-8, --json" "$osmcloud" config check \
	"vms=$tmp/$(printf '\377')x" --json
json_is "$tmp/out" ok false
[ "$(json_value "$tmp/out" problems.0)" != ABSENT ] ||
	fail "the problem with a path that is no UTF-8 is missing from the JSON"
expect 0 "the template, --json" "$osmcloud" config check \
	"$tmp/opensm.conf" --json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["ok"] is True and not d["problems"]' \
	"$tmp/out" || fail "--json of a good file is not ok"

# --- no plugin, no engine of ours
printf 'routing_engine ftree\n' >"$tmp/plain.conf"
expect 1 "a file that does not load the plugin" "$osmcloud" config check \
	"$tmp/plain.conf"
has "problem: $tmp/plain.conf: no event_plugin_name line"
has "note: $tmp/plain.conf:1: routing_engine ftree names none of osmcloud's engines"

# --- a configuration file that is not there is named as one
expect 1 "a missing opensm.conf" "$osmcloud" config check "$tmp/nothere.conf"
has "problem: $tmp/nothere.conf: no such file"
expect 1 "a folder" "$osmcloud" config check "$tmp/run"
has "problem: $tmp/run: not a regular file"

# --- usage
expect 2 "config alone" "$osmcloud" config
expect 2 "unknown action" "$osmcloud" config bogus
grep -q "unknown action 'bogus'" "$tmp/err" || fail "the unknown action is not named"
expect 2 "template with an argument" "$osmcloud" config template extra
expect 2 "check without a file" "$osmcloud" config check
expect 0 "config --help" "$osmcloud" config --help
has "osmcloud config template"

[ "$failures" -eq 0 ] || exit 1
echo "all osmcloud config tests passed"
