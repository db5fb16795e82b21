/*
 * error.c - error message formatting.
 */
#include <stdarg.h>
#include <stdio.h>

#include "error.h"

int oc_err_set(struct oc_err *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return -1;
}
