// SPDX-License-Identifier: GPL-2.0
/*
 * The TPM boot window of sealed hibernation ("The boot window" in
 * Documentation/power/sealed-hibernation.rst).
 *
 * From power-on until this kernel extends the window PCR, the policy PCRs hold values that
 * only a boot of this machine, with this kernel and this Secure Boot state, reaches, and no
 * userspace has run yet. Inside that window the kernel:
 *   1. reads the policy PCRs: PCR 4 (boot applications), PCR 7 (Secure Boot policy), PCRs 8
 *      and 9 (a boot loader's) and the window PCR, once the event log showed that they
 *      identify this kernel (bootlog.c);
 *   2. (resume) unseals the pending image's boot secret;
 *   3. seals this boot's fresh secret to those values, recording them as creation PCRs;
 *   4. closes the window: extends the window PCR with a fixed event.
 * After step 4 nobody, this kernel included, can unseal a window-sealed secret or create an
 * object whose creation data shows the window values, until the next reboot.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/init.h>
#include <linux/math64.h>
#include <linux/random.h>
#include <linux/ratelimit.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/tpm.h>
#include <crypto/algapi.h>
#include <asm/setup.h>

#include "hibseal_private.h"

#define WINDOW_CLOSED_EVENT	"hibseal: boot window closed"
#define KEXEC_REASON	"started by kexec: the window PCR holds the previous kernel's value"

struct hibseal_state hibseal = {
	.lock = __MUTEX_INITIALIZER(hibseal.lock),
	.reason = "the boot window has not run",
};

/*
 * Locking.
 *
 * hibseal.lock serialises every entry point that changes sealing's state or talks to the TPM:
 * the window (open, close, final, and a resume inside it: the key, the freshness decisions),
 * a TPM chip registered after it, suspend to RAM, the PM notifier, an image written (its
 * check, the boot secret, the EFI copy, the image written, the kernel running on) or opened
 * after the window (the pending key), and the lift's worker. The helpers they share assert
 * it. It is taken after system_transition_mutex (held by most callers) and before the TPM's
 * own locks. No entry point waits for one of those while holding it, except through the TPM.
 *
 * Without it, on purpose: the lift (hibseal_lockdown_lifted(), SysRq in interrupt context)
 * sets hibseal.lifted and wipes the secrets; the reboot and panic notifiers wipe the keys (a
 * power-off from inside an entry point passes the reboot notifiers, with the lock held); and
 * the readers anyone may call: hibseal_ready(), hibseal_unavailable_reason(),
 * hibseal_pending_key(), hibseal_key_held(), hibseal_lifted() and
 * hibseal_window_refuses_helper(). The fields these touch are listed apart in struct
 * hibseal_state and only ever accessed with READ_ONCE()/WRITE_ONCE() or acquire/release.
 * A secret is copied under the lock and thrown away if hibseal.lifted is set once copied
 * (hibseal_boot_secret()): the lift sets it before it wipes.
 */

/*
 * A pending image's key, unsealed in the window for a resume after it, is forgotten, and so
 * is its renewed blob unless an image claimed it (hibseal_window_image_fresh()). Also without
 * hibseal.lock, by the reboot and panic notifiers.
 */
void hibseal_drop_pending(void)
{
	WRITE_ONCE(hibseal.have_pending, false);
	WRITE_ONCE(hibseal.have_renewed, false);
	memzero_explicit(hibseal.pending_secret, sizeof(hibseal.pending_secret));
	if (!READ_ONCE(hibseal.renewed_claimed))
		memzero_explicit(&hibseal.renewed, sizeof(hibseal.renewed));
}

/* The renewed blob an image claimed is forgotten: stored, or no restore will come. */
void hibseal_drop_renewed(void)
{
	WRITE_ONCE(hibseal.renewed_claimed, false);
	memzero_explicit(&hibseal.renewed, sizeof(hibseal.renewed));
}

