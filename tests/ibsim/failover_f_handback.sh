#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Failover matrix case f: handover back to the restarted old master
# (tests/ibsim/failover_matrix.sh says what is judged).
exec bash "$OC_SRCDIR/tests/ibsim/failover_matrix.sh" f
