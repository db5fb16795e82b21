# core: fabric model, fat-tree analysis, routing engines
libosmcloudcore_la_SOURCES += \
	src/core/error.c src/core/error.h \
	src/core/hash.c src/core/hash.h \
	src/core/fabric.c src/core/fabric.h \
	src/core/lft.c src/core/lft.h
