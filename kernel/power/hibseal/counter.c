// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: the anti-replay counter and the blob epoch, two TPM NV counters ("The
 * counters" in Documentation/power/sealed-hibernation.rst), and the freshness decisions made
 * with them: an image is fresh for the very next boot window only, and a key blob unseals in
 * its own window and the next one.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/reboot.h>
#include <linux/string.h>

#include "hibseal_private.h"

/*
 * The decisions, apart from the TPM and from hibseal's state so that KUnit can go through them
 * (tests/freshness_kunit.c, included at the end of this file).
 */

/**
 * hibseal_verdict_in_window() - may an image be restored, as the window sees it?
 * @phase:          the window's phase
 * @counters:       what the window did with the counters so far
 * @ready:          sealing is available in this boot
 * @window_counter: the anti-replay counter value the window found
 * @image_counter:  the value the image was written at
 *
 * Only inside the window, once (the window advances the counter for the image it restores),
 * with sealing available, and for the counter value the window found.
 *
 * Return: the verdict.
 */
enum hibseal_verdict hibseal_verdict_in_window(enum hibseal_phase phase,
					       enum hibseal_counters counters, bool ready,
					       u64 window_counter, u64 image_counter)
{
	if (phase != HIBSEAL_WINDOW_OPEN || counters >= HIBSEAL_COUNTER_ADVANCED)
		return HIBSEAL_NOT_NOW;
	if (!ready)
		return HIBSEAL_UNAVAILABLE;
	return image_counter == window_counter ? HIBSEAL_FRESH : HIBSEAL_STALE;
}

/**
 * hibseal_verdict_pending() - may an image be opened after the window, with the pending key?
 * @have_pending:   the window unsealed a pending image's key, and it is still held
 * @lifted:         lockdown was lifted in this boot
 * @window_counter: the anti-replay counter value the window found (before it advanced it)
 * @image_counter:  the value the image was written at
 *
 * Return: the verdict.
 */
enum hibseal_verdict hibseal_verdict_pending(bool have_pending, bool lifted, u64 window_counter,
					     u64 image_counter)
{
	if (!have_pending || lifted)
		return HIBSEAL_NO_KEY;
	return image_counter == window_counter ? HIBSEAL_FRESH : HIBSEAL_STALE;
}

/**
 * hibseal_close_advances() - does closing the window advance both counters?
 * @counters: what the window did with them so far
 *
 * A window that read the counters and resumed nothing uses up its counter value and ends the
 * blobs of the boots before it. One that resumed an image advanced the anti-replay counter
 * already and leaves the blob epoch to the restored kernel; one that could not read them can
 * advance nothing.
 *
 * Return: true if both are to be advanced now.
 */
bool hibseal_close_advances(enum hibseal_counters counters)
{
	return counters == HIBSEAL_COUNTERS_READ;
}

/**
 * hibseal_epoch_owed() - before init: does this boot still owe the blob epoch its advance?
 * @counters:      what the window did with the counters
 * @blobs_expired: every blob has expired already (the epoch moved past them)
 *
 * A window that advanced the anti-replay counter for a resume left the blob epoch to the
 * restored kernel. Reaching init, that restore failed, and this boot runs as itself: a boot
 * that resumed nothing, whose window must end the blobs of the boots before it.
 *
 * Return: true if the blob epoch must be advanced now.
 */
bool hibseal_epoch_owed(enum hibseal_counters counters, bool blobs_expired)
{
	return counters == HIBSEAL_COUNTER_ADVANCED && !blobs_expired;
}

/**
 * hibseal_blob_expired() - has a blob with this bound expired?
 * @epoch: the blob epoch counter as the TPM has it
 * @bound: the highest epoch at which the blob unseals (its PolicyNV operand)
 *
 * Return: true once the epoch is past the bound: the TPM refuses that blob for good.
 */
bool hibseal_blob_expired(u64 epoch, u64 bound)
{
	return epoch > bound;
}

/*
 * The two counters ("The counters" in Documentation/power/sealed-hibernation.rst), NV
 * counters anyone may read and advance, defined by the first window that finds them missing:
 * - the anti-replay counter: every boot window advances it once (when it resumes an image, or
 *   else when it closes), and so does a boot that wrote an image and ran on. An image records
 *   the value after its boot's advance, so it is fresh only for the very next boot window.
 * - the blob epoch: a boot secret is sealed with PolicyNV "epoch at most E + 1", E the epoch
 *   its window found, and every window that closes without resuming an image advances it once.
 *   A blob therefore unseals in its own window and the next one, and in the windows that
 *   resume its images one after another; any other boot, or anything that may have exposed a
 *   secret (hibseal_expire_blobs()), ends it for good.
 */
