# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# failover_lib.sh - two opensm processes on one ibsim fabric (a master and
# a standby), for failover.sh and real_order.sh.  Source it after
# common.sh.  Each SM has its own folder $TOP/NAME (cache, tmp, log,
# console port) and attaches to its own CA (SIM_HOST; ibsim allows one SM
# per node).  $RUN stays the fabric's folder (ibsim's console and Dumps).

. "$OC_SRCDIR/tests/ibsim/sa_lib.sh"

# sm_conf NAME PRIORITY [config lines...]: $TOP/NAME/osm.conf for one SM:
# osm_conf's lines, this SM's priority and fast SMInfo polling (a standby
# takes over about 5 s after the master stops answering).
sm_conf() {
	local name=$1 prio=$2 fabric=$RUN port=$OSM_PORT
	shift 2
	RUN=$TOP/$name
	mkdir -p "$RUN/cache" "$RUN/tmp"
	OSM_PORT=$(free_port)
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
	local wrapper child
	eval "wrapper=\$SM_PID_$1"
	child=$(pgrep -P "$wrapper")
	[ -n "$child" ] && kill -KILL "$child"
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
