osmcloud_SOURCES += src/tools/cmd_gen.c