static int counter_setup_one(u32 index, const char *what, u64 *value,
			     struct tpm2_hibseal_err *err)
{
	int rc;

	rc = tpm2_hibseal_counter_read(hibseal.chip, index, value, err);
	/*
	 * Missing, or not exactly ours (someone else's index at our handle): define it anew. This
	 * cannot make any image fresh or any blob usable again, see tpm2_hibseal_counter_define().
	 */
	if (rc == -ENOENT || rc == -EBADMSG) {
		bool redefine = rc == -EBADMSG;

		rc = tpm2_hibseal_counter_define(hibseal.chip, index, redefine, err);
		if (rc)
			return rc;
		pr_info("%s %s at NV index 0x%08x\n", what,
			redefine ? "redefined (its public area was not ours)" : "defined", index);
		rc = -ENODATA;
	}
	if (rc == -ENODATA)	/* never written: its first increment gives its start value */
		rc = tpm2_hibseal_counter_increment(hibseal.chip, index, err) ?:
			tpm2_hibseal_counter_read(hibseal.chip, index, value, err);
	return rc;
}

int hibseal_counter_setup(struct tpm2_hibseal_err *err)
{
	int rc;

	lockdep_assert_held(&hibseal.lock);
	rc = counter_setup_one(COUNTER_INDEX, "anti-replay counter", &hibseal.counter, err) ?:
		counter_setup_one(EPOCH_INDEX, "blob epoch counter", &hibseal.epoch, err);
	hibseal.pending_counter = hibseal.counter;
	if (!rc)
		hibseal.counters = HIBSEAL_COUNTERS_READ;
	return rc;
}

/* Advance one counter and read it back; it must have moved past @old. */
int hibseal_counter_step(struct tpm_chip *chip, u32 index, u64 old, u64 *value,
			 struct tpm2_hibseal_err *err)
{
	int rc;

	lockdep_assert_held(&hibseal.lock);
	rc = tpm2_hibseal_counter_increment(chip, index, err) ?:
		tpm2_hibseal_counter_read(chip, index, value, err);
	if (!rc && *value <= old) {
		*err = (struct tpm2_hibseal_err){ .step = "a counter that does not count" };
		rc = -EIO;
	}
	return rc;
}

/* This window's one advance of the anti-replay counter. */
int hibseal_counter_advance(struct tpm2_hibseal_err *err)
{
	int rc = hibseal_counter_step(hibseal.chip, COUNTER_INDEX, hibseal.pending_counter,
				      &hibseal.counter, err);

	if (!rc)
		hibseal.counters = HIBSEAL_COUNTER_ADVANCED;
	return rc;
}

/*
 * Advance the blob epoch two past its current value. A window seals with a bound of the epoch
 * it found plus one, so no blob of this TPM has a bound above the current epoch plus one: after
 * this, none unseals again, in any later window (this kernel's, a pending image's, a renewed
 * one, whatever EFI or a disk still holds). For anything that may have exposed a secret after
 * the window: a lift, sealing giving up. Once per boot (no blob is made after the window).
 *
 * @chip is the window's TPM, or the same TPM under a chip registered since (its driver bound
 * again).
 *
 * Return: 0 once done, or -errno (logged) if the TPM did not let it happen.
 */
int hibseal_expire_blobs_on(struct tpm_chip *chip)
{
	struct tpm2_hibseal_err err = {};
	u64 epoch, target;
	int rc;

	lockdep_assert_held(&hibseal.lock);
	if (hibseal.blobs_expired)
		return 0;
	rc = tpm2_hibseal_counter_read(chip, EPOCH_INDEX, &epoch, &err);
	target = epoch + 2;
	while (!rc && epoch < target)
		rc = hibseal_counter_step(chip, EPOCH_INDEX, epoch, &epoch, &err);
	if (rc) {
		pr_err("cannot expire the key blobs: %s failed (%d, TPM rc 0x%03x)\n", err.step, rc,
		       err.tpm_rc);
		return rc;
	}
	hibseal.epoch = epoch;
	hibseal.blobs_expired = true;
	pr_info("blob epoch counter advanced to %llu: every key blob made so far has expired\n",
		epoch);
	return 0;
}