/* Sealing becomes unavailable until reboot: say why, once, and forget the secret. */
void hibseal_disable(const char *reason, int rc, const struct tpm2_hibseal_err *err)
{
	lockdep_assert_held(&hibseal.lock);
	WRITE_ONCE(hibseal.ready, false);
	WRITE_ONCE(hibseal.reason, reason);
	memzero_explicit(hibseal.secret, sizeof(hibseal.secret));
	hibseal_drop_pending();
	if (err && err->tpm_rc)
		pr_warn("sealed hibernation unavailable: %s: %s failed, TPM rc 0x%03x\n",
			reason, err->step, err->tpm_rc);
	else if (err)
		pr_warn("sealed hibernation unavailable: %s: %s failed (%d)\n",
			reason, err->step, rc);
	else
		pr_warn("sealed hibernation unavailable: %s\n", reason);
	/* After the window: whatever made sealing give up, its blobs must not outlive it. */
	if (READ_ONCE(hibseal.key_held) && hibseal_window_over() && hibseal.chip)
		hibseal_expire_blobs();
}

/*
 * Debug builds prove the window at every boot: the secret unseals inside it, and (see
 * window_selftest_closed()) no longer after it.
 */
static void __init window_selftest_open(void)
{
	struct tpm2_hibseal_err err = {};
	u8 check[HIBSEAL_SECRET_SIZE];
	int rc;

	u64 bound;

	rc = tpm2_hibseal_unseal(hibseal.chip, &hibseal.window, EPOCH_INDEX, &hibseal.blob, check,
				 sizeof(check), &bound, &err);
	if (!rc && crypto_memneq(check, hibseal.secret, sizeof(check)))
		rc = -EBADMSG;
	memzero_explicit(check, sizeof(check));
	if (rc)
		hibseal_disable("self-test: unseal inside the window", rc, &err);
	else
		pr_info("self-test: boot secret unsealed inside the window\n");
}

static void window_selftest_closed(void)
{
	struct tpm2_hibseal_err err = {};
	u8 check[HIBSEAL_SECRET_SIZE];
	int rc;

	u64 bound;

	rc = tpm2_hibseal_unseal(hibseal.chip, &hibseal.window, EPOCH_INDEX, &hibseal.blob, check,
				 sizeof(check), &bound, &err);
	memzero_explicit(check, sizeof(check));
	if (rc == -EACCES) {
		pr_info("self-test: unseal after the window refused: %s, TPM rc 0x%03x\n",
			err.step, err.tpm_rc);
		return;
	}
	hibseal_disable("self-test: unseal after the window was not refused", rc, NULL);
}

/*
 * A kernel started by kexec finds the window PCR as the previous kernel left it: closed, a
 * value every boot of this machine reaches once its own window closes. A secret sealed to it
 * would be open to root in any later boot, and an image sealed to it could not be resumed
 * after power-on anyway. x86 boot protocol: type_of_loader 0xDx is kexec, which
 * kexec_file_load() sets itself (Kconfig: sealed hibernation is x86 only, for this).
 */
static bool started_by_kexec(void)
{
	return (boot_params.hdr.type_of_loader >> 4) == 0xd;
}

/**
 * hibseal_window_open() - read the window PCRs and seal this boot's secret
 *
 * Runs once, from the late initcall that resumes from hibernation, before any userspace.
 * Any failure leaves sealing unavailable with its reason.
 */
