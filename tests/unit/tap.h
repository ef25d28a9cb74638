/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal TAP output for hibseal's userspace unit tests: one line per case, numbered later, and
 * the plan (1..N, N the cases reported) last, from tap_exit(): a test that ends early prints no
 * plan, and tests/run.sh fails it.
 */
#ifndef HIBSEAL_TAP_H
#define HIBSEAL_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_failed;
static int tap_cases;

/* Report one case; @fmt names it. Returns @ok so callers can chain. */
static inline int __attribute__((format(printf, 2, 3))) tap(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s - ", ok ? "ok" : "not ok");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	tap_cases++;
	if (!ok)
		tap_failed++;
	return ok;
}

static inline int tap_exit(void)
{
	printf("1..%d\n", tap_cases);
	return tap_failed ? 1 : 0;
}

#endif
