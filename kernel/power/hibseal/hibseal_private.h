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
#include <linux/mutex.h>
#include <linux/tpm2_hibseal.h>
#include <crypto/sha2.h>

#include "../hibseal.h"

/*
 * The policy PCRs: the EFI boot applications (the kernel, or the UKI carrying it, when the
 * firmware or systemd-boot starts it), the Secure Boot policy, the boot loader's PCRs (GRUB's
 * commands and the kernel's command line in 8, the files it read, kernel and initrd among
 * them, in 9; the EFI stub's initrd and load options in 9 too), and the window PCR. bootlog.c
 * refuses to seal when the TCG event log shows that none of them measured the kernel.
 */
#define KERNEL_PCR		4
#define SECUREBOOT_PCR		7
#define LOADER_PCRS		(BIT(8) | BIT(9))
#define WINDOW_PCR		CONFIG_HIBERNATION_SEAL_WINDOW_PCR
#define WINDOW_MASK		(BIT(KERNEL_PCR) | BIT(SECUREBOOT_PCR) | LOADER_PCRS | \
				 BIT(WINDOW_PCR))
#define COUNTER_INDEX		CONFIG_HIBERNATION_SEAL_NV_INDEX
#define EPOCH_INDEX		(CONFIG_HIBERNATION_SEAL_NV_INDEX + 1)

/**
 * enum hibseal_phase - this boot and its window
 * @HIBSEAL_BEFORE_WINDOW:  the window has not run; usermode helpers are refused
 * @HIBSEAL_WINDOW_OPEN:    the window's TPM (hibseal.chip) holds the window values in its
 *                          policy PCRs: only the window may unseal, seal and check freshness
 * @HIBSEAL_WINDOW_CLOSING: the window is over (its PCR extended, or there was no TPM 2.0 to
 *                          open it on, or it failed), and helpers are still refused
 * @HIBSEAL_AFTER_WINDOW:   helpers may run, and init is about to
 *
 * The phases only move forward, in this order.
 */
enum hibseal_phase {
	HIBSEAL_BEFORE_WINDOW,
	HIBSEAL_WINDOW_OPEN,
	HIBSEAL_WINDOW_CLOSING,
	HIBSEAL_AFTER_WINDOW,
};

/**
 * enum hibseal_counters - what this boot's window did with the two NV counters
 * @HIBSEAL_COUNTERS_UNREAD:   not read (no window, or it failed before them)
 * @HIBSEAL_COUNTERS_READ:     read, neither advanced yet
 * @HIBSEAL_COUNTER_ADVANCED:  the anti-replay counter advanced (by a resume, or at the close)
 * @HIBSEAL_COUNTERS_ADVANCED: ... and the blob epoch too
 *
 * Forward only, in this order.
 */
enum hibseal_counters {
	HIBSEAL_COUNTERS_UNREAD,
	HIBSEAL_COUNTERS_READ,
	HIBSEAL_COUNTER_ADVANCED,
	HIBSEAL_COUNTERS_ADVANCED,
};

/**
 * struct hibseal_state - sealed hibernation in this boot (one instance: hibseal, in window.c)
 * @lock: serialises every entry point that changes this state or talks to the TPM; see
 *        "Locking" in window.c. Taken after system_transition_mutex, before any TPM lock.
 *
 * Under @lock only:
 * @chip:            the window's TPM
 * @window:          the policy PCRs inside the window
 * @closed:          the window PCR once closed
 * @blob:            this boot's secret, sealed to the window
 * @bound:           ... unsealable while the blob epoch is at most this
 * @counter:         the anti-replay counter, as last read
 * @pending_counter: ... when the window opened
 * @epoch:           the blob epoch counter, as last read
 * @counters:        what the window did with them
 * @close_rc:        how closing the window went
 * @blobs_expired:   every blob made so far has expired
 * @image_written:   a sealed image of this boot exists
 * @tpm2_seen:       a TPM 2.0 chip was closed this boot
 * @pending_blob:    the blob of the pending image's key (its EFI copy)
 * @pending_bound:   ... valid up to this blob epoch
 * @renewed:         the pending secret sealed anew, for the kernel resumed late
 * @renewed_bound:   ... with this window's bound
 * @renewed_stored:  ... stored in EFI for a restore that has not happened (yet)
 *
 * Also read or written without @lock (by the lift in interrupt context, the reboot and panic
 * notifiers, and the readers anyone may call), so always with READ_ONCE()/WRITE_ONCE() or
 * acquire/release; written under @lock except where "Locking" says:
 * @phase:           enum hibseal_phase
 * @ready:           sealing is available
 * @reason:          ... or why not
 * @key_held:        a key has been in memory this boot
 * @lifted:          lockdown was lifted this boot (set by the lift)
 * @lift_done:       a lift expired the blobs: lockdown drops
 * @have_pending:    the window unsealed a pending image's key, still held
 * @have_renewed:    ... and sealed it anew (@renewed)
 * @renewed_claimed: a verified image claimed the pending key: @renewed waits for its restore
 * @secret:          this boot's secret (wiped by the lift and the notifiers)
 * @pending_secret:  the pending image's secret (likewise)
 */
struct hibseal_state {
	struct tpm_chip *chip;
	struct tpm2_hibseal_pcrs window;
	u8 closed[SHA256_DIGEST_SIZE];
	/* Right after @closed: the attack.* scenarios read the 32 bytes after its value. */
	u8 secret[HIBSEAL_SECRET_SIZE];
	struct tpm2_hibseal_blob blob;
	u64 bound;
	u64 counter;
	u64 pending_counter;
	u64 epoch;
	enum hibseal_counters counters;
	int close_rc;
	bool blobs_expired;
	bool image_written;
	bool tpm2_seen;
	struct tpm2_hibseal_blob pending_blob;
	u64 pending_bound;
	struct tpm2_hibseal_blob renewed;
	u64 renewed_bound;
	bool renewed_stored;

