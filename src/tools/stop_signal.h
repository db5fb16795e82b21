/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * stop_signal.h - SIGTERM and SIGINT ask a long-running osmcloud tool
 * (sa-load, sa-peer, pathcache serve) to finish its loop and report.
 */
#ifndef OC_TOOLS_STOP_SIGNAL_H
#define OC_TOOLS_STOP_SIGNAL_H

#include <stdbool.h>

/* Installs the handlers, without SA_RESTART: a wait (poll, nanosleep,
 * umad_recv) that a signal interrupts returns at once. */
void oc_stop_on_signals(void);
/* True once SIGTERM or SIGINT arrived. */
bool oc_stop_asked(void);

#endif
