#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Failover matrix case g: a standby restarted with a leftover .pending older than the state file
# (tests/ibsim/failover_matrix.sh says what is judged).
exec bash "$OC_SRCDIR/tests/ibsim/failover_matrix.sh" g
