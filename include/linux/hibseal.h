/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sealed hibernation: the kernel-internal interface between the hibernation core and the
 * TPM boot window (kernel/power/hibseal_window.c).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _LINUX_HIBSEAL_H
#define _LINUX_HIBSEAL_H

#include <linux/init.h>
#include <linux/types.h>

/* Length of this boot's secret, from which every image key is derived. */
#define HIBSEAL_SECRET_SIZE	32

#ifdef CONFIG_HIBERNATION_SEAL
void __init hibseal_window_open(void);
void hibseal_window_close(void);
bool hibseal_ready(void);
const char *hibseal_unavailable_reason(void);
#else
static inline void hibseal_window_open(void) { }
static inline void hibseal_window_close(void) { }
static inline bool hibseal_ready(void) { return false; }
static inline const char *hibseal_unavailable_reason(void)
{
	return "sealed hibernation is not built into this kernel";
}
#endif

#endif /* _LINUX_HIBSEAL_H */
