// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation and the lifting of lockdown (SysRq+x), and the kernel-memory reads that
 * lockdown refuses while a key has been in memory ("Lockdown" in
 * Documentation/power/sealed-hibernation.rst).
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/workqueue.h>

#include "hibseal_private.h"
#include "../power.h"

/* Lockdown's "now drop to none", called once the key blobs have expired. */
static void (*lift_drop)(void);

/*
 * What a lift leaves to process context: the reason and its line, and, once a key has been in
 * memory, the TPM: the key blobs expire before lockdown drops (lift_drop), since copies of a
 * key may remain in memory that root may read once lockdown reads none. If the TPM does not
 * let them expire, lockdown stays where it is.
 */
static void lift_wipe(struct work_struct *work)
{
	scoped_guard(mutex, &hibseal.lock) {
		if (READ_ONCE(hibseal.ready) || READ_ONCE(hibseal.have_pending))
			hibseal_disable("lockdown was lifted in this boot", 0, NULL);
		if (!lift_drop)
			return;
		if (hibseal_expire_blobs()) {
			pr_err("lockdown not lifted: sealed hibernation's key blobs could not be made to expire\n");
			return;
		}
	}
	/* Pairs with the readers of hibseal_key_held(): the blobs expired before reads open. */
	smp_store_release(&hibseal.lift_done, true);
	lift_drop();
}

static DECLARE_WORK(lift_work, lift_wipe);

/**
 * hibseal_lockdown_lifted() - lockdown is being lifted in this boot (SysRq+x)
 * @drop: lockdown's function that stores the level none
 *
 * An unlocked kernel can be made to write anything, so nothing it writes may carry this
 * boot's secret: sealing ends until reboot, and the secrets are wiped at once. Called in
 * interrupt context, before lockdown drops. If a key has been in memory in this boot, its
 * copies may remain, and whoever read one after the lift could open or forge images with the
 * blobs on disk: the blobs must expire in the TPM first, which takes process context, so
 * hibseal calls @drop itself once they have (lift_wipe()).
 *
 * Return: true if hibseal will call @drop; false if the caller drops lockdown now.
 */
bool hibseal_lockdown_lifted(void (*drop)(void))
{
	bool later = READ_ONCE(hibseal.key_held);

	/*
	 * Wiped here, before lockdown drops: once it reads none, root may read kernel memory,
	 * and a wipe left to a worker could wait behind root's real-time tasks. Readers copy a
	 * secret, then check the flag (hibseal_boot_secret()): the flag comes first, so any
	 * copy made meanwhile is thrown away.
	 */
	WRITE_ONCE(hibseal.lifted, true);
	/* The flag before the wipe; pairs with the readers' smp_rmb() after their copy. */
	smp_wmb();
	memzero_explicit(hibseal.secret, sizeof(hibseal.secret));
	memzero_explicit(hibseal.pending_secret, sizeof(hibseal.pending_secret));
	if (later)
		lift_drop = drop;
	schedule_work(&lift_work);
	return later;
}

/**
 * hibseal_key_held() - whether kernel memory holds, or held in this boot, a key
 *
 * The boot secret, a pending image's key, and the image keys derived from them: whoever reads
 * one can forge an image the next boot restores, so the lockdown LSM refuses, even below
 * confidentiality, what would let root read kernel memory (the boot window registers this
 * function with lockdown_guard_secret() before the first key). Once
 * a key has been in memory the answer stays true until reboot: disabling sealing wipes the
 * secrets, but not the copies a key may have left (stacks, freed buffers, the other half of a
 * race), and root can make sealing disable itself at will. Only a lift (SysRq+x) ends it: it
 * wipes first, and the answer turns false once every key blob has expired in the TPM, just
 * before lockdown drops.
 *
 * Return: true from the boot window's first key on (from just before lockdown guards it, and
 * also in a boot whose window then makes no key because the guard failed).
 */
bool hibseal_key_held(void)
{
	/* Pairs with the release in lift_wipe(): reads open only after the blobs expired. */
	return READ_ONCE(hibseal.key_held) && !smp_load_acquire(&hibseal.lift_done);
}

/**
 * hibseal_refuses_crash_kernel() - whether a crash kernel must not be loaded now
 *
 * A crash kernel starts with this kernel's memory as it was, from an initrd nobody checks, and
 * /proc/vmcore hands all of it to root: the keys, and whatever copies they left. Under lockdown,
 * once a key has been in memory (hibseal_key_held()), kexec_file_load() refuses to load one,
 * with a line saying why. Without lockdown root may read kernel memory anyway.
 *
 * Return: true if the load must be refused.
 */
bool hibseal_refuses_crash_kernel(void)
{
	if (!hibseal_key_held() || !hibernation_requires_seal())
		return false;
	pr_warn_ratelimited("crash kernel refused: sealed hibernation has had keys in memory in this boot, and a crash dump would hand them to root\n");
	return true;
}

/**
 * hibseal_refuses_kexec() - whether a kexec must not start now
 *
 * While a hibernation is in progress (/dev/snapshot open, or the kernel's own writer running),
 * memory may hold an image: a copy of all of memory, the keys and the copies they left
 * included, or the decrypted memory of the kernel an image would restore. swsusp_free() wipes
 * it, but nothing on the kexec path calls that, and a kernel started by kexec holds no key and
 * lets root read RAM. So under lockdown, once a key has been in memory, kernel_kexec() refuses
 * until the hibernation is over, with a line saying why. The reboot syscall holds
 * system_transition_mutex around kernel_kexec(), and opening /dev/snapshot takes it, so no
 * hibernation can start between this check and the jump.
 *
 * Return: true if the kexec must be refused.
 */
bool hibseal_refuses_kexec(void)
{
	if (!hibernation_in_progress() || !hibseal_key_held() || !hibernation_requires_seal())
		return false;
	pr_warn_ratelimited("kexec refused: a hibernation image may be in memory (/dev/snapshot is open), with copies of sealed hibernation's keys in it; close /dev/snapshot first\n");
	return true;
}

/**
 * hibseal_lifted() - whether lockdown was lifted in this boot
 *
 * Return: true after SysRq+x: nothing sealed may be made or restored any more.
 */
bool hibseal_lifted(void)
{
	return READ_ONCE(hibseal.lifted);
}
