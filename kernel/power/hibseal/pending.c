// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: a pending image's key. The boot window unseals the last image's key
 * from its EFI copy, for a resume that starts after the window (uswsusp's resume, or an
 * initramfs writing /sys/power/resume); that key serves one resume, and the kernel it brings
 * back takes the blob the window sealed its secret into anew.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "hibseal_private.h"

/*
 * Inside the window: if the last image left the EFI copy of its key blob, unseal it now, for
 * a resume that comes after the window. Failures are logged; the image is then refused when
 * a resume asks for its key.
 */
void __init hibseal_pending_load(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_blob *blob;
	int rc;

	lockdep_assert_held(&hibseal.lock);
	blob = kzalloc(sizeof(*blob), GFP_KERNEL);
	if (!blob)
		return;
	/* A renewed blob no kernel took is of no use to anyone: gone too. */
	hibseal_efi_take(HIBSEAL_EFI_RENEWED_BLOB, blob);
	rc = hibseal_efi_take(HIBSEAL_EFI_KEY_BLOB, blob);
	if (rc == -ENOENT || rc == -EOPNOTSUPP)
		goto out;
	if (rc) {
		pr_warn("the EFI copy of a pending image's key blob is unusable (%d): only resume= at boot can open that image\n",
			rc);
		goto out;
	}
	rc = tpm2_hibseal_unseal(hibseal.chip, &hibseal.window, EPOCH_INDEX, blob,
				 hibseal.pending_secret, sizeof(hibseal.pending_secret),
				 &hibseal.pending_bound, &err);
	if (rc) {
		memzero_explicit(hibseal.pending_secret, sizeof(hibseal.pending_secret));
		if (rc == -EKEYEXPIRED)
			pr_warn("the EFI copy of a pending image's key blob has expired: the blob epoch counter is past %llu (%s, TPM rc 0x%03x)\n",
				hibseal.pending_bound, err.step, err.tpm_rc);
		else
			pr_warn("the EFI copy of a pending image's key blob does not unseal: %s failed (%d, TPM rc 0x%03x)\n",
				err.step, rc, err.tpm_rc);
		goto out;
	}
	hibseal.pending_blob = *blob;
	WRITE_ONCE(hibseal.have_pending, true);
	pr_info("pending image's key unsealed from its EFI copy (%u-byte blob), for one resume at anti-replay counter %llu\n",
		blob->len, hibseal.pending_counter);
	/*
	 * This window closes with the blob epoch advanced, so the restored kernel's own blob will
	 * have expired: seal its secret anew, for that kernel to take once the resume claims it.
	 */
	rc = tpm2_hibseal_seal(hibseal.chip, &hibseal.window, EPOCH_INDEX, hibseal.epoch + 1,
			       hibseal.pending_secret, sizeof(hibseal.pending_secret),
			       &hibseal.renewed, &err);
	if (rc) {
		pr_warn("cannot seal the pending image's key anew: %s failed (%d, TPM rc 0x%03x); once resumed, that kernel cannot hibernate again until reboot\n",
			err.step, rc, err.tpm_rc);
		goto out;
	}
	hibseal.renewed_bound = hibseal.epoch + 1;
	WRITE_ONCE(hibseal.have_renewed, true);
out:
	kfree(blob);
}

/**
 * hibseal_window_noresume() - a "noresume" boot: no pending image resumes in it
 *
 * Called inside the window, before the resume device is looked for. The window has unsealed
 * the last image's key from its EFI copy for a resume that starts after the window (uswsusp,
 * /sys/power/resume); "noresume" asks for none, and root could otherwise put the discarded
 * image's swap signature back and resume it later in this boot. Drop that key.
 */
void __init hibseal_window_noresume(void)
{
	guard(mutex)(&hibseal.lock);
	if (!READ_ONCE(hibseal.have_pending))
		return;
	hibseal_drop_pending();
	pr_info("noresume: the pending image's key is dropped: no resume in this boot can open that image\n");
}

/* The freshness verdict on an image opened after the window, with the pending key. */
static enum hibseal_verdict pending_verdict(u64 image_counter)
{
	lockdep_assert_held(&hibseal.lock);
	return hibseal_verdict_pending(READ_ONCE(hibseal.have_pending), READ_ONCE(hibseal.lifted),
				       hibseal.pending_counter, image_counter);
}