void __init hibseal_window_open(void)
{
	struct tpm2_hibseal_err err = {};
	unsigned long mask = WINDOW_MASK;
	const char *none, *unbound;
	int rc;

	guard(mutex)(&hibseal.lock);
	if (hibseal_phase() != HIBSEAL_BEFORE_WINDOW)
		return;
	none = started_by_kexec() ? KEXEC_REASON : NULL;
	if (!none) {
		hibseal.chip = tpm_default_chip();
		if (!hibseal.chip)
			none = "no TPM found";
	}
	if (!none && !tpm_is_tpm2(hibseal.chip)) {
		put_device(&hibseal.chip->dev);
		hibseal.chip = NULL;
		none = "the TPM is not a TPM 2.0";
	}
	if (none) {
		WRITE_ONCE(hibseal.phase, HIBSEAL_WINDOW_CLOSING);
		hibseal_disable(none, 0, NULL);
		return;
	}
	hibseal.tpm2_seen = true;
	WRITE_ONCE(hibseal.phase, HIBSEAL_WINDOW_OPEN);

	/* Whether those PCRs identify this kernel: the event log says what measured it. */
	unbound = hibseal_boot_chain(hibseal.chip);
	rc = tpm2_hibseal_read_pcrs(hibseal.chip, WINDOW_MASK, &hibseal.window, &err);
	if (rc) {
		hibseal_disable("cannot read the window PCRs", rc, &err);
		return;
	}
	/* First: a boot that cannot seal must still make pending images stale. */
	rc = hibseal_counter_setup(&err);
	if (rc) {
		hibseal_disable("cannot set up the anti-replay counter", rc, &err);
		return;
	}
	if (unbound) {
		hibseal_disable(unbound, 0, NULL);
		return;
	}
	/*
	 * From here on a key is in kernel memory, and copies of it may outlive it: lockdown
	 * refuses reads of kernel memory under integrity too while hibseal_key_held() says so,
	 * which it does before the guard is registered, so that no read asked in between is
	 * allowed unnoted. A read lockdown allowed before (a probe defined at boot) would not
	 * ask again: no key then, and the reads stay refused all the same.
	 */
	WRITE_ONCE(hibseal.key_held, true);
	if (lockdown_guard_secret("sealed hibernation holds its key", hibseal_key_held)) {
		hibseal_disable("kernel memory could be read before the key existed", -EBUSY, NULL);
		return;
	}
	hibseal_pending_load();
	get_random_bytes(hibseal.secret, sizeof(hibseal.secret));
	rc = tpm2_hibseal_seal(hibseal.chip, &hibseal.window, EPOCH_INDEX, hibseal.epoch + 1,
			       hibseal.secret, sizeof(hibseal.secret), &hibseal.blob, &err);
	if (rc) {
		hibseal_disable("cannot seal the boot secret", rc, &err);
		return;
	}
	hibseal.bound = hibseal.epoch + 1;
	if (READ_ONCE(hibseal.lifted)) {
		hibseal_disable("lockdown was lifted in this boot", 0, NULL);
		return;
	}
	WRITE_ONCE(hibseal.ready, true);
	WRITE_ONCE(hibseal.reason, NULL);
	pr_info("boot window open: PCRs %*pbl read, boot secret sealed to them (%u-byte blob, blob epoch at most %llu), anti-replay counter at %llu\n",
		TPM2_HIBSEAL_NR_PCRS, &mask, hibseal.blob.len, hibseal.bound, hibseal.counter);
	if (IS_ENABLED(CONFIG_HIBERNATION_SEAL_SELFTEST))
		window_selftest_open();
}

/*
 * No userspace may run while the window PCR can still hold its window value: usermode helpers
 * are refused from boot until the window has closed (hibseal_window_close(), or
 * hibseal_window_final() if it never ran). init itself starts only after the latter.
 */
static void allow_helpers(void)
{
	lockdep_assert_held(&hibseal.lock);
	/* Pairs with the acquire in hibseal_window_refuses_helper(). */
	smp_store_release(&hibseal.phase, HIBSEAL_AFTER_WINDOW);
}

/**
 * hibseal_window_refuses_helper() - whether a usermode helper must not start now
 * @path: the helper's program
 * @argv: its arguments (the last one names what it is for: modprobe's module, say)
 *
 * Called by call_usermodehelper_exec() for every helper. Before the boot window has closed a
 * helper (modprobe from the initramfs, say) would be userspace that sees the window's PCR
 * values and could unseal what is sealed to them: it fails at once, with one line each (a
 * boot makes a handful; rate-limited all the same).
 *
 * Return: true while the window has not closed.
 */
bool hibseal_window_refuses_helper(const char *path, char **argv)
{
	static DEFINE_RATELIMIT_STATE(refusals, 5 * HZ, 32);
	const char *what = NULL;
	int argc;

	/* Pairs with the release in allow_helpers(): the window is closed by then. */
	if (likely(smp_load_acquire(&hibseal.phase) == HIBSEAL_AFTER_WINDOW))
		return false;
	for (argc = 1; argv && argv[0] && argv[argc]; argc++)
		what = argv[argc];
	if (__ratelimit(&refusals))
		pr_notice("usermode helper %s%s%s refused: the boot window is open (no userspace may run until it closes)\n",
			  path, what ? " " : "", what ?: "");
	return true;
}

/*
 * Extend the window PCR of @chip and return its new value in @now. If that fails, try to spoil
 * the other policy PCRs too, so the window values cannot be reached by anyone this boot.
 */
int hibseal_extend_window(struct tpm_chip *chip, struct tpm2_hibseal_pcrs *now,
			  struct tpm2_hibseal_err *err)
{
	int rc;

