#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Failover matrix case b: per-SM state files, the standby's an old copy (migrations, a stop, a boot since)
# (tests/ibsim/failover_matrix.sh says what is judged).
exec bash "$OC_SRCDIR/tests/ibsim/failover_matrix.sh" b
