# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# sa_lib.sh - SA queries from a CA port of the ibsim fabric (umad2sim,
# SIM_HOST picks the port), for the ibsim tests; source after common.sh.

# gid GUID: the port GID of GUID in the default subnet, IPv6 form.
gid() {
	printf 'fe80::%x:%x:%x:%x' $(($1 >> 48 & 0xffff)) \
		$(($1 >> 32 & 0xffff)) $(($1 >> 16 & 0xffff)) $(($1 & 0xffff))
}

# sa_query PEER OUT ARGS...: one saquery from CA PEER, bounded in time.
sa_query() {
	local peer=$1 out=$2
	shift 2
	(cd "$RUN" && SIM_HOST=$peer timeout 20 ibsim-run saquery "$@") \
		>"$out" 2>&1
}

# pr_dlid OUT: the DLID of the one PathRecord in OUT (empty: none).
pr_dlid() {
	awk -F. '/^[[:space:]]*dlid/ { print $NF; exit }' "$1"
}