	lockdep_assert_held(&hibseal.lock);
	rc = tpm2_hibseal_extend(chip, WINDOW_PCR, WINDOW_CLOSED_EVENT, err);
	if (!rc)
		rc = tpm2_hibseal_read_pcrs(chip, BIT(WINDOW_PCR), now, err);
	if (rc) {
		struct tpm2_hibseal_err ignored;

		tpm2_hibseal_extend(chip, KERNEL_PCR, WINDOW_CLOSED_EVENT, &ignored);
		tpm2_hibseal_extend(chip, SECUREBOOT_PCR, WINDOW_CLOSED_EVENT, &ignored);
	}
	return rc;
}

/* Extend the window PCR, once; hibseal_window_close() says what for. */
static int window_close(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_pcrs now;
	int rc;

	lockdep_assert_held(&hibseal.lock);
	if (hibseal_phase() != HIBSEAL_WINDOW_OPEN)
		return hibseal.close_rc;
	/*
	 * A boot that resumed nothing still uses up its counter value, and ends the blobs of the
	 * boots before it: see hibseal_counter_setup().
	 */
	if (hibseal_close_advances(hibseal.counters)) {
		u64 epoch = hibseal.epoch;

		rc = hibseal_counter_advance(&err) ?:
		     hibseal_counter_step(hibseal.chip, EPOCH_INDEX, epoch, &hibseal.epoch, &err);
		if (!rc)
			hibseal.counters = HIBSEAL_COUNTERS_ADVANCED;
		if (rc)
			hibseal_disable("cannot advance the anti-replay counter and the blob epoch",
					rc, &err);
		else
			pr_info("anti-replay counter advanced to %llu, blob epoch to %llu\n",
				hibseal.counter, hibseal.epoch);
	}
	WRITE_ONCE(hibseal.phase, HIBSEAL_WINDOW_CLOSING);
	rc = hibseal_extend_window(hibseal.chip, &now, &err);
	if (rc) {
		hibseal_disable("cannot close the boot window", rc, &err);
		return hibseal.close_rc = rc;
	}
	if (!crypto_memneq(now.value[WINDOW_PCR], hibseal.window.value[WINDOW_PCR],
			   SHA256_DIGEST_SIZE)) {
		hibseal_disable("the window PCR did not change when extended", 0, NULL);
		return hibseal.close_rc = -EIO;
	}
	memcpy(hibseal.closed, now.value[WINDOW_PCR], sizeof(hibseal.closed));
	pr_info("boot window closed: PCR %d extended\n", WINDOW_PCR);
	if (IS_ENABLED(CONFIG_HIBERNATION_SEAL_SELFTEST) && READ_ONCE(hibseal.ready))
		window_selftest_closed();
	pr_info("TPM busy %llu ms this boot so far\n",
		div_u64(tpm2_hibseal_busy_ns(), NSEC_PER_MSEC));
	return 0;
}

/**
 * hibseal_window_close() - extend the window PCR, so the window values are gone until reboot
 *
 * Idempotent. If the PCR cannot be extended, or does not change, secrets sealed to the window
 * could still be unsealed by anyone: sealing becomes unavailable and the secret is wiped.
 * Usermode helpers may start from the first call on, whatever its outcome.
 *
 * Return: 0 once the window is closed (or there is none), -errno if it could not be closed.
 */
int hibseal_window_close(void)
{
	int rc;

	guard(mutex)(&hibseal.lock);
	rc = window_close();
	allow_helpers();
	return rc;
}

/**
 * hibseal_window_final() - last call before init runs: the window must be closed by now
 *
 * The window normally opens and closes around the boot-time resume, a late initcall; an
 * initcall can be blacklisted on the command line. Whatever happened, close it here.
 */
void __init hibseal_window_final(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_pcrs now;
	struct tpm_chip *chip;

	guard(mutex)(&hibseal.lock);
	if (hibseal_phase() != HIBSEAL_BEFORE_WINDOW) {
		window_close();
		allow_helpers();
		/* The restore this window advanced the counter for failed: hibseal_epoch_owed() */
		if (hibseal.chip && hibseal_epoch_owed(hibseal.counters, hibseal.blobs_expired))
			hibseal_epoch_after_failed_restore();
		return;
	}
	WRITE_ONCE(hibseal.phase, HIBSEAL_WINDOW_CLOSING);
	hibseal_disable("the boot window did not run", 0, NULL);
	chip = tpm_default_chip();
	if (chip) {
		if (tpm_is_tpm2(chip)) {
			hibseal.tpm2_seen = true;
			if (hibseal_extend_window(chip, &now, &err))
				pr_err("cannot close the boot window: %s failed\n", err.step);
		}
		put_device(&chip->dev);
	}
	allow_helpers();
}

