#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pathcache_offline.sh - the command line of "osmcloud pathcache" without
# a fabric: bad usage exits 2 naming the problem; serve refuses a socket
# in a folder others can write, an unknown group and a path that is not a
# socket before it opens the port (exit 1); a socket nobody serves exits 5
# naming the path; against a scripted daemon (python3, the
# protocol of docs/pathcache.md) the client sends one request line,
# prints every reply line up to the final "ok" (exit 0) or prints the
# "error" line on stderr (exit 1).  Needs no ibsim.
set -u

. "${srcdir:-.}/tests/unit/expect.sh"

expect 2 "no verb" "$osmcloud" pathcache
expect 0 "--help" "$osmcloud" pathcache --help
grep -q "pathcache serve --socket PATH" "$tmp/out" || fail "--help: no serve line"
expect 2 "unknown verb" "$osmcloud" pathcache lookup --socket "$tmp/s"
grep -q "unknown command 'lookup'" "$tmp/err" || fail "unknown verb not named: $(cat "$tmp/err")"
expect 2 "query without --socket" "$osmcloud" pathcache query dlid=1
grep -q -- "--socket PATH is required" "$tmp/err" || fail "no --socket not said: $(cat "$tmp/err")"
expect 2 "stats with an argument" "$osmcloud" pathcache stats --socket "$tmp/s" now
grep -q "unexpected 'now'" "$tmp/err" || fail "extra argument not named: $(cat "$tmp/err")"
expect 2 "serve without --socket" "$osmcloud" pathcache serve
expect 2 "serve --poll-ms 5" "$osmcloud" pathcache serve --socket "$tmp/s" --poll-ms 5
grep -q -- "--poll-ms '5': want 10..3600000" "$tmp/err" || fail "--poll-ms not named: $(cat "$tmp/err")"
expect 2 "serve --capacity 0" "$osmcloud" pathcache serve --socket "$tmp/s" --capacity 0
# the socket's folder, path and group are checked before the port is
# opened: these exit 1 with no HCA, ibsim or SM at all
mkdir -m 1777 "$tmp/open"
expect 1 "serve in a folder others can write" "$osmcloud" pathcache serve --socket "$tmp/open/pc.sock"
grep -q "option --socket: $tmp/open/pc.sock: other users can write the folder $tmp/open (mode 1777)" "$tmp/err" ||
	fail "open folder not named: $(cat "$tmp/err")"
expect 1 "serve --group of no group" "$osmcloud" pathcache serve --socket "$tmp/g.sock" --group no-such-group-oc
grep -q 'option --group: no group "no-such-group-oc"' "$tmp/err" ||
	fail "unknown group not named: $(cat "$tmp/err")"
[ ! -e "$tmp/g.sock" ] || fail "the refused daemon left $tmp/g.sock"
: >"$tmp/plain"
expect 1 "serve on a regular file" "$osmcloud" pathcache serve --socket "$tmp/plain"
grep -q "option --socket: $tmp/plain exists and is not a socket" "$tmp/err" ||
	fail "regular file not named: $(cat "$tmp/err")"
expect 5 "nobody serves the socket" "$osmcloud" pathcache stats --socket "$tmp/none.sock"
grep -q "$tmp/none.sock" "$tmp/err" || fail "missing socket not named: $(cat "$tmp/err")"

# a scripted daemon (serve_lines, expect.sh): answers each request line
# with canned lines and records what it got
if command -v python3 >/dev/null; then
	serve_lines "$tmp/fake.sock" 3 '{"show": "entry dlid=72 | dlid=72 flag=1\nentry dlid=73 | dlid=73 flag=1\nok entries=2 enabled=1\n", "stats": "ok enabled=1 entries=2 hits=5\n", "query dlid=72 sl=1": "error sa: MAD status 0x0300 (no such record)\n"}'
	expect 0 "show against the scripted daemon" timeout 20 "$osmcloud" pathcache show --socket "$tmp/fake.sock"
	[ "$(wc -l <"$tmp/out")" = 3 ] && grep -q "^ok entries=2" "$tmp/out" ||
		fail "show: want 2 entries and the ok line: $(cat "$tmp/out")"
	expect 0 "stats against the scripted daemon" timeout 20 "$osmcloud" pathcache stats --socket "$tmp/fake.sock"
	grep -q "^ok enabled=1 entries=2 hits=5$" "$tmp/out" || fail "stats: $(cat "$tmp/out")"
	expect 1 "query answered with an error" timeout 20 "$osmcloud" pathcache query --socket "$tmp/fake.sock" dlid=72 sl=1
	grep -q "osmcloud pathcache: sa: MAD status 0x0300 (no such record)" "$tmp/err" ||
		fail "query error not printed: $(cat "$tmp/err")"
	wait $server
	printf 'show\nstats\nquery dlid=72 sl=1\n' | cmp -s - "$tmp/fake.sock.log" &&
		echo "ok: the client sent one request line each" ||
		fail "requests seen: $(cat "$tmp/fake.sock.log")"
else
	fail "python3 is needed for the scripted daemon"
fi

[ "$failures" -eq 0 ] || exit 1
