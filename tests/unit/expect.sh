# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# expect.sh - the harness of the shell tests of the osmcloud tool (source
# it from a test run by make check, in the build folder).  Sets top (the
# source tree), osmcloud (the tool), tmp (a scratch folder removed on
# exit), and the functions fail and expect; finish_tests ends the test.

top=${srcdir:-.}
osmcloud=./osmcloud
[ -x "$osmcloud" ] || { echo "FAIL: $osmcloud not built"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect STATUS DESCRIPTION COMMAND...: the command exits with STATUS;
# its output stays in $tmp/out and $tmp/err
expect() {
	want=$1
	what=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "$what: exit $got, want $want"
		sed 's/^/    /' "$tmp/out" "$tmp/err"
	else
		echo "ok: $what"
	fi
}

# json_value FILE PATH: a value of the JSON object in FILE (one line, as
# every --json prints it), PATH its keys and indices joined by dots
# (tenants.partitions.0.name): a string bare, anything else as JSON
# (true, null, 300.0, [], {"a":1}); "ABSENT" when the path leads nowhere
# and "NOT-JSON" when FILE is not one JSON object on one line.
json_value() {
	python3 -c 'import json, sys
text = open(sys.argv[1]).read()
try:
    v = json.loads(text)
    assert isinstance(v, dict) and text.endswith("\n") and text.count("\n") == 1
except (ValueError, AssertionError):
    print("NOT-JSON"); sys.exit()
for k in sys.argv[2].split("."):
    try:
        v = v[int(k)] if isinstance(v, list) else v[k]
    except (KeyError, IndexError, ValueError, TypeError):
        print("ABSENT"); sys.exit()
print(v if isinstance(v, str) else json.dumps(v, separators=(",", ":")))' \
		"$1" "$2"
}

# json_is FILE PATH VALUE: json_value FILE PATH is VALUE, or a failure
# naming both.
json_is() {
	jv=$(json_value "$1" "$2")
	[ "$jv" = "$3" ] || fail "$1: $2 is $jv, not $3"
}

# serve_lines SOCKET N ANSWERS: tests/unit/line_server.py on SOCKET for
# N connections in the background (its PID in $server, its requests in
# SOCKET.log); returns once it listens.
serve_lines() {
	rm -f "$tmp/ready"
	mkfifo "$tmp/ready"
	timeout 120 python3 "$top/tests/unit/line_server.py" "$1" "$2" "$3" \
		>"$tmp/ready" &
	server=$!
	read -r _ <"$tmp/ready"
}