	enum hibseal_phase phase;
	bool ready;
	const char *reason;
	bool key_held;
	bool lifted;
	bool lift_done;
	bool have_pending;
	bool have_renewed;
	bool renewed_claimed;
	u8 pending_secret[HIBSEAL_SECRET_SIZE];

	struct mutex lock;		/* "Locking" in window.c */
};

extern struct hibseal_state hibseal;

static inline enum hibseal_phase hibseal_phase(void)
{
	return READ_ONCE(hibseal.phase);
}

/* The window has run: closed, failed, or found no TPM to open on. */
static inline bool hibseal_window_over(void)
{
	return hibseal_phase() >= HIBSEAL_WINDOW_CLOSING;
}

/* bootlog.c: the PCRs that identify the kernel, from the firmware's TCG event log */

/**
 * struct hibseal_bootlog - what a crypto-agile event log measured where
 * @events: events in the log after its header
 * @apps:   boot applications the firmware measured into PCR 4
 * @loader: events a boot loader extended into PCR 8 or 9 (GRUB's files and commands)
 * @stub:   the Linux EFI stub's tagged events in PCR 9 (its initrd and load options)
 */
struct hibseal_bootlog {
	u32 events;
	u32 apps;
	u32 loader;
	u32 stub;
};

int hibseal_bootlog_parse(const u8 *log, size_t len, struct hibseal_bootlog *out);
const char *hibseal_bootlog_refusal(int rc, const struct hibseal_bootlog *b, bool load_image);
const char * __init hibseal_boot_chain(struct tpm_chip *chip);

/* sysfs.c: a refused image's log line, kept for /sys/power/hibernate_seal_resume */

__printf(1, 2) void hibseal_refused_err(const char *fmt, ...);
__printf(1, 2) void hibseal_stale_err(const char *fmt, ...);

/* crypto.c: opening a chunk (readers go through stream.c) */
int __must_check hibseal_chunk_len(const struct hibseal_sealer *s, const u8 *chunk, u32 max,
				   u32 *len);
int __must_check hibseal_chunk_open(const struct hibseal_sealer *s, u64 index, u8 *chunk,
				    u32 max, u32 *len, u32 *flags);

/* window.c: the boot window and sealing's state */

int __must_check hibseal_boot_secret(u8 *secret, struct tpm2_hibseal_blob *blob);
int __must_check hibseal_window_unseal(const struct tpm2_hibseal_blob *blob, u8 *secret);
void hibseal_disable(const char *reason, int rc, const struct tpm2_hibseal_err *err);
void hibseal_drop_pending(void);
int hibseal_extend_window(struct tpm_chip *chip, struct tpm2_hibseal_pcrs *now,
			  struct tpm2_hibseal_err *err);
int hibseal_window_still_closed(struct tpm2_hibseal_err *err);
const char *hibseal_unavailable_reason(void);

/* lift.c: the lifting of lockdown */

bool hibseal_lifted(void);

/* counter.c: the anti-replay counter and the blob epoch */

/**
 * enum hibseal_verdict - the freshness decision on an image being opened
 * @HIBSEAL_FRESH:       it may be restored (once its key and MAC check out)
 * @HIBSEAL_STALE:       it carries another counter value than the window found: -ESTALE
 * @HIBSEAL_NOT_NOW:     inside the window only, and once: -EACCES
 * @HIBSEAL_UNAVAILABLE: sealing is unavailable in this boot, freshness unknowable: -EACCES
 * @HIBSEAL_NO_KEY:      after the window, and the window holds no key for it: -ENOKEY
 */
enum hibseal_verdict {
	HIBSEAL_FRESH,
	HIBSEAL_STALE,
	HIBSEAL_NOT_NOW,
	HIBSEAL_UNAVAILABLE,
	HIBSEAL_NO_KEY,
};

enum hibseal_verdict hibseal_verdict_in_window(enum hibseal_phase phase,
					       enum hibseal_counters counters, bool ready,
					       u64 window_counter, u64 image_counter);
enum hibseal_verdict hibseal_verdict_pending(bool have_pending, bool lifted, u64 window_counter,
					     u64 image_counter);
bool hibseal_close_advances(enum hibseal_counters counters);
bool hibseal_epoch_owed(enum hibseal_counters counters, bool blobs_expired);
bool hibseal_blob_expired(u64 epoch, u64 bound);

int hibseal_counter_setup(struct tpm2_hibseal_err *err);
int hibseal_counter_step(struct tpm_chip *chip, u32 index, u64 old, u64 *value,
			 struct tpm2_hibseal_err *err);
int hibseal_counter_advance(struct tpm2_hibseal_err *err);
int hibseal_expire_blobs_on(struct tpm_chip *chip);
int hibseal_expire_blobs(void);
void __init hibseal_epoch_after_failed_restore(void);
void hibseal_log_stale(u64 image_counter);
void __hibseal_window_kept_running(void);
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
void hibseal_renewed_store(void);
void hibseal_renewed_abandoned(void);
void hibseal_drop_renewed(void);
int __must_check hibseal_window_image_key(const struct tpm2_hibseal_blob *blob,
					  u64 image_counter, u8 *secret, bool *deferred);
int __must_check hibseal_window_image_fresh(u64 image_counter, bool deferred);
bool hibseal_window_pending(u64 *counter);

#endif /* _KERNEL_POWER_HIBSEAL_PRIVATE_H */
