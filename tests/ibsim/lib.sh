# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# lib.sh - shared helpers of the ibsim integration tests and the demo.
#
# Source it.  Every run lives in its own scratch folder with its own
# IBSIM_SOCKNAME, OSM_CACHE_DIR, OSM_TMP_DIR and console port, so runs never
# meet each other or a system opensm.  Only processes this file started are
# stopped, by the PIDs it recorded.

SIM_LIB=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

# run_init TAG: makes $TOP, the scratch folder of a test or demo.
run_init() {
	TOP=$(mktemp -d "${TMPDIR:-/tmp}/osmcloud-$1.XXXXXX") || return 1
	RUN=$TOP SIM_PID= OSM_PID=
}

# run_new NAME: $RUN = $TOP/NAME, a fresh folder for one ibsim + opensm
# run with its own socket name, opensm cache and console port.
run_new() {
	RUN=$TOP/$1
	mkdir -p "$RUN/cache" "$RUN/tmp" || return 1
	export IBSIM_SOCKNAME="oc-$1-$$-$RANDOM"
	export OSM_CACHE_DIR=$RUN/cache OSM_TMP_DIR=$RUN/tmp
	OSM_PORT=$(free_port)
}

# free_port: a TCP port in 20000..39999 that nothing listens on now (a
# random one, so concurrent runs rarely pick the same).
free_port() {
	local port hex
	while :; do
		port=$((20000 + ($$ + RANDOM) % 20000))
		hex=$(printf '%04X' "$port")
		awk '$4 == "0A" { print $2 }' /proc/net/tcp /proc/net/tcp6 2>/dev/null |
			grep -q ":$hex$" || break
	done
	echo "$port"
}

# sim_ready PID: ibsim's control socket exists and belongs to PID (the
# kernel shows the abstract name "@NAME:ctl" padded with a trailing "@").
sim_ready() {
	local ino
	ino=$(awk -v n="@${IBSIM_SOCKNAME}:ctl@" '$8 == n {print $7}' /proc/net/unix)
	[ -n "$ino" ] && ls -l "/proc/$1/fd" 2>/dev/null | grep -q "socket:\[$ino\]"
}

# sim_start NETFILE [ibsim options]: starts ibsim on a read-write fifo (an
# EOF on its stdin makes it spin) and waits until its socket is up.
sim_start() {
	local net=$1 i
	shift
	mkfifo "$RUN/sim.fifo" || return 1
	ibsim -s "$@" "$net" <>"$RUN/sim.fifo" >"$RUN/sim.out" 2>"$RUN/sim.err" &
	SIM_PID=$!
	for i in $(seq 3000); do
		if ! kill -0 "$SIM_PID" 2>/dev/null; then
			echo "ibsim died: $(tail -n 2 "$RUN/sim.err")" >&2
			SIM_PID=
			return 1
		fi
		sim_ready "$SIM_PID" && return 0
		sleep 0.05
	done
	echo "ibsim did not come up in 150 s" >&2
	return 1
}

# sim_cmd COMMAND: runs one ibsim console command, prints its output.
sim_cmd() {
	local mark="#OCMARK-$$-$RANDOM$RANDOM" off i
	off=$(stat -c %s "$RUN/sim.out")
	printf '%s\n%s\n' "$1" "$mark" >"$RUN/sim.fifo"
	for i in $(seq 6000); do
		tail -c +$((off + 1)) "$RUN/sim.out" | grep -qaF -- "$mark" && break
		sleep 0.05
	done
	tail -c +$((off + 1)) "$RUN/sim.out" | sed -e "s/$mark.*//" -e 's/^sim> //'
}

