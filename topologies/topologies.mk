# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# the shipped topologies (topologies/README.md lists the commands)
dist_pkgdata_DATA += topologies/vswitch-ft-default.net \
	topologies/regress-sftree-hostless-leaf.net \
	topologies/regress-sftree-hostless-leaf-2-level.net \
	topologies/regress-sftree-hostless-leaf-small.net \
	topologies/regress-sftree-hostless-cut.net \
	topologies/regress-sftree-unserved.net \
	topologies/regress-detours-io-above-leaves.net \
	topologies/regress-leaf-one-uplink.net \
	topologies/vswitch-ft-uneven-vfs.net \
	topologies/vswitch-ft-missing-hv.net \
	topologies/vswitch-ft-storage.net \
	topologies/vswitch-ft-missing-link.net \
	topologies/ft-k4-n3.net
EXTRA_DIST += topologies/README.md
