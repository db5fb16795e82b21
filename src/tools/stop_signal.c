/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * stop_signal.c - SIGTERM and SIGINT end a tool's loop (see
 * stop_signal.h).
 */
#include <signal.h>

#include "stop_signal.h"

static volatile sig_atomic_t stop_asked;

static void on_stop(int sig)
{
	(void)sig;
	stop_asked = 1;
}

void oc_stop_on_signals(void)
{
	struct sigaction stop = {.sa_handler = on_stop};

	sigemptyset(&stop.sa_mask);
	sigaction(SIGTERM, &stop, NULL);
	sigaction(SIGINT, &stop, NULL);
}

bool oc_stop_asked(void)
{
	return stop_asked;
}