/**
 * hibseal_tpm_registered() - a TPM appears: if the window has gone, close it on that TPM too
 * @chip: the new chip, started, not yet visible to userspace
 *
 * A TPM that probes after the window (slow or asynchronous probing), or the window's TPM under
 * a new chip (root bound its driver again), may hold the window values: extend its window PCR
 * before userspace can reach it. If that fails the chip is refused: tpm_chip_register() fails.
 * A virtual chip (a vTPM proxy) is left alone: its PCRs are whatever the process behind it
 * answers, so they say nothing about a TPM of this machine, and a zero PCR there must not
 * look like a reset to the window or the blob expiry.
 *
 * Return: 0, or -errno.
 */
int hibseal_tpm_registered(struct tpm_chip *chip)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_pcrs now;
	bool closed_before, reset;
	int rc;

	guard(mutex)(&hibseal.lock);
	if (hibseal_phase() == HIBSEAL_BEFORE_WINDOW || chip == hibseal.chip ||
	    !(chip->flags & TPM_CHIP_FLAG_TPM2) || (chip->flags & TPM_CHIP_FLAG_VIRTUAL))
		return 0;
	closed_before = hibseal.tpm2_seen;
	hibseal.tpm2_seen = true;
	/*
	 * At zero after a window that closed a TPM 2.0: the TPM was reset since (while its driver
	 * was unbound). A boot whose window found no TPM 2.0 left every PCR 14 at zero.
	 */
	rc = tpm2_hibseal_read_pcrs(chip, BIT(WINDOW_PCR), &now, &err);
	reset = closed_before && !rc && !memchr_inv(now.value[WINDOW_PCR], 0, SHA256_DIGEST_SIZE);
	rc = hibseal_extend_window(chip, &now, &err);
	if (rc) {
		pr_err("TPM refused: it registered after the boot window, and its window PCR cannot be extended: %s failed (%d)\n",
		       err.step, rc);
		return rc;
	}
	pr_info("TPM registered after the boot window: PCR %d extended%s\n", WINDOW_PCR,
		reset ? " (it had been reset)" : "");
	if (reset && READ_ONCE(hibseal.ready))
		hibseal_disable("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
	if (reset && READ_ONCE(hibseal.key_held) && !hibseal.blobs_expired)
		hibseal_expire_blobs_on(chip);
	return 0;
}

/**
 * hibseal_window_unseal() - unseal a pending image's boot secret, inside the window
 * @blob:   the key blob from the image header (untrusted)
 * @secret: receives the secret (%HIBSEAL_SECRET_SIZE bytes)
 *
 * Logs the one reason line when the image's key is refused. Called with hibseal.lock held.
 *
 * Return: 0; -EACCES when the window is closed or the TPM refuses; -EBADMSG for a malformed
 * or forged blob; other -errno.
 */
int hibseal_window_unseal(const struct tpm2_hibseal_blob *blob, u8 *secret)
{
	struct tpm2_hibseal_err err = {};
	u64 bound = 0;
	int rc;

	lockdep_assert_held(&hibseal.lock);
	if (hibseal_phase() != HIBSEAL_WINDOW_OPEN || !hibseal.chip) {
		hibseal_refused_err("its key can only be unsealed inside the boot window, and %s",
				    hibseal.chip ? "the window is closed" : "there is no TPM");
		return -EACCES;
	}
	/*
	 * Sealing gave up in this window (its PCRs may not identify this kernel, say): no image's
	 * key is unsealed, since such an image would be refused anyway once decrypted.
	 */
	if (!READ_ONCE(hibseal.ready)) {
		hibseal_refused_err("its key is not unsealed: sealed hibernation is unavailable in this boot (%s)",
				    READ_ONCE(hibseal.reason));
		return -EACCES;
	}
	/* Unsealed already, from the EFI copy: the same blob gives the same secret. */
	if (READ_ONCE(hibseal.have_pending) && blob->len == hibseal.pending_blob.len &&
	    !memcmp(blob->data, hibseal.pending_blob.data, blob->len)) {
		memcpy(secret, hibseal.pending_secret, HIBSEAL_SECRET_SIZE);
		return 0;
	}
	rc = tpm2_hibseal_unseal(hibseal.chip, &hibseal.window, EPOCH_INDEX, blob, secret,
				 HIBSEAL_SECRET_SIZE, &bound, &err);
	if (!rc)
		return 0;
	memzero_explicit(secret, HIBSEAL_SECRET_SIZE);
	if (rc == -EKEYEXPIRED)
		hibseal_refused_err("its key blob has expired: the blob epoch counter is at %llu, past the %llu its policy allows (%s, TPM rc 0x%03x)",
				    hibseal.epoch, bound, err.step, err.tpm_rc);
	else if (rc == -EACCES && !strcmp(err.step, TPM2_HIBSEAL_STEP_CREATION))
		hibseal_refused_err("its key was not created inside this machine's boot window (its creation PCRs differ)");
	else if (rc == -EACCES)
		hibseal_refused_err("its key is not sealed to this machine, kernel and Secure Boot state (%s, TPM rc 0x%03x)",
				    err.step, err.tpm_rc);
	else if (rc == -EBADMSG)
		hibseal_refused_err("its key blob was not made by a boot window of this TPM (%s, TPM rc 0x%03x)",
				    err.step, err.tpm_rc);
	else
		hibseal_refused_err("cannot unseal its key: %s failed (%d, TPM rc 0x%03x)",
				    err.step, rc, err.tpm_rc);
	return rc;
}

