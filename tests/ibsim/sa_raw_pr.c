/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * sa_raw_pr.c - one raw SA PathRecord query for the ibsim tests
 * (tests/ibsim/sa_flag_stock.sh), on libibumad (umad2sim under ibsim).
 *
 *   sa_raw_pr [-a ATTR] [-g] METHOD COMPMASK RECORD
 *
 * METHOD the SA method (1 SubnAdmGet, 2 SubnAdmSet, ...), COMPMASK the
 * component mask (hex), RECORD the 64 bytes of the query's PathRecord in
 * hex (128 digits).  -a: another attribute (hex, e.g. 38 MCMemberRecord,
 * its record padded with zeros to 64 bytes); -g: this port's GID
 * (fe80::/64 and its port GUID) into bytes 16-31 of the record, the
 * PortGID of an MCMemberRecord (tests/ibsim/hop_rows.sh joins groups so).  Prints the answer as two lines, with nothing that
 * differs between two equal answers (no TID):
 *   status 0xSSSS method 0xMM attr_offset N
 *   data <the 200 bytes of the SA data area in hex>
 * Exit 0 with an answer, 1 on a usage or port error, 2 on no answer
 * within 5 s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <infiniband/umad.h>

#define MAD_SIZE 256
#define SA_DATA_OFF 56
#define SA_DATA_SIZE 200
#define PR_SIZE 64

static void put_be(uint8_t *p, unsigned long long v, int n)
{
	while (n--) {
		p[n] = (uint8_t)v;
		v >>= 8;
	}
}

static int parse_hex(const char *s, uint8_t *out, size_t n)
{
	size_t i;
	unsigned b;

	if (strlen(s) != 2 * n)
		return -1;
	for (i = 0; i < n; i++) {
		if (sscanf(s + 2 * i, "%2x", &b) != 1)
			return -1;
		out[i] = (uint8_t)b;
	}
	return 0;
}

static int query(uint8_t *mad, int own_gid)
{
	umad_port_t port;
	void *umad;
	int fd, agent, len = MAD_SIZE, i;
	const uint8_t *m;

	memset(&port, 0, sizeof(port));
	if (umad_init() < 0 || umad_get_port(NULL, 0, &port) < 0 ||
	    !port.sm_lid) {
		fprintf(stderr, "sa_raw_pr: no port with a known SM\n");
		return 1;
	}
	/* room beyond one MAD: umad2sim's read() of an answer was seen to
	 * write past umad_size() + 256 bytes */
	umad = calloc(1, umad_size() + 4 * MAD_SIZE);
	if (!umad) {
		fprintf(stderr, "sa_raw_pr: out of memory\n");
		return 1;
	}
	fd = umad_open_port(port.ca_name, port.portnum);
	agent = fd < 0 ? -1 : umad_register(fd, 0x03, 2, 0, NULL);
	if (agent < 0) {
		fprintf(stderr, "sa_raw_pr: cannot open %s/%d\n", port.ca_name,
			port.portnum);
		return 1;
	}
	if (own_gid) {
		put_be(mad + SA_DATA_OFF + 16, 0xfe80000000000000ULL, 8);
		memcpy(mad + SA_DATA_OFF + 24, &port.port_guid, 8);
	}
	memcpy(umad_get_mad(umad), mad, MAD_SIZE);
	umad_set_addr(umad, port.sm_lid, 1, port.sm_sl, 0x80010000);
	if (umad_send(fd, agent, umad, MAD_SIZE, 5000, 0) < 0 ||
	    umad_recv(fd, umad, &len, 5000) < 0 || umad_status(umad)) {
		fprintf(stderr, "sa_raw_pr: no answer from SM LID %u\n",
			port.sm_lid);
		return 2;
	}
	m = umad_get_mad(umad);
	printf("status 0x%02x%02x method 0x%02x attr_offset %u\ndata ", m[4],
	       m[5], m[3], (unsigned)(m[44] << 8 | m[45]));
	for (i = 0; i < SA_DATA_SIZE; i++)
		printf("%02x", m[SA_DATA_OFF + i]);
	printf("\n");
	fflush(stdout);
	free(umad);
	umad_close_port(fd);
	umad_release_port(&port);
	return 0;
}

int main(int argc, char **argv)
{
	uint8_t mad[MAD_SIZE] = {1, 0x03, 2};
	char *end;
	unsigned long method, attr = 0x0035; /* PathRecord */
	unsigned long long mask;
	int own_gid = 0;

	for (; argc > 1 && argv[1][0] == '-'; argc--, argv++) {
		if (!strcmp(argv[1], "-g")) {
			own_gid = 1;
			continue;
		}
		if (strcmp(argv[1], "-a") || argc < 3) {
			argc = 0;
			break;
		}
		attr = strtoul(argv[2], &end, 16);
		if (*end || !attr || attr > 0xffff) {
			fprintf(stderr, "sa_raw_pr: bad attribute %s\n",
				argv[2]);
			return 1;
		}
		argc--, argv++;
	}
	if (argc != 4) {
		fprintf(stderr, "usage: sa_raw_pr [-a ATTR] [-g] METHOD "
				"COMPMASK RECORD\n");
		return 1;
	}
	method = strtoul(argv[1], &end, 0);
	if (*end || !method || method > 0x7f) {
		fprintf(stderr, "sa_raw_pr: bad method %s\n", argv[1]);
		return 1;
	}
	mask = strtoull(argv[2], &end, 16);
	if (*end || parse_hex(argv[3], mad + SA_DATA_OFF, PR_SIZE)) {
		fprintf(stderr, "sa_raw_pr: bad mask %s or record %s\n",
			argv[2], argv[3]);
		return 1;
	}
	mad[3] = (uint8_t)method;
	put_be(mad + 8, 0x0c5a0001, 8); /* TID */
	put_be(mad + 16, attr, 2);
	put_be(mad + 48, mask, 8);
	return query(mad, own_gid);
}
