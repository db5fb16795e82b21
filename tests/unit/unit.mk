# cmocka unit tests of the core
if HAVE_CMOCKA
UNIT_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
UNIT_LIBS = libosmcloudcore.la $(CMOCKA_LIBS)
endif
