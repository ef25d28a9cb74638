// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation around suspend to RAM: the TPM loses power in S3, and may come back
 * reset, its PCRs at their reset values. Before the machine sleeps and after it wakes, before
 * any task runs, the window PCR of every TPM 2.0 chip is checked and closed again ("The boot
 * window" in Documentation/power/sealed-hibernation.rst).
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/device.h>
#include <linux/string.h>
#include <linux/tpm.h>
#include <crypto/algapi.h>

#include "hibseal_private.h"

/* What the chips registered after the window showed after a suspend. */
struct other_chips {
	struct tpm_chip *reset;		/* one that came back reset, a reference held */
	bool unclosed;			/* one whose window PCR could not be extended */
};

/*
 * A chip registered after the window: the window's TPM under a new chip (its driver bound
 * again), or a TPM that came late. The kernel does not know which value it left there (it
 * extended it at registration), so it extends it once more after every suspend: a reset
 * leaves it at zero, the window value (on a chain that measures nothing into it before the
 * kernel), and from there root could replay the event log into the other policy PCRs.
 */
static int close_other_chip(struct tpm_chip *chip, void *data)
{
	struct other_chips *o = data;
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_pcrs now;
	bool reset;
	int rc;

	if (chip == hibseal.chip || !(chip->flags & TPM_CHIP_FLAG_TPM2))
		return 0;
	rc = tpm2_hibseal_read_pcrs(chip, BIT(WINDOW_PCR), &now, &err);
	reset = rc || !memchr_inv(now.value[WINDOW_PCR], 0, SHA256_DIGEST_SIZE);
	rc = hibseal_extend_window(chip, &now, &err);
	if (rc)
		pr_warn("after suspend, %s (registered after the boot window): its window PCR cannot be extended: %s\n",
			dev_name(&chip->dev),
			READ_ONCE(chip->flags) & TPM_CHIP_FLAG_DISABLE ?
			"the TPM core has disabled it until it registers again" : err.step);
	else if (reset)
		pr_warn("after suspend, %s (registered after the boot window) was reset: PCR %d extended again\n",
			dev_name(&chip->dev), WINDOW_PCR);
	o->unclosed |= rc != 0;
	if (reset && !rc && !o->reset) {
		get_device(&chip->dev);
		o->reset = chip;
	}
	return 0;
}

/*
 * hibseal_window_after_suspend() checks the window's chip; the others are closed here. A reset
 * seen on one of them ends sealing as on the window's chip, and if the window's chip cannot
 * expire the blobs (it went away when the driver was bound again), that one does.
 */
static void after_suspend_others(void)
{
	struct other_chips o = {};

	lockdep_assert_held(&hibseal.lock);
	tpm2_hibseal_for_each_chip(close_other_chip, &o);
	if (!o.reset && !o.unclosed)
		return;
	if (READ_ONCE(hibseal.ready))
		hibseal_disable("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
	if (o.reset && READ_ONCE(hibseal.key_held) && !hibseal.blobs_expired)
		hibseal_expire_blobs_on(o.reset);
	if (o.reset)
		put_device(&o.reset->dev);
}

static int find_tpm2(struct tpm_chip *chip, void *data)
{
	return !!(chip->flags & TPM_CHIP_FLAG_TPM2);
}

/**
 * hibseal_window_before_suspend() - may the TPM lose power now?
 *
 * Called by suspend_devices_and_enter() with tasks frozen, before devices suspend. A TPM reset
 * while asleep is closed on wake-up through a registered chip; with the TPM's driver unbound
 * there is none (and the driver's TPM2_Shutdown(STATE) is never sent, so the TPM does come
 * back reset), and a kexec'd kernel or a later bind would find the window values. Once a
 * TPM 2.0 has been closed this boot, suspend is refused while none is registered.
 *
 * Return: 0, or -EBUSY.
 */
int hibseal_window_before_suspend(void)
{
	guard(mutex)(&hibseal.lock);
	if (!hibseal_window_over() || !hibseal.tpm2_seen ||
	    tpm2_hibseal_for_each_chip(find_tpm2, NULL))
		return 0;
	pr_warn("suspend refused: no TPM 2.0 chip is registered (its driver was unbound), and a TPM reset while asleep could not be closed on wake-up\n");
	return -EBUSY;
}

/**
 * hibseal_window_after_suspend() - the TPM after a suspend: still the one the kernel closed?
 *
 * Called by suspend_devices_and_enter() once devices have resumed and before tasks thaw. The
 * TPM lost power in S3; the firmware restored the state the kernel saved (TPM2_Shutdown(STATE))
 * unless that state was gone or the TPM was reset, when it restarted it clear, every PCR at its
 * reset value. Root could then replay the boot's event log up to the window's values and unseal
 * any blob sealed to them, or make the counter's write policy true: the window PCR is checked,
 * and extended again, before any task runs. This holds whether or not sealing is still
 * available (a reset may come at every S3), and a TPM that cannot say what its window PCR
 * holds is treated as reset. Sealing ends until reboot, with the reason logged. Every other
 * TPM chip registered since the window (the same TPM after its driver was bound again, whose
 * chip the kernel's no longer is) has its window PCR extended again too: the
 * attack.tpm-rebind-reset scenario.
 */
void hibseal_window_after_suspend(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_pcrs now;
	const char *what;
	int rc;

	guard(mutex)(&hibseal.lock);
	/* Nothing to protect before the window closed. */
	if (!hibseal_window_over())
		return;
	after_suspend_others();
	if (!hibseal.chip)
		return;
	rc = tpm2_hibseal_read_pcrs(hibseal.chip, BIT(WINDOW_PCR), &now, &err);
	if (!rc && !hibseal.close_rc &&
	    !crypto_memneq(now.value[WINDOW_PCR], hibseal.closed, SHA256_DIGEST_SIZE)) {
		pr_info("boot window still closed after suspend\n");
		return;
	}
	rc = hibseal_extend_window(hibseal.chip, &now, &err);
	/*
	 * With TCG_TPM2_HMAC the TPM core checks the null key's name when a session starts,
	 * finds it changed after a reset, and disables the chip: if another user started a
	 * session before this (our extend uses none), nothing can be extended, and nobody can use
	 * the chip until a chip registers again, when hibseal_tpm_registered() closes it first.
	 */
	if (!rc)
		what = "extended again";
	else if (READ_ONCE(hibseal.chip->flags) & TPM_CHIP_FLAG_DISABLE)
		what = "the TPM core disabled the chip; a chip registered again is closed first";
	else
		what = "cannot be extended; the kernel and Secure Boot PCRs were instead";
	pr_warn("after suspend the window PCR is not what the kernel left (a TPM reset): %s\n",
		what);
	if (READ_ONCE(hibseal.ready))
		hibseal_disable("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
	else if (READ_ONCE(hibseal.key_held))
		hibseal_expire_blobs();		/* sealing was off already: the blobs are not */
}
