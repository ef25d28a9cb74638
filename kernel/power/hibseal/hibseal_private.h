/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sealed hibernation: what the files of kernel/power/hibseal/ share, one section per file.
 * The rest of kernel/power/ sees only ../hibseal.h, and the rest of the kernel
 * <linux/hibseal.h>.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _KERNEL_POWER_HIBSEAL_PRIVATE_H
#define _KERNEL_POWER_HIBSEAL_PRIVATE_H

#include <linux/hibseal.h>
#include <linux/tpm2_hibseal.h>
#include <crypto/sha2.h>

#include "../hibseal.h"

#define KERNEL_PCR		CONFIG_HIBERNATION_SEAL_KERNEL_PCR
#define SECUREBOOT_PCR		7
#define WINDOW_PCR		CONFIG_HIBERNATION_SEAL_WINDOW_PCR
#define WINDOW_MASK		(BIT(KERNEL_PCR) | BIT(SECUREBOOT_PCR) | BIT(WINDOW_PCR))
#define COUNTER_INDEX		CONFIG_HIBERNATION_SEAL_NV_INDEX
#define EPOCH_INDEX		(CONFIG_HIBERNATION_SEAL_NV_INDEX + 1)

/* The state of sealed hibernation in this boot: one instance, hibseal, in window.c. */
struct hibseal_state {
	struct tpm_chip *chip;
	struct tpm2_hibseal_pcrs window;	/* the policy PCRs inside the window */
	u8 closed[SHA256_DIGEST_SIZE];		/* the window PCR once closed */
	u8 secret[HIBSEAL_SECRET_SIZE];		/* this boot's secret */
	struct tpm2_hibseal_blob blob;		/* ... sealed to the window */
	u64 bound;				/* ... while the blob epoch is at most this */
	u64 counter;				/* the anti-replay counter, as last read */
	u64 pending_counter;			/* ... when the window opened */
	u64 epoch;				/* the blob epoch counter, as last read */
	bool counter_ok;			/* it was read in this window */
	bool advanced;				/* this window advanced it */
	bool epoch_advanced;			/* ... and the blob epoch */
	bool blobs_expired;			/* every blob made so far has expired */
	bool lift_done;				/* a lift expired the blobs: lockdown drops */
	bool lifted;				/* lockdown was lifted this boot */
	bool image_written;			/* a sealed image of this boot exists */
	bool key_held;				/* a key has been in memory this boot */
	bool helpers_allowed;			/* usermode helpers may run: window closed */
	bool done;				/* the window has run (or failed to) */
	bool tpm2_seen;				/* a TPM 2.0 chip was closed this boot */
	int close_rc;				/* how closing it went */
	bool open;
	bool ready;
	const char *reason;			/* why sealing is unavailable */
	bool have_pending;			/* the window unsealed a pending image's key */
	u8 pending_secret[HIBSEAL_SECRET_SIZE];	/* ... that secret */
	struct tpm2_hibseal_blob pending_blob;	/* ... from this blob (its EFI copy) */
	u64 pending_bound;			/* ... valid up to this blob epoch */
	bool have_renewed;			/* the pending secret sealed anew: */
	struct tpm2_hibseal_blob renewed;	/* ... for the restored kernel (late resume) */
	u64 renewed_bound;			/* ... with this window's bound */
};

extern struct hibseal_state hibseal;

/* window.c: the boot window and sealing's state */

int __must_check hibseal_boot_secret(u8 *secret, struct tpm2_hibseal_blob *blob);
int __must_check hibseal_window_unseal(const struct tpm2_hibseal_blob *blob, u8 *secret);
void hibseal_disable(const char *reason, int rc, const struct tpm2_hibseal_err *err);
void hibseal_drop_pending(void);
int hibseal_extend_window(struct tpm_chip *chip, struct tpm2_hibseal_pcrs *now,
			  struct tpm2_hibseal_err *err);
int hibseal_window_still_closed(struct tpm2_hibseal_err *err);

/* counter.c: the anti-replay counter and the blob epoch */

int hibseal_counter_setup(struct tpm2_hibseal_err *err);
int hibseal_counter_step(struct tpm_chip *chip, u32 index, u64 old, u64 *value,
			 struct tpm2_hibseal_err *err);
int hibseal_counter_advance(struct tpm2_hibseal_err *err);
int hibseal_expire_blobs_on(struct tpm_chip *chip);
int hibseal_expire_blobs(void);
void __init hibseal_epoch_after_failed_restore(void);
void hibseal_log_stale(u64 image_counter);
int __must_check hibseal_window_check(void);
int __must_check hibseal_window_fresh(u64 image_counter);
int __must_check hibseal_window_advance_counter(u64 image_counter);
void hibseal_image_written(void);
u64 hibseal_counter(void);

/* efi.c: the key blob's EFI copies */

enum hibseal_efi_blob {
	HIBSEAL_EFI_KEY_BLOB,		/* the blob of the last image written */
	HIBSEAL_EFI_RENEWED_BLOB,	/* its secret sealed anew, for the kernel resumed late */
};

int hibseal_efi_take(enum hibseal_efi_blob which, struct tpm2_hibseal_blob *blob);
int hibseal_efi_store(enum hibseal_efi_blob which, const struct tpm2_hibseal_blob *blob);
int __must_check hibseal_window_store_blob(void);

/* pending.c: a pending image's key, unsealed in the window for a resume after it */

void __init hibseal_pending_load(void);
void hibseal_take_renewed(void);
int __must_check hibseal_window_image_key(const struct tpm2_hibseal_blob *blob,
					  u64 image_counter, u8 *secret, bool *deferred);
int __must_check hibseal_window_image_fresh(u64 image_counter, bool deferred);
bool hibseal_window_pending(u64 *counter);

#endif /* _KERNEL_POWER_HIBSEAL_PRIVATE_H */
