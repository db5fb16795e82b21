#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Failover matrix case e: the old VF linked again before the standby's first sweep as master
# (tests/ibsim/failover_matrix.sh says what is judged).
exec bash "$OC_SRCDIR/tests/ibsim/failover_matrix.sh" e