# sim_asleep: ibsim is inside a "Wait N" console command (its thread
# sleeps in nanosleep instead of polling its sockets), within 30 s.
sim_asleep() {
	local i
	for i in $(seq 600); do
		grep -q nanosleep "/proc/$SIM_PID/wchan" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# osm_smps_outstanding: opensm has SMPs waiting for an answer (its
# console's "QP0 MADs outstanding"), within 30 s.
osm_smps_outstanding() {
	local i n
	for i in $(seq 300); do
		n=$(osm_console status | sed -n 's/.*QP0 MADs outstanding *: *\([0-9]*\).*/\1/p')
		[ "${n:-0}" -gt 0 ] && return 0
		sleep 0.1
	done
	return 1
}

# osm_conf FILE [extra config lines...]: an opensm config for this run with
# the plugin ($OSM_PLUGIN when set, e.g. osmcloudfault: the test build),
# quiet sweeps and a loopback console.
osm_conf() {
	local file=$1
	shift
	{
		echo "event_plugin_name ${OSM_PLUGIN:-osmcloud}"
		echo "console loopback"
		echo "console_port $OSM_PORT"
		echo "sweep_interval 0"
		echo "force_log_flush TRUE"
		echo "partition_config_file $RUN/partitions.conf"
		echo "qos_policy_file $RUN/qos-policy.conf"
		echo "dump_files_dir $RUN/tmp"
		for line in "$@"; do echo "$line"; done
	} >"$file"
	# opensm logs an empty partition file as an ERROR: give the default,
	# or $OSM_PARTITIONS when a test sets it (partitions.conf syntax)
	printf '%s\n' "${OSM_PARTITIONS:-Default=0x7fff : ALL=full ;}" \
		>"$RUN/partitions.conf"
}

# osm_start CONF [opensm options]: starts opensm ($OSM_BIN, default the
# system's /usr/sbin/opensm) under ibsim with the plugin
# from the build tree, logging to $RUN/osm.log.
osm_start() {
	local conf=$1
	shift
	(cd "$RUN" && LD_LIBRARY_PATH="$OC_PLUGIN_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
		exec timeout "${OSM_TIMEOUT:-900}" ibsim-run "${OSM_BIN:-/usr/sbin/opensm}" \
		-F "$conf" -f "$RUN/osm.log" "$@" >"$RUN/osm.out" 2>&1) &
	OSM_PID=$!
}

# log_count REGEX: number of opensm log lines matching REGEX.
log_count() {
	local n
	n=$(grep -caE -- "$1" "$RUN/osm.log" 2>/dev/null)
	echo "${n:-0}"
}

# wait_log REGEX COUNT SECONDS: waits until REGEX matched COUNT lines of the
# opensm log; fails when opensm exited or time ran out.
wait_log() {
	local re=$1 count=$2 secs=$3 i
	for i in $(seq $((secs * 20))); do
		[ "$(log_count "$re")" -ge "$count" ] && return 0
		kill -0 "$OSM_PID" 2>/dev/null || break
		sleep 0.05
	done
	[ "$(log_count "$re")" -ge "$count" ]
}

# osm_settle [SECONDS]: waits until opensm's log has been still for half
# a second (no sweep running, none about to follow an erroneous one: with
# sweep_interval 0 an idle opensm logs nothing), at most SECONDS (30).
osm_settle() {
	local secs=${1:-30} size last=-1 still=0 i
	for i in $(seq $((secs * 20))); do
		size=$(stat -c %s "$RUN/osm.log" 2>/dev/null)
		if [ "$size" = "$last" ]; then
			still=$((still + 1))
			[ "$still" -ge 10 ] && return 0
		else
			still=0 last=$size
		fi
		sleep 0.05
	done
	return 1
}

# osm_console COMMAND: one command on opensm's loopback console (one line
# per round trip, as the console requires); prints the output.
osm_console() {
	local out
	exec 7<>"/dev/tcp/127.0.0.1/$OSM_PORT" || return 1
	IFS= read -r -t 10 -d '$' -u 7 _ || { exec 7>&-; return 1; }
	printf '%s\n' "$1" >&7
	IFS= read -r -t 60 -d '$' -u 7 out
	printf 'quit\n' >&7
	exec 7>&-
	printf '%s\n' "${out%OpenSM }"
}

# stop PID...: stops the given processes (ours only) and waits for them.
stop_pids() {
	local pid
	for pid in "$@"; do
		[ -n "$pid" ] && kill "$pid" 2>/dev/null
	done
	for pid in "$@"; do
		[ -n "$pid" ] && wait "$pid" 2>/dev/null
	done
	return 0
}

# run_stop: stops this run's opensm first (it disconnects cleanly), then
# its ibsim; keeps their files.
run_stop() {
	stop_pids "$OSM_PID"
	stop_pids "$SIM_PID"
	OSM_PID= SIM_PID=
	rm -rf "$RUN"/sys-* "$RUN/sim.fifo"
}

# run_cleanup: stops what still runs; removes $TOP unless KEEP_RUN is set.
run_cleanup() {
	run_stop
	[ -n "${KEEP_RUN:-}" ] || rm -rf "$TOP"
}
