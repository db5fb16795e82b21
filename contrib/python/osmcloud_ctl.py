# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""osmcloud_ctl - a client for the osmcloud plugin's control socket.

The machine protocol "osmcloud-ctl 1" (docs/protocol.md): one JSON
request per line, one JSON reply per line.  Python's standard library
only, so that it runs on any hypervisor.

    from osmcloud_ctl import Client
    with Client(socket_path="/run/osmcloud.sock") as c:
        r = c.migrate("vm-3", "hv5 mlx5_0")
        if r["result"] != "done": ...

A client reaches the SM host either through the UNIX socket itself (on
the SM host, or forwarded by ssh: ssh -L /run/oc.sock:/run/osmcloud.sock)
or through a command that relays JSON lines, e.g. an ssh key whose
forced command is "osmcloud ctl --socket /run/osmcloud.sock --stdio":
Client(command=["ssh", "-T", "osmcloud@sm-host"]).

Replies are dicts; "result" is one of RESULTS, "code" its number.  Only
a transport failure (no connection, no reply in time, a reply that is
not JSON) raises CtlError.
"""

import itertools
import json
import os
import select
import socket
import subprocess
import sys
import time

PROTOCOL = "osmcloud-ctl"
VERSION = 1
RESULTS = {0: "done", 1: "refused", 2: "partial", 3: "not-master",
           4: "bad-request", 5: "unreconciled"}
EXIT_CLIENT = 64  # the command line's status when it could not ask


class CtlError(Exception):
    """The request could not be delivered or its reply not read."""


class _SocketTransport:
    def __init__(self, path, timeout):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        try:
            self.sock.connect(path)
        except OSError as e:
            self.sock.close()
            raise CtlError("%s: %s" % (path, e)) from e
        self.buf = b""

    def exchange(self, line, deadline):
        try:
            self.sock.settimeout(max(deadline - time.monotonic(), 0.001))
            self.sock.sendall(line)
            while b"\n" not in self.buf:
                self.sock.settimeout(max(deadline - time.monotonic(), 0.001))
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise CtlError("the plugin closed the connection")
                self.buf += chunk
        except socket.timeout as e:
            raise CtlError("no reply in time") from e
        except OSError as e:
            raise CtlError(str(e)) from e
        reply, self.buf = self.buf.split(b"\n", 1)
        return reply

    def close(self):
        self.sock.close()


class _CommandTransport:
    def __init__(self, command):
        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE)
        except OSError as e:
            raise CtlError("%s: %s" % (command[0], e)) from e
        self.buf = b""

    def exchange(self, line, deadline):
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except OSError as e:
            raise CtlError("the relay command ended: %s" % e) from e
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise CtlError("no reply in time")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise CtlError("the relay command ended (status %s)"
                               % self.proc.wait())
            self.buf += chunk
        reply, self.buf = self.buf.split(b"\n", 1)
        return reply

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Client:
    """One connection to the plugin: socket_path, or a relay command."""

    def __init__(self, socket_path=None, command=None, timeout=60.0):
        if (socket_path is None) == (command is None):
            raise ValueError("give socket_path or command")
        self.timeout = timeout
        self.ids = itertools.count(1)
        if socket_path is not None:
            self.transport = _SocketTransport(socket_path, timeout)
        else:
            self.transport = _CommandTransport(command)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.transport.close()

    def request(self, op, **members):
        """Sends {"id": N, "op": op, **members}; returns the reply."""
        req = {"id": next(self.ids), "op": op}
        req.update({k: v for k, v in members.items() if v is not None})
        line = json.dumps(req, separators=(",", ":")).encode() + b"\n"
        raw = self.transport.exchange(line,
                                      time.monotonic() + self.timeout)
        try:
            reply = json.loads(raw)
        except ValueError as e:
            raise CtlError("a reply that is not JSON: %r" % raw[:200]) from e
        if reply.get("id") != req["id"]:
            raise CtlError("a reply to another request: %r" % reply)
        return reply

    def version(self):
        return self.request("version")

    def vms(self):
        return self.request("vms")

    def migrate(self, vm, dest, method=None):
        return self.request("migrate", vm=vm, dest=dest, method=method)

    def prepare(self, vm, dest, method=None):
        """Plans migrate(vm, dest) while the VM runs; sends nothing."""
        return self.request("prepare", vm=vm, dest=dest, method=method)

    def apply(self, vm):
        """Sends the migration prepared for vm (once it has stopped)."""
        return self.request("apply", vm=vm)

    def boot(self, vm, dest, weight=None, vguid=None):
        return self.request("boot", vm=vm, dest=dest, weight=weight,
                            vguid=vguid)

    def stop(self, vm, method=None, from_=None):
        return self.request("stop", vm=vm, method=method,
                            **({"from": from_} if from_ else {}))


def _main(argv):
    import argparse
    import shlex

    ap = argparse.ArgumentParser(
        description="One request to the osmcloud plugin (docs/protocol.md);"
                    " prints the JSON reply, exits with its code (64: no"
                    " reply).")
    ap.add_argument("--socket", help="the plugin's ctl= socket")
    ap.add_argument("--command", help="a relay command, e.g. 'ssh -T "
                    "osmcloud@sm-host'")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("op")
    ap.add_argument("members", nargs="*", metavar="NAME=VALUE")
    a = ap.parse_args(argv)
    members = dict(m.split("=", 1) for m in a.members if "=" in m)
    try:
        with Client(a.socket, shlex.split(a.command) if a.command else None,
                    a.timeout) as c:
            reply = c.request(a.op, **members)
    except (CtlError, ValueError) as e:
        print("osmcloud_ctl: %s" % e, file=sys.stderr)
        return EXIT_CLIENT
    print(json.dumps(reply))
    return reply.get("code", EXIT_CLIENT)


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
