# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# ctl_commands.awk - the control protocol's commands, read from the
# plugin's own table (src/osm/vmops/commands.c, "commands[] = {" up to
# "};"): one line per command, name TAB args TAB summary.  The table's
# rows start with {"name", "args", "summary" (the summary may be split
# over several adjacent string literals); the rest of a row is code.
index($0, "commands[] = {") { inside = 1; next }
inside && /^};/ { inside = 0 }
inside { table = table " " $0 }
END {
	# adjacent literals are one string
	gsub(/"[ \t]+"/, "", table)
	n = 0
	while (match(table, /[{]"[^"]*",[ \t]*"[^"]*",[ \t]*"[^"]*"/)) {
		row = substr(table, RSTART + 1, RLENGTH - 1)
		table = substr(table, RSTART + RLENGTH)
		split(row, f, /"[ \t]*,[ \t]*"/)
		sub(/^"/, "", f[1])
		sub(/"$/, "", f[3])
		printf "%s\t%s\t%s\n", f[1], f[2], f[3]
		n++
	}
	if (!n) {
		print "ctl_commands.awk: no command table found" > "/dev/stderr"
		exit 1
	}
}
