# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# failover_lib.sh - two opensm processes on one ibsim fabric (a master and
# a standby), for failover.sh and real_order.sh.  Source it after
# common.sh.  Each SM has its own folder $TOP/NAME (cache, tmp, log,
# console port) and attaches to its own CA (SIM_HOST; ibsim allows one SM
# per node).  $RUN stays the fabric's folder (ibsim's console and Dumps).

. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"

# sm_conf NAME PRIORITY [config lines...]: $TOP/NAME/osm.conf for one SM:
# osm_conf's lines, this SM's priority and fast SMInfo polling (a standby
# takes over about 5 s after the master stops answering); its console
# port in SM_PORT_<NAME>.
sm_conf() {
	local name=$1 prio=$2 fabric=$RUN port=$OSM_PORT
	shift 2
	RUN=$TOP/$name
	mkdir -p "$RUN/cache" "$RUN/tmp"
	OSM_PORT=$(free_port)
	eval "SM_PORT_$name=\$OSM_PORT"
	osm_conf "$RUN/osm.conf" "sm_priority $prio" \
		"sminfo_polling_timeout 1000" "polling_retry_number 3" "$@"
	RUN=$fabric OSM_PORT=$port
}

# sm_start NAME HOST: starts opensm NAME ($SM_BIN, default the system's)
# on CA HOST with vswitch_ftree;
# its PID (the timeout wrapping it) in SM_PID_<NAME> (NAME: letters,
# digits, '_'), NAME added to SM_NAMES.
sm_start() {
	local name=$1 host=$2 dir=$TOP/$1
	(cd "$dir" && SIM_HOST=$host OSM_CACHE_DIR=$dir/cache OSM_TMP_DIR=$dir/tmp \
		LD_LIBRARY_PATH="$OC_PLUGIN_DIR" exec timeout 900 ibsim-run \
		"${SM_BIN:-/usr/sbin/opensm}" -F "$dir/osm.conf" -f "$dir/osm.log" \
		-R vswitch_ftree -D 0x43 >"$dir/osm.out" 2>&1) &
	eval "SM_PID_$name=\$!"
	SM_NAMES="${SM_NAMES:-} $name"
}

# sm_log_wait NAME REGEX COUNT SECONDS: SM NAME's log has COUNT lines
# matching REGEX (polled; fails after SECONDS).
sm_log_wait() {
	local log=$TOP/$1/osm.log i n
	for i in $(seq $(($4 * 20))); do
		n=$(grep -caE -- "$2" "$log" 2>/dev/null)
		[ "${n:-0}" -ge "$3" ] && return 0
		sleep 0.05
	done
	return 1
}

# sm_kill NAME: kills SM NAME's opensm with SIGKILL (a crash: no
# handover), by the PID of the one process its timeout runs.
sm_kill() {
	sm_signal "$1" KILL
}

# sm_signal NAME SIGNAL: sends SIGNAL to SM NAME's opensm (the one
# process its timeout runs) and waits until it has ended.
sm_signal() {
	local wrapper child
	eval "wrapper=\$SM_PID_$1"
	child=$(pgrep -P "$wrapper")
	[ -n "$child" ] && kill -"$2" "$child"
	wait "$wrapper" 2>/dev/null
	eval "SM_PID_$1="
}

# sm_stop_all: stops the SMs still running (ours, by PID).
sm_stop_all() {
	local name pid
	for name in ${SM_NAMES:-}; do
		eval "pid=\${SM_PID_$name:-}"
		stop_pids "$pid"
		eval "SM_PID_$name="
	done
}

# vm_lines SOCKET: the registry of the plugin on SOCKET as sorted
# "name vGUID VF-GUID LID VF-name" lines.
vm_lines() {
	timeout 60 "$OSMCLOUD" ctl --socket "$1" --timeout 50 vms 2>&1 |
		awk 'NF == 6 && $1 != "VM" { print $1, $2, $3, $4, $6 }' | sort
}

# vms_on_fabric TAG LINES: every VM of LINES (vm_lines) has its LID on its
# VF in the Dump $TOP/TAG/TAG.dump; prints how many.
vms_on_fabric() {
	local dump=$TOP/$1/$1.dump name vg vf lid vfname got ok=0 bad=0
	while read -r name vg vf lid vfname; do
		got=$(dump_lid "$vfname" "$dump")
		if [ "$got" = "$lid" ]; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
			echo "  $name: $vfname has LID '$got' in ibsim, the registry says $lid"
		fi
	done <<<"$2"
	echo "$ok $bad"
}

