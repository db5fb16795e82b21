# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# src/core/vm: the VM registry, its file, the LID model and the failover
# reconciliation
libosmcloudcore_la_SOURCES += src/core/vm/lid_model.c \
	src/core/vm/lid_model.h src/core/vm/reconcile.c src/core/vm/reconcile.h \
	src/core/vm/vmreg.c src/core/vm/vmreg.h src/core/vm/vmreg_file.c \
	src/core/vm/vmreg_free.c src/core/vm/vguid_rule.c src/core/vm/vguid_rule.h \
	src/core/vm/vm_doubts.c src/core/vm/vm_doubts.h
