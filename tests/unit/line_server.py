# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# line_server.py SOCKET N ANSWERS: a scripted daemon for the clients'
# offline tests (serve_lines in expect.sh): listens on the UNIX socket
# SOCKET for N connections, answers each connection's request line from
# the JSON object ANSWERS (request line -> reply text; anything else
# gets "error unexpected"), keeps every request in SOCKET.log, prints
# "ready" once it listens and removes SOCKET at the end.
import json, os, socket, sys

path, n, answers = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
s.listen(4)
s.settimeout(60)
print("ready", flush=True)
with open(path + ".log", "w") as out:
    for _ in range(n):
        c, _ = s.accept()
        line = c.makefile().readline().rstrip("\n")
        out.write(line + "\n")
        out.flush()
        c.sendall(answers.get(line, "error unexpected\n").encode())
        c.close()
os.unlink(path)
