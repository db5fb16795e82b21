osmcloud_SOURCES += src/tools/cmd_check.c
