/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sealed hibernation: the kernel-internal interface between the hibernation core and the
 * TPM boot window (kernel/power/hibseal/).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _LINUX_HIBSEAL_H
#define _LINUX_HIBSEAL_H

#include <linux/init.h>
#include <linux/types.h>
#include <uapi/linux/hibseal.h>

/* Length of this boot's secret, from which every image key is derived. */
#define HIBSEAL_SECRET_SIZE	32

struct tpm_chip;

#ifdef CONFIG_HIBERNATION_SEAL
void __init hibseal_window_open(void);
int hibseal_window_close(void);
void __init hibseal_window_final(void);
void __init hibseal_window_noresume(void);
int hibseal_tpm_registered(struct tpm_chip *chip);
bool hibseal_ready(void);
bool hibseal_pending_key(void);
bool hibseal_key_held(void);
bool hibseal_refuses_crash_kernel(void);
bool hibseal_refuses_kexec(void);
bool hibseal_window_refuses_helper(const char *path, char **argv);
bool hibseal_lockdown_lifted(void (*drop)(void));
int hibseal_window_before_suspend(void);
void hibseal_window_after_suspend(void);
void hibseal_restore_prepare(void);
void hibseal_resumed(void);
void hibseal_window_kept_running(void);
u64 hibseal_tpm_busy_ns(void);
#else
static inline void hibseal_window_open(void) { }
static inline int hibseal_window_close(void) { return 0; }
static inline void hibseal_window_final(void) { }
static inline void hibseal_window_noresume(void) { }
static inline int hibseal_tpm_registered(struct tpm_chip *chip) { return 0; }
static inline bool hibseal_ready(void) { return false; }
static inline bool hibseal_pending_key(void) { return false; }
static inline bool hibseal_key_held(void) { return false; }
static inline bool hibseal_refuses_crash_kernel(void) { return false; }
static inline bool hibseal_refuses_kexec(void) { return false; }
static inline bool hibseal_window_refuses_helper(const char *path, char **argv)
{
	return false;
}

static inline bool hibseal_lockdown_lifted(void (*drop)(void))
{
	return false;
}

static inline int hibseal_window_before_suspend(void) { return 0; }
static inline void hibseal_window_after_suspend(void) { }
static inline void hibseal_restore_prepare(void) { }
static inline void hibseal_resumed(void) { }
static inline void hibseal_window_kept_running(void) { }
static inline u64 hibseal_tpm_busy_ns(void) { return 0; }
#endif

#endif /* _LINUX_HIBSEAL_H */
