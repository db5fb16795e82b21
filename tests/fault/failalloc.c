/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * failalloc.c - an LD_PRELOAD shim that fails one allocation of a
 * process, to test that every allocation failure is an error.
 *
 *   OC_FAIL_ALLOC=N     the Nth allocation (from 1) fails: NULL with
 *                       errno ENOMEM; all others succeed
 *   OC_ALLOC_REPORT=F   at exit, F gets "allocations N" and, when one
 *                       was failed, "failed N FUNCTION 0xOFFSET": the
 *                       offset in the executable of the call that led
 *                       to it (for addr2line -i -e EXECUTABLE)
 *   OC_ALLOC_CHAINS=F   at exit, F gets the first allocation of each
 *                       distinct call chain (the return addresses of
 *                       backtrace()), one number a line: failing these
 *                       covers every path to an allocation in fewer runs
 *
 * Counted: every malloc, calloc, realloc and reallocarray of the process
 * once the shim is loaded, the C library's own too (strdup, getline,
 * fopen, open_memstream and stdio's buffers allocate through malloc,
 * which glibc lets a preloaded library replace).  The allocators proper
 * are glibc's __libc_* entry points.  Check-only, glibc-only, for
 * single-threaded programs (nothing here is locked).
 */
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);

#define MAX_FRAMES 64
#define MAX_CHAINS 8192
#define CHAIN_SLOTS (2 * MAX_CHAINS) /* a power of 2 */

static unsigned long fail_at;	 /* OC_FAIL_ALLOC, 0: none */
static unsigned long counted;	 /* allocations so far */
static int ready;		 /* set once the constructor has run */
static int in_backtrace;	 /* backtrace() may allocate */
static uintptr_t exe_lo, exe_hi; /* the main executable's loaded range */
static uintptr_t exe_bias;	 /* its load address (for addr2line) */
static const char *failed_fn;	 /* the allocator that failed */
static uintptr_t failed_call;	 /* the executable's call that led to it */

static int record_chains;		      /* OC_ALLOC_CHAINS given */
static uint64_t chain_seen[CHAIN_SLOTS];      /* their hashes; 0: none */
static unsigned long chain_first[MAX_CHAINS]; /* first allocation of each */
static unsigned num_chains;

/* The first object dl_iterate_phdr() reports is the main executable. */
static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (start < lo)
			lo = start;
		if (start + ph->p_memsz > hi)
			hi = start + ph->p_memsz;
	}
	exe_lo = lo;
	exe_hi = hi;
	exe_bias = info->dlpi_addr;
	return 1;
}

/* The return addresses of the calls that led here. */
static int call_chain(void **frames)
{
	int n;

	in_backtrace = 1;
	n = backtrace(frames, MAX_FRAMES);
	in_backtrace = 0;
	return n;
}

/* Remembers allocation n when its call chain (FNV-1a of the return
 * addresses) is new. */
static void note_chain(unsigned long n, void **frames, int depth)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	uint32_t i;
	int k;

	for (k = 0; k < depth; k++)
		h = (h ^ (uintptr_t)frames[k]) * 0x100000001b3ULL;
	h = h ? h : 1;
	for (i = h & (CHAIN_SLOTS - 1); chain_seen[i];
	     i = (i + 1) & (CHAIN_SLOTS - 1))
		if (chain_seen[i] == h)
			return;
	if (num_chains == MAX_CHAINS)
		return;
	chain_seen[i] = h;
	chain_first[num_chains++] = n;
}

/* The innermost call the executable made on the way here. */
static uintptr_t exe_call(void **frames, int depth)
{
	int k;

	for (k = 0; k < depth; k++)
		if ((uintptr_t)frames[k] >= exe_lo &&
		    (uintptr_t)frames[k] < exe_hi)
			return (uintptr_t)frames[k];
	return 0;
}

/* Counts one allocation and says whether it must fail. */
static int must_fail(const char *fn)
{
	void *frames[MAX_FRAMES];
	int depth = 0;

	if (!ready || in_backtrace)
		return 0;
	counted++;
	if (record_chains || counted == fail_at)
		depth = call_chain(frames);
	if (record_chains)
		note_chain(counted, frames, depth);
	if (counted != fail_at)
		return 0;
	failed_fn = fn;
	failed_call = exe_call(frames, depth);
	errno = ENOMEM;
	return 1;
}

void *malloc(size_t size)
{
	return must_fail("malloc") ? NULL : __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	return must_fail("calloc") ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	return must_fail("realloc") ? NULL : __libc_realloc(p, size);
}

void *reallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	return must_fail("reallocarray") ? NULL : __libc_realloc(p, n * size);
}

__attribute__((constructor)) static void failalloc_init(void)
{
	const char *n = getenv("OC_FAIL_ALLOC");
	void *frames[MAX_FRAMES];

	fail_at = n ? strtoul(n, NULL, 10) : 0;
	record_chains = getenv("OC_ALLOC_CHAINS") != NULL;
	dl_iterate_phdr(find_exe, NULL);
	call_chain(frames); /* loads libgcc_s now, not inside malloc */
	ready = 1;
}

/* Creates path and writes text to it, with write(2): no allocation, no
 * stdio (the process is exiting). */
static void write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t done;

	if (fd < 0)
		return;
	while (len && (done = write(fd, text, len)) > 0) {
		text += done;
		len -= done;
	}
	close(fd);
}

/* The offset is the call's own (return address - 1). */
static void write_report(const char *path)
{
	char text[160];
	int len;

	len = snprintf(text, sizeof(text), "allocations %lu\n", counted);
	if (failed_fn)
		len += snprintf(text + len, sizeof(text) - len,
				"failed %lu %s 0x%lx\n", fail_at, failed_fn,
				failed_call ? (unsigned long)(failed_call -
							      exe_bias - 1)
					    : 0UL);
	write_file(path, text, len);
}

static void write_chains(const char *path)
{
	static char text[MAX_CHAINS * 21];
	size_t len = 0;
	unsigned i;

	for (i = 0; i < num_chains; i++)
		len += snprintf(text + len, sizeof(text) - len, "%lu\n",
				chain_first[i]);
	write_file(path, text, len);
}

__attribute__((destructor)) static void failalloc_report(void)
{
	const char *report = getenv("OC_ALLOC_REPORT");
	const char *chains = getenv("OC_ALLOC_CHAINS");

	if (report)
		write_report(report);
	if (chains)
		write_chains(chains);
}