/*
 * A window PCR back at its window value means the TPM was reset under this kernel (or under
 * the kernel this one was restored from): anyone could now unseal with the window values, so
 * sealing is unavailable until reboot.
 */
int hibseal_window_still_closed(struct tpm2_hibseal_err *err)
{
	struct tpm2_hibseal_pcrs now;
	struct tpm2_hibseal_err ignored;
	int rc;

	lockdep_assert_held(&hibseal.lock);
	rc = tpm2_hibseal_read_pcrs(hibseal.chip, BIT(WINDOW_PCR), &now, err);
	if (rc)
		return rc;
	/*
	 * Anything but the value it had once closed means a reset (after which root could replay
	 * the event log up to the window values) or an extension nobody should make: extend it
	 * again (or, failing that, PCRs 4 and 7), and seal nothing more this boot.
	 */
	if (crypto_memneq(now.value[WINDOW_PCR], hibseal.closed, SHA256_DIGEST_SIZE)) {
		hibseal_extend_window(hibseal.chip, &now, &ignored);
		hibseal_disable("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
		return -EPERM;
	}
	return 0;
}

/**
 * hibseal_boot_secret() - this boot's secret and its sealed blob, for a new image
 * @secret: receives the secret (%HIBSEAL_SECRET_SIZE bytes); wipe it after use
 * @blob:   receives the blob
 *
 * Return: 0, or -EPERM when sealing is unavailable.
 */
int hibseal_boot_secret(u8 *secret, struct tpm2_hibseal_blob *blob)
{
	guard(mutex)(&hibseal.lock);
	if (!hibseal_ready())
		return -EPERM;
	memcpy(secret, hibseal.secret, HIBSEAL_SECRET_SIZE);
	*blob = hibseal.blob;
	/* A lift may have wiped it meanwhile (pairs with hibseal_lockdown_lifted()). */
	smp_rmb();
	if (READ_ONCE(hibseal.lifted)) {
		memzero_explicit(secret, HIBSEAL_SECRET_SIZE);
		return -EPERM;
	}
	return 0;
}

/**
 * hibseal_tpm_busy_ns() - time sealed hibernation spent in TPM commands this boot
 *
 * Return: nanoseconds (for the image timing line of benchmarks).
 */
u64 hibseal_tpm_busy_ns(void)
{
	return tpm2_hibseal_busy_ns();
}

/**
 * hibseal_ready() - whether this boot can write a sealed image
 *
 * Return: true once the boot secret is sealed and the window closed, and until anything
 * makes sealing unavailable.
 */
bool hibseal_ready(void)
{
	return READ_ONCE(hibseal.ready) && hibseal_phase() != HIBSEAL_WINDOW_OPEN &&
	       !READ_ONCE(hibseal.lifted);
}

/**
 * hibseal_unavailable_reason() - why sealing is unavailable
 *
 * Return: a sentence fragment for logs and sysfs, or NULL when sealing is ready.
 */
const char *hibseal_unavailable_reason(void)
{
	if (hibseal_ready())
		return NULL;
	/* Before lift_wipe() has run, the lift is the reason all the same. */
	if (READ_ONCE(hibseal.lifted))
		return "lockdown was lifted in this boot";
	return READ_ONCE(hibseal.reason);
}