int hibseal_expire_blobs(void)
{
	return hibseal_expire_blobs_on(hibseal.chip);
}

void __init hibseal_epoch_after_failed_restore(void)
{
	struct tpm2_hibseal_err err = {};
	u64 epoch = hibseal.epoch;

	if (hibseal_counter_step(hibseal.chip, EPOCH_INDEX, epoch, &hibseal.epoch, &err)) {
		hibseal_disable("cannot advance the blob epoch after a failed restore", -EIO, &err);
		return;
	}
	hibseal.counters = HIBSEAL_COUNTERS_ADVANCED;
	pr_info("the restore failed: blob epoch advanced to %llu\n", hibseal.epoch);
}

void hibseal_log_stale(u64 image_counter)
{
	lockdep_assert_held(&hibseal.lock);
	hibseal_stale_err("written at anti-replay counter %llu, the TPM's counter is at %llu (a boot ran since, or it was resumed before)",
			  image_counter, hibseal.pending_counter);
}

/**
 * hibseal_window_fresh() - an early look at an image's freshness, before anything is decrypted
 * @image_counter: the counter value its header gives (not authenticated yet)
 *
 * A stale image is authentic: refusing it only after every chunk was decrypted would leave its
 * memory in freed pages. hibseal_window_advance_counter() decides, after the image MAC.
 *
 * Return: 0, or -ESTALE (logged).
 */
int hibseal_window_fresh(u64 image_counter)
{
	lockdep_assert_held(&hibseal.lock);
	if (READ_ONCE(hibseal.ready) && image_counter != hibseal.pending_counter) {
		hibseal_log_stale(image_counter);
		return -ESTALE;
	}
	return 0;
}

/**
 * hibseal_window_advance_counter() - the freshness check of a verified image, and its advance
 * @image_counter: the counter value the image was written at (authenticated)
 *
 * The last check before a restore, inside the boot window: an image is fresh only if the TPM's
 * counter still holds the value it was written at, that is, if no boot window ran since the
 * one of the boot that wrote it. Advancing the counter makes any copy of it stale. Logs the
 * one reason line when the image is refused. Called with hibseal.lock held.
 *
 * Return: 0; -ESTALE for a stale image; -EACCES outside the window; other -errno.
 */
int hibseal_window_advance_counter(u64 image_counter)
{
	enum hibseal_verdict verdict = HIBSEAL_NOT_NOW;
	struct tpm2_hibseal_err err = {};
	int rc;

	lockdep_assert_held(&hibseal.lock);
	if (hibseal.chip)
		verdict = hibseal_verdict_in_window(hibseal_phase(), hibseal.counters,
						    READ_ONCE(hibseal.ready),
						    hibseal.pending_counter, image_counter);
	switch (verdict) {
	case HIBSEAL_FRESH:
		break;
	case HIBSEAL_STALE:
		hibseal_log_stale(image_counter);
		return -ESTALE;
	case HIBSEAL_UNAVAILABLE:
		hibseal_refused_err("its freshness cannot be checked: sealed hibernation is unavailable in this boot (%s)",
				    READ_ONCE(hibseal.reason));
		return -EACCES;
	default:
		hibseal_refused_err("the anti-replay counter can only be checked once, inside the boot window");
		return -EACCES;
	}
	rc = hibseal_counter_advance(&err);
	if (rc) {
		hibseal_refused_err("cannot advance the anti-replay counter: %s failed (%d, TPM rc 0x%03x)",
				    err.step, rc, err.tpm_rc);
		return rc;
	}
	pr_info("anti-replay counter advanced to %llu: this image cannot be resumed again\n",
		hibseal.counter);
	hibseal_drop_pending();
	return 0;
}

/**
 * hibseal_counter() - the anti-replay counter value a new image is written at
 *
 * Return: the counter's value as this kernel last read or advanced it (in the window, after
 * a resume, before an image is written); 0 if it never read it.
 */
u64 hibseal_counter(void)
{
	guard(mutex)(&hibseal.lock);
	return hibseal.counter;
}

/**
 * hibseal_window_check() - before an image is written: is the TPM there, the window closed?
 *
 * A TPM that does not answer cannot be vouched for: the hibernation is refused.
 *
 * Return: 0; -EIO if the TPM does not answer; -EPERM if sealing is (now) unavailable.
 */
