# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# include/osmcloud: the installed public headers, for what others build
# against (the control protocol; make install puts them in
# $(includedir)/osmcloud)
osmcloudincludedir = $(includedir)/osmcloud
osmcloudinclude_HEADERS = include/osmcloud/ctl.h include/osmcloud/ctl_client.h