/**
 * hibseal_window_image_key() - the key of an image being opened, inside the window or after it
 * @blob:          the key blob from the image header (untrusted)
 * @image_counter: the counter value the header gives (not authenticated yet)
 * @secret:        receives the secret (%HIBSEAL_SECRET_SIZE bytes)
 * @deferred:      set when the window has closed: the key is the one the window unsealed from
 *                 the EFI copy, and hibseal_window_image_fresh() claims it
 *
 * Logs the one reason line when the image is refused.
 *
 * Return: 0; -ENOKEY after the window when it unsealed no key for this blob; -ESTALE for an
 * image that is not fresh; the errors of hibseal_window_unseal() inside the window.
 */
int hibseal_window_image_key(const struct tpm2_hibseal_blob *blob, u64 image_counter,
			     u8 *secret, bool *deferred)
{
	enum hibseal_verdict verdict;

	guard(mutex)(&hibseal.lock);
	*deferred = hibseal_phase() != HIBSEAL_WINDOW_OPEN;
	if (!*deferred)
		return hibseal_window_unseal(blob, secret) ?: hibseal_window_fresh(image_counter);
	verdict = pending_verdict(image_counter);
	if (verdict == HIBSEAL_NO_KEY) {
		hibseal_refused_err("after the boot window its key must have been unsealed by the window, and none is held (see the window's lines above: the EFI copy of the key blob missing or refused, or the key dropped for noresume or already used)");
		return -ENOKEY;
	}
	if (blob->len != hibseal.pending_blob.len ||
	    memcmp(blob->data, hibseal.pending_blob.data, blob->len)) {
		hibseal_refused_err("its key blob is not the one the boot window unsealed");
		return -ENOKEY;
	}
	if (verdict == HIBSEAL_STALE) {
		hibseal_log_stale(image_counter);
		return -ESTALE;
	}
	memcpy(secret, hibseal.pending_secret, HIBSEAL_SECRET_SIZE);
	smp_rmb();	/* pairs with hibseal_lockdown_lifted() */
	if (READ_ONCE(hibseal.lifted)) {
		memzero_explicit(secret, HIBSEAL_SECRET_SIZE);
		return -ENOKEY;
	}
	return 0;
}

/**
 * hibseal_window_image_fresh() - the freshness decision on an authenticated image
 * @image_counter: the counter value the image was written at (authenticated)
 * @deferred:      as hibseal_window_image_key() said
 *
 * Inside the window, hibseal_window_advance_counter(). After it, the window already advanced
 * the counter past the pending image's value; the image must carry the value the window found,
 * and it claims the key: the pending key serves one resume, then it is wiped.
 *
 * Return: 0; -ESTALE; -ENOKEY when the key was claimed or wiped since; other -errno.
 */
int hibseal_window_image_fresh(u64 image_counter, bool deferred)
{
	enum hibseal_verdict verdict;
	bool renew;

	guard(mutex)(&hibseal.lock);
	if (!deferred)
		return hibseal_window_advance_counter(image_counter);
	verdict = pending_verdict(image_counter);
	if (verdict == HIBSEAL_NO_KEY) {
		hibseal_refused_err("the pending image's key was used or wiped meanwhile");
		return -ENOKEY;
	}
	renew = READ_ONCE(hibseal.have_renewed);
	if (renew && verdict != HIBSEAL_STALE)
		WRITE_ONCE(hibseal.renewed_claimed, true);
	hibseal_drop_pending();
	if (verdict == HIBSEAL_STALE) {
		hibseal_log_stale(image_counter);
		return -ESTALE;
	}
	/*
	 * The restored kernel's own blob expired when this window closed: it needs the blob this
	 * window sealed its secret into, which hibseal_renewed_store() leaves it once the restore
	 * begins, and not before (see there).
	 */
	if (!renew)
		pr_warn("no renewed key blob for the image being resumed: it cannot hibernate again until reboot\n");
	pr_info("pending image's key claimed: this image cannot be resumed again\n");
	return 0;
}

/**
 * hibseal_renewed_store() - the image that claimed the pending key is being restored
 *
 * Called by hibseal_restore_prepare(). Leaves the restored kernel the blob this boot's window
 * sealed its secret into anew (hibseal_take_renewed() checks it), in EFI. Only now: a blob
 * stored when a stream verified would let root verify a stream at every boot, never restore
 * it, and take each boot's blob with its new bound from efivarfs, so that a secret that once
 * leaked would never expire (attack.renewal-loop).
 */
