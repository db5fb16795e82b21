/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * failthread.c - an LD_PRELOAD shim that makes pthread_create() fail for
 * one library, to test the plugin's error path when its control socket
 * thread cannot start (a process at its thread limit).
 *
 *   OC_FAIL_THREAD_MATCH=S  pthread_create() called from a shared object
 *                           whose path contains S returns EAGAIN (as
 *                           glibc does at RLIMIT_NPROC; errno untouched);
 *                           every other caller gets its thread
 *
 * Check-only, never installed.
 */
#ifndef _GNU_SOURCE /* configure passes -D_GNU_SOURCE */
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef int create_fn(pthread_t *, const pthread_attr_t *, void *(*)(void *),
		      void *);

/* Whether the code at addr belongs to the object to fail. */
static int to_fail(const void *addr)
{
	const char *match = getenv("OC_FAIL_THREAD_MATCH");
	Dl_info info;

	if (!match || !*match || !dladdr(addr, &info) || !info.dli_fname)
		return 0;
	return strstr(info.dli_fname, match) != NULL;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
		   void *(*start)(void *), void *arg)
{
	create_fn *real = (create_fn *)dlsym(RTLD_NEXT, "pthread_create");

	if (to_fail(__builtin_return_address(0)) || !real)
		return EAGAIN;
	return real(thread, attr, start, arg);
}
