#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Failover matrix case a: shared state file, the master killed right after a migration
# (tests/ibsim/failover_matrix.sh says what is judged).
exec bash "$OC_SRCDIR/tests/ibsim/failover_matrix.sh" a