# gir_index1 OUT PEER LID: index 1 of the SA's GUIDInfoRecord (block 0)
# of the port with LID, asked from PEER.
gir_index1() {
	sa_query "$2" "$1" GIR "$3/0"
	awk '/GUID 1\./ { sub(/.*\./, ""); print; exit }' "$1"
}

# sm_in NAME COMMAND...: runs COMMAND (a function of lib.sh or common.sh
# that works on $RUN, $OSM_PORT and $OSM_PID) on SM NAME, in a subshell.
sm_in() {
	local name=$1
	shift
	(
		RUN=$TOP/$name
		eval "OSM_PORT=\$SM_PORT_$name OSM_PID=\$SM_PID_$name"
		"$@"
	)
}

# sm_sweep NAME: one heavy sweep of SM NAME (its console), until its
# SUBNET UP.
sm_sweep() {
	sm_in "$1" heavy_sweep
}

# sm_registry SOCKET: the "registry" member of the plugin's vms reply
# (reconciled, unreconciled; empty when the reply has none).
sm_registry() {
	timeout 60 "$OSMCLOUD" ctl --socket "$1" --timeout 50 --json '{"op":"vms"}' 2>/dev/null |
		python3 -c 'import json, sys
try:
    print(json.load(sys.stdin).get("registry", ""))
except ValueError:
    print("")'
}

# sm_reconciled NAME SOCKET: SM NAME's registry is reconciled with the
# fabric, after at most 4 further heavy sweeps (the reconcile is retried
# at every one); its state in SM_REGISTRY.
sm_reconciled() {
	local i
	for i in 0 1 2 3 4; do
		[ "$i" = 0 ] || sm_sweep "$1" || return 1
		SM_REGISTRY=$(sm_registry "$2")
		[ "$SM_REGISTRY" = unreconciled ] || return 0
	done
	return 1
}

# lid_holders DUMP LID: the linked CA ports of an ibsim Dump that hold
# LID (ibsim leaves an unlinked port its LID: it is not counted).
lid_holders() {
	awk -v l="$2" '$1 == "Ca" { n = $3; getline
		if ($3 !~ /^"/) next
		for (i = 1; i <= NF; i++) if ($i == "lid" && $(i + 1) == l) print n }' "$1" |
		tr -d '"' | sort | xargs
}

# lids_twice DUMP: LIDs that two linked CA ports of an ibsim Dump hold.
lids_twice() {
	awk '$1 == "Ca" { getline
		if ($3 !~ /^"/) next
		for (i = 1; i <= NF; i++) if ($i == "lid" && $(i + 1) != 0) print $(i + 1) }' "$1" |
		sort -n | uniq -d | xargs
}

# vms_kept DUMP BEFORE NOW [INFLIGHT]: judges each VM of BEFORE (vm_lines
# of the registry before the event: where each VM runs) from ibsim's
# DUMP.  A VM is kept when NOW (vm_lines of the registry after) gives it
# the same LID on the same VF and that VF is the one linked CA port
# holding the LID; a VM named in INFLIGHT (blank-separated: its move was
# under way) may be on either VF, the one NOW records.  A VM NOW does not
# know is judged on its VF of BEFORE (and said so).  Prints a line per VM
# not kept, then "KEPT LOST UNKNOWN".
vms_kept() {
	local name vg vf lid vfname now nlid nvf holders kept=0 lost=0 unknown=0
	while read -r name vg vf lid vfname; do
		now=$(awk -v n="$name" '$1 == n { print $4, $5 }' <<<"$3")
		nlid=${now% *} nvf=${now#* }
		if [ -z "$now" ]; then
			nlid=$lid nvf=$vfname unknown=$((unknown + 1))
			echo "  $name: unknown to the registry now; judged on $vfname"
		fi
		case " ${4:-} " in *" $name "*) vfname=$nvf ;; esac
		holders=$(lid_holders "$1" "$lid")
		if [ "$nlid" = "$lid" ] && [ "$nvf" = "$vfname" ] && [ "$holders" = "$nvf" ]; then
			kept=$((kept + 1))
		else
			lost=$((lost + 1))
			echo "  $name: runs on $vfname with LID $lid; registry now LID $nlid on $nvf; linked ports holding LID $lid: ${holders:-none}"
		fi
	done <<<"$2"
	echo "$kept $lost $unknown"
}