void hibseal_renewed_store(void)
{
	lockdep_assert_held(&hibseal.lock);
	if (!READ_ONCE(hibseal.renewed_claimed))
		return;
	if (hibseal_efi_store(HIBSEAL_EFI_RENEWED_BLOB, &hibseal.renewed))
		pr_warn("no renewed key blob for the image being restored: it cannot hibernate again until reboot\n");
	else
		hibseal.renewed_stored = true;
	hibseal_drop_renewed();
}

/**
 * hibseal_renewed_abandoned() - no restore followed an image's claim of the pending key
 *
 * Called when this boot's restore attempt ended, or its /dev/snapshot stream was released,
 * with this kernel still running. A claimed renewed blob that was never stored is forgotten.
 * One already stored for a restore that then failed is in efivarfs for root to take: every
 * blob is made to expire, that one included (this boot's keys went at the restore).
 */
void hibseal_renewed_abandoned(void)
{
	lockdep_assert_held(&hibseal.lock);
	if (READ_ONCE(hibseal.renewed_claimed)) {
		hibseal_drop_renewed();
		pr_info("the image that claimed the pending key was not restored: its renewed key blob is dropped\n");
	}
	if (!hibseal.renewed_stored)
		return;
	hibseal.renewed_stored = false;
	pr_warn("the restore failed after its renewed key blob was stored in EFI: expiring every key blob\n");
	hibseal_expire_blobs();
}

/**
 * hibseal_window_pending() - whether a pending image's key waits for a resume
 * @counter: if so, receives the counter value that image must carry
 *
 * Return: true if the boot window unsealed a pending image's key and it is still there.
 */
bool hibseal_window_pending(u64 *counter)
{
	guard(mutex)(&hibseal.lock);
	if (!READ_ONCE(hibseal.have_pending) || READ_ONCE(hibseal.lifted))
		return false;
	*counter = hibseal.pending_counter;
	return true;
}

/**
 * hibseal_pending_key() - whether a pending sealed image's key waits for a resume
 *
 * Return: true if the boot window unsealed one and it is still there.
 */
bool hibseal_pending_key(void)
{
	return READ_ONCE(hibseal.have_pending) && !READ_ONCE(hibseal.lifted);
}

/*
 * A kernel resumed after its boot window (the key came from the EFI copy) finds its own blob
 * expired: the restoring boot's window closed and advanced the blob epoch. That window sealed
 * this kernel's secret anew and left the blob in EFI when the resume claimed the key. The
 * variable is anyone's to write: the blob is taken only if the TPM certifies that a boot
 * window of this machine made it with our policy, for the current epoch. Which secret it holds
 * cannot be checked without the window; a wrong one makes the next image unopenable, which
 * whoever can write EFI variables can cause anyway (by deleting the EFI copy).
 */
void hibseal_take_renewed(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_blob *blob;
	u64 bound = 0;
	int rc;

	lockdep_assert_held(&hibseal.lock);
	blob = kzalloc(sizeof(*blob), GFP_KERNEL);
	if (!blob) {
		hibseal_disable("no memory for the renewed key blob", -ENOMEM, NULL);
		return;
	}
	rc = hibseal_efi_take(HIBSEAL_EFI_RENEWED_BLOB, blob);
	if (!rc)
		rc = tpm2_hibseal_check(hibseal.chip, &hibseal.window, EPOCH_INDEX, blob, &bound,
					&err);
	if (!rc && hibseal_blob_expired(hibseal.epoch, bound))
		rc = -EKEYEXPIRED;
	if (!rc) {
		hibseal.blob = *blob;
		hibseal.bound = bound;
		pr_info("renewed key blob taken (blob epoch at most %llu)\n", bound);
	} else if (err.step) {
		hibseal_disable("the key blob expired and the renewed one is refused", rc, &err);
	} else {
		pr_warn("the key blob of this kernel expired (blob epoch %llu, its blob allows %llu) and no usable renewed blob was left (%d)\n",
			hibseal.epoch, hibseal.bound, rc);
		hibseal_disable("key blob expired: resumed late, no renewed blob", 0, NULL);
	}
	kfree(blob);
}
