#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The libvirt qemu hook (contrib/libvirt/qemu-osmcloud) driving the plugin
# under ibsim, called with libvirt's own arguments and the domain XML on
# standard input: a guest starts on hv1 (prepare: boot, with the weight
# of its XML metadata), migrates to hv7 (destination's migrate begin:
# migrate; its prepare: done, nothing sent; the source's release: done,
# nothing sent) and shuts down there (release: stop).  hv1's hook reaches
# the plugin through the socket (after a first endpoint that is down),
# hv7's through a relay command that speaks JSON lines, as an ssh forced
# command would ("osmcloud ctl --stdio").  After each step the registry,
# the VF's LID in ibsim and the checker agree.  Guests outside the hook's
# pattern are left alone; a guest name the plugin refuses fails the hook.
. "$OC_SRCDIR/tests/ibsim/common.sh"
start_test libvirt-hook
topo=$TOPOS/vswitch-ft-default.net
sock=$TOP/osmcloud.sock
hook=$OC_SRCDIR/contrib/libvirt/qemu-osmcloud
fillers="1:1 1:2 7:1"
for f in $fillers; do
	echo "$(vf_guid ${f%:*} ${f#*:}) fill-${f%:*}-${f#*:}"
done >"$TOP/vms.txt"
route_and_check start "$topo" \
	"event_plugin_options vms=$TOP/vms.txt state=$TOP/vms.state ctl=$sock" \
	"sweep_on_trap FALSE" "use_ucast_cache FALSE"
heavy_sweep || fail "start: no second heavy sweep"
# the fillers leave hv1-vf1, hv1-vf2 and hv7-vf1 up without a LID
for f in $fillers; do
	ctl stop fill-${f%:*}-${f#*:} || fail "stop fill-$f: $(cat "$TOP/ctl.out")"
done

cat >"$TOP/hv1.conf" <<CONF
[osmcloud]
endpoints = unix:$TOP/down.sock
            unix:$sock
hypervisor = hv1
guests = ^guest
timeout = 30
CONF
cat >"$TOP/hv7.conf" <<CONF
[osmcloud]
endpoints = $OSMCLOUD ctl --socket $sock --timeout 30 --stdio
hypervisor = hv7
guests = ^guest
CONF
cat >"$TOP/guest1.xml" <<'XML'
<domain type='kvm'>
  <name>guest1</name>
  <metadata>
    <oc:vm xmlns:oc="https://osmcloud.org/libvirt/1" weight="2"/>
  </metadata>
</domain>
XML

# hook HOST GUEST OP SUBOP: libvirt's call on HOST; status in HST
hook() {
	local host=$1
	shift
	OSMCLOUD_HOOK_CONF=$TOP/$host.conf timeout 60 "$hook" "$@" - \
		<"$TOP/guest1.xml" >"$TOP/hook.out" 2>&1
	HST=$?
	sed 's/^/  /' "$TOP/hook.out"
}

# after TAG VF LID: VF has LID in ibsim and the checker passes
after() {
	local dir=$TOP/$1
	mkdir -p "$dir"
	sim_cmd Dump >"$dir/$1.dump"
	[ "$(dump_lid "$2" "$dir/$1.dump")" = "$3" ] && pass "$1: $2 has LID $3 in ibsim" ||
		fail "$1: $2 has LID '$(dump_lid "$2" "$dir/$1.dump")', want $3"
	check_dump "$1" && pass "$1: LFTs read back from ibsim pass the checker" ||
		fail "$1: LFTs read back from ibsim fail the checker"
}

requests() { log_count "osmcloud: ctl #[0-9]* .*\"(boot|migrate|stop|\{).* -> "; }

# --- start on hv1
hook hv1 guest1 prepare begin
[ $HST -eq 0 ] && grep -q "boot guest1 on hv1: done: booted guest1 (LID [0-9]*) on hv1: VF hv1-vf1" "$TOP/hook.out" &&
	grep -q "$TOP/down.sock" "$TOP/hook.out" &&
	pass "start: prepare begin booted guest1 on hv1-vf1 (after the endpoint that is down)" ||
	fail "start: status $HST"
lid=$(lid_of guest1)
registry start guest1 hv1-vf1
grep -q "^guest1 .* $lid *2 " "$TOP/ctl.out" && pass "start: guest1 has the XML's weight 2" ||
	fail "start: $(grep '^guest1 ' "$TOP/ctl.out")"
after start hv1-vf1 "$lid"
hook hv1 guest1 prepare begin
[ $HST -eq 0 ] && grep -q "boot guest1 on hv1: done: VM \"guest1\" already runs on \"hv1\".*nothing sent" "$TOP/hook.out" &&
	pass "start again: done, nothing sent" || fail "start again: status $HST"

# --- live migration hv1 -> hv7 (the VF was detached at the source)
hook hv7 guest1 migrate begin
[ $HST -eq 0 ] && grep -q "migrate guest1 on hv7: done: migrated guest1 (LID $lid) from hv1 to hv7" "$TOP/hook.out" &&
	pass "migrate: the destination's migrate begin moved guest1 to hv7 through the relay" ||
	fail "migrate: status $HST"
vf=$(ctl vms && awk '$1 == "guest1" { print $NF }' "$TOP/ctl.out")
case $vf in hv7-vf*) pass "migrate: the registry has guest1 on $vf" ;;
*) fail "migrate: guest1 on '$vf'" ;; esac
after migrate "$vf" "$lid"
n=$(requests)
hook hv7 guest1 prepare begin
st1=$HST
grep -q "already runs on \"hv7\".*nothing sent" "$TOP/hook.out" || st1=x
for phase in "start begin" "started begin"; do
	hook hv7 guest1 $phase
	[ $HST -eq 0 ] && [ ! -s "$TOP/hook.out" ] || st1=x
done
hook hv1 guest1 release end
[ "$st1" = 0 ] && [ $HST -eq 0 ] && grep -q "runs on VF $vf, not on \"hv1\": nothing to stop" "$TOP/hook.out" &&
	[ "$(requests)" -eq $((n + 2)) ] &&
	pass "migrate: destination's prepare done and the source's release stops nothing; start/started ask nothing" ||
	fail "migrate: prepare/start/release statuses $st1 $HST, requests $n -> $(requests)"
registry "after release" guest1 "$vf"

# --- shut down on hv7
hook hv7 guest1 stopped end
hook hv7 guest1 release end
[ $HST -eq 0 ] && grep -q "stop guest1 on hv7: done: stopped guest1 (LID $lid)" "$TOP/hook.out" &&
	pass "shutdown: release end stopped guest1 on hv7" || fail "shutdown: status $HST"
registry shutdown guest1 -
after shutdown "$vf" 0

# --- guests the hook leaves alone, and a name the plugin refuses
n=$(requests)
hook hv1 other prepare begin
[ $HST -eq 0 ] && [ "$(requests)" -eq "$n" ] &&
	pass "pattern: guest 'other' is not the hook's: nothing asked" || fail "pattern: status $HST"
cp "$TOP/vms.state" "$TOP/state.before"
hook hv1 'guest#2' prepare begin
[ $HST -eq 1 ] && grep -q "bad-request: osmcloud boot: VM name: character 6 is '#'" "$TOP/hook.out" &&
	cmp -s "$TOP/vms.state" "$TOP/state.before" &&
	pass "bad name: the hook fails (libvirt refuses the start), the registry is unchanged" ||
	fail "bad name: status $HST"
finish