int hibseal_window_check(void)
{
	struct tpm2_hibseal_err err = {};
	u64 counter, epoch;
	int rc;

	guard(mutex)(&hibseal.lock);
	if (!hibseal_ready())
		return -EPERM;
	/* A second image would carry the first one's counter value: see hibseal_image_written(). */
	if (hibseal.image_written) {
		pr_err("cannot hibernate: this boot already wrote a sealed image\n");
		return -EPERM;
	}
	rc = hibseal_window_still_closed(&err);
	if (rc && rc != -EPERM) {
		pr_err("cannot hibernate: the TPM does not answer (%s failed, %d, TPM rc 0x%03x)\n",
		       err.step, rc, err.tpm_rc);
		return -EIO;
	}
	if (rc)
		return rc;
	/*
	 * The counters as the TPM has them now (tasks are frozen on the swap path): the image
	 * records the anti-replay counter's present value (anyone may have advanced it), and this
	 * boot's blob must not have expired. Counters that cannot be read now (root can disable
	 * the owner hierarchy, which hides them) could not make this image stale later: no image.
	 */
	rc = tpm2_hibseal_counter_read(hibseal.chip, COUNTER_INDEX, &counter, &err) ?:
	     tpm2_hibseal_counter_read(hibseal.chip, EPOCH_INDEX, &epoch, &err);
	if (rc) {
		pr_err("cannot hibernate: the TPM's counters cannot be read (%s failed, %d, TPM rc 0x%03x)\n",
		       err.step, rc, err.tpm_rc);
		return -EIO;
	}
	if (hibseal_blob_expired(epoch, hibseal.bound)) {
		hibseal_disable("this boot's key blob has expired", 0, NULL);
		return -EPERM;
	}
	hibseal.counter = counter;
	return 0;
}

/**
 * hibseal_window_kept_running() - this kernel wrote an image and runs on
 *
 * Called before tasks thaw when a written image was not followed by a power-off (a wake-up
 * from suspend-to-both, test_resume, a platform rollback, a uswsusp writer that unfreezes),
 * and from the PM notifier. The image is authentic and would resume at the next boot, bringing
 * back memory older than what ran since: advance the anti-replay counter now, so it is stale.
 * Sealing stays available; the next image records the new value. If the counter cannot be
 * advanced, the machine powers off instead of running on: the image is then its state.
 */
void hibseal_window_kept_running(void)
{
	guard(mutex)(&hibseal.lock);
	__hibseal_window_kept_running();
}

/* hibseal_window_kept_running(), hibseal.lock held */
void __hibseal_window_kept_running(void)
{
	struct tpm2_hibseal_err err = {};
	int rc;

	lockdep_assert_held(&hibseal.lock);
	if (!hibseal.image_written)
		return;
	hibseal.image_written = false;
	if (!hibseal.chip || hibseal_phase() == HIBSEAL_WINDOW_OPEN)
		return;
	rc = hibseal_counter_step(hibseal.chip, COUNTER_INDEX, hibseal.counter, &hibseal.counter,
				  &err);
	if (rc) {
		/*
		 * The image on disk stays fresh, and root could bring it back later, older than
		 * what ran since (root can make the TPM refuse, e.g. by disabling the owner
		 * hierarchy): nothing may run after it. Power off, so that the image is exactly
		 * the state the next boot resumes.
		 */
		pr_emerg("the image this boot wrote cannot be made stale: %s failed (%d, TPM rc 0x%03x); powering off so that it stays this system's state\n",
			 err.step, rc, err.tpm_rc);
		kernel_power_off();
		panic("hibseal: an image that cannot be made stale, and no power-off");
	}
	pr_info("this boot wrote a sealed image and runs on: anti-replay counter advanced to %llu, that image is stale\n",
		hibseal.counter);
}

/**
 * hibseal_image_written() - a sealed image of this boot is on disk
 *
 * Normally the machine powers off next. If this kernel runs on instead (suspend-to-both, a
 * failed power-off), a second image would carry the same counter value as the first, and root
 * could swap one for the other: sealing ends until reboot when it wakes (hibseal_pm_notify()).
 */
void hibseal_image_written(void)
{
	guard(mutex)(&hibseal.lock);
	hibseal.image_written = true;
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/freshness_kunit.c"
#endif
