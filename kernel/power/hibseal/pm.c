// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation's notifiers: after a hibernation, the TPM as the restoring boot left it;
 * the keys wiped whenever this kernel stops running as itself (restore, reboot, kexec, panic).
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/reboot.h>
#include <linux/suspend.h>

#include "hibseal_private.h"

/*
 * After a resume from hibernation the TPM holds the PCRs of the boot that restored us: check
 * that its window is closed, and learn the counter value its resume left.
 */
static int hibseal_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct tpm2_hibseal_err err = {};
	int rc;

	guard(mutex)(&hibseal.lock);
	/*
	 * A pending image's key must not be in a snapshot: the restored kernel would hold it
	 * again, with the counter value its window found, and could resume that image again.
	 */
	if (action == PM_HIBERNATION_PREPARE) {
		hibseal_drop_pending();
		return NOTIFY_DONE;
	}
	/* A boot kernel whose image was found and not restored: a read error, or the restore. */
	if (action == PM_POST_RESTORE) {
		hibseal_renewed_abandoned();
		hibseal_resume_note(HIBSEAL_RESUME_FAILED,
				    "the image was found and not restored (the PM: lines say why)");
	}
	if (action != PM_POST_HIBERNATION)
		return NOTIFY_DONE;
	hibseal_drop_pending();
	if (!hibseal_ready())
		return NOTIFY_DONE;
	/*
	 * The restored kernel's memory predates the write: only the writer sees this set, when
	 * no earlier hook made its image stale (hibseal_window_kept_running()).
	 */
	if (hibseal.image_written) {
		__hibseal_window_kept_running();
		return NOTIFY_DONE;
	}
	rc = hibseal_window_still_closed(&err);
	if (!rc)
		pr_info("boot window still closed after hibernation\n");
	else if (rc != -EPERM)
		hibseal_disable("the TPM does not answer after wake-up", rc, &err);
	/* A resume advanced the counter in the boot kernel's window: learn its value. */
	if (!rc) {
		rc = tpm2_hibseal_counter_read(hibseal.chip, COUNTER_INDEX, &hibseal.counter,
					       &err) ?:
		     tpm2_hibseal_counter_read(hibseal.chip, EPOCH_INDEX, &hibseal.epoch, &err);
		if (rc)
			hibseal_disable("cannot read the anti-replay counter after wake-up", rc,
					&err);
		else
			pr_info("anti-replay counter at %llu\n", hibseal.counter);
	}
	if (!rc && hibseal_blob_expired(hibseal.epoch, hibseal.bound))
		hibseal_take_renewed();
	return NOTIFY_DONE;
}

static struct notifier_block hibseal_pm_nb = {
	.notifier_call = hibseal_pm_notify,
};

/*
 * Keys out of memory whenever this kernel stops running as itself. RAM outlives it: a kernel
 * started by kexec, or one booted after a warm reset, finds it as it was, and may not protect
 * it (a kernel that does not seal lets root read kernel memory under integrity lockdown).
 * Sealing is over for this kernel then. Without hibseal.lock: a power-off from inside an entry
 * point (hibseal_window_kept_running()) comes here with it held, and a panic may come anywhere.
 */
static void wipe_keys(const char *reason)
{
	WRITE_ONCE(hibseal.ready, false);
	WRITE_ONCE(hibseal.reason, reason);
	memzero_explicit(hibseal.secret, sizeof(hibseal.secret));
	hibseal_drop_pending();
	hibseal_drop_renewed();
}

/**
 * hibseal_restore_prepare() - an image is about to be restored over this kernel
 *
 * Called by hibernation_restore() once the image is verified. An image verified after the
 * window gets its renewed blob now. Pages of this kernel that the image does not use become
 * free memory of the restored kernel, which cannot know what they hold: this boot's keys must
 * not be in them. If the restore fails, this boot goes on without sealing.
 */
void hibseal_restore_prepare(void)
{
	scoped_guard(mutex, &hibseal.lock)
		hibseal_renewed_store();
	if (READ_ONCE(hibseal.ready) || READ_ONCE(hibseal.have_pending))
		pr_info("this boot's keys wiped: an image is being restored\n");
	wipe_keys("this boot began to restore an image");
	hibseal_resume_note(HIBSEAL_RESUME_RESTORING, NULL);
}

/* Reboot, power-off, halt and kexec all pass the reboot notifiers (kernel_restart_prepare()). */
static int hibseal_reboot_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	wipe_keys("the system is going down");
	return NOTIFY_DONE;
}

static struct notifier_block hibseal_reboot_nb = {
	.notifier_call = hibseal_reboot_notify,
};

/*
 * A panic ends in a warm reset (panic=N) or a halt with RAM kept. A crash kernel, if one is
 * loaded, starts before the panic notifiers: see the "Lockdown" section of
 * Documentation/power/sealed-hibernation.rst.
 */
static int hibseal_panic_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	wipe_keys("the kernel panicked");
	return NOTIFY_DONE;
}

static struct notifier_block hibseal_panic_nb = {
	.notifier_call = hibseal_panic_notify,
	.priority = INT_MAX,	/* first: later notifiers may not return */
};

static int __init hibseal_notifiers_init(void)
{
	int err = register_pm_notifier(&hibseal_pm_nb) ?:
		  register_reboot_notifier(&hibseal_reboot_nb);

	if (err)
		return err;
	atomic_notifier_chain_register(&panic_notifier_list, &hibseal_panic_nb);
	return 0;
}
late_initcall(hibseal_notifiers_init);
