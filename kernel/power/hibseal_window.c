// SPDX-License-Identifier: GPL-2.0
/*
 * The TPM boot window of sealed hibernation ("The boot window" in
 * Documentation/power/sealed-hibernation.rst).
 *
 * From power-on until this kernel extends the window PCR, the policy PCRs hold values that
 * only a boot of this machine, with this kernel and this Secure Boot state, reaches, and no
 * userspace has run yet. Inside that window the kernel:
 *   1. reads the policy PCRs: the kernel-identity PCR, PCR 7 (Secure Boot policy) and the
 *      window PCR;
 *   2. (resume) unseals the pending image's boot secret;
 *   3. seals this boot's fresh secret to those values, recording them as creation PCRs;
 *   4. closes the window: extends the window PCR with a fixed event.
 * After step 4 nobody, this kernel included, can unseal a window-sealed secret or create an
 * object whose creation data shows the window values, until the next reboot.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/efi.h>
#include <linux/hibseal.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/panic_notifier.h>
#include <linux/reboot.h>
#include <linux/suspend.h>
#include <linux/random.h>
#include <linux/ratelimit.h>
#include <linux/string.h>
#include <linux/tpm.h>
#include <linux/tpm2_hibseal.h>
#include <linux/workqueue.h>
#include <crypto/algapi.h>
#include <asm/setup.h>

#include "hibseal.h"
#include "power.h"

#define KERNEL_PCR		CONFIG_HIBERNATION_SEAL_KERNEL_PCR
#define SECUREBOOT_PCR		7
#define WINDOW_PCR		CONFIG_HIBERNATION_SEAL_WINDOW_PCR
#define WINDOW_MASK		(BIT(KERNEL_PCR) | BIT(SECUREBOOT_PCR) | BIT(WINDOW_PCR))
#define WINDOW_CLOSED_EVENT	"hibseal: boot window closed"
#define COUNTER_INDEX		CONFIG_HIBERNATION_SEAL_NV_INDEX
#define EPOCH_INDEX		(CONFIG_HIBERNATION_SEAL_NV_INDEX + 1)
#define KEXEC_REASON	"started by kexec: the window PCR holds the previous kernel's value"

static struct {
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
} hs = { .reason = "the boot window has not run" };

/* A pending image's key, unsealed in the window for a resume after it, is forgotten. */
static void drop_pending(void)
{
	hs.have_pending = false;
	hs.have_renewed = false;
	memzero_explicit(hs.pending_secret, sizeof(hs.pending_secret));
}

static int expire_blobs(void);

/* Sealing becomes unavailable until reboot: say why, once, and forget the secret. */
static void disable_sealing(const char *reason, int rc, const struct tpm2_hibseal_err *err)
{
	hs.ready = false;
	hs.reason = reason;
	memzero_explicit(hs.secret, sizeof(hs.secret));
	drop_pending();
	if (err && err->tpm_rc)
		pr_warn("sealed hibernation unavailable: %s: %s failed, TPM rc 0x%03x\n",
			reason, err->step, err->tpm_rc);
	else if (err)
		pr_warn("sealed hibernation unavailable: %s: %s failed (%d)\n",
			reason, err->step, rc);
	else
		pr_warn("sealed hibernation unavailable: %s\n", reason);
	/* After the window: whatever made sealing give up, its blobs must not outlive it. */
	if (READ_ONCE(hs.key_held) && hs.done && !hs.open && hs.chip)
		expire_blobs();
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

	rc = tpm2_hibseal_unseal(hs.chip, &hs.window, EPOCH_INDEX, &hs.blob, check, sizeof(check),
				 &bound, &err);
	if (!rc && crypto_memneq(check, hs.secret, sizeof(check)))
		rc = -EBADMSG;
	memzero_explicit(check, sizeof(check));
	if (rc)
		disable_sealing("self-test: unseal inside the window", rc, &err);
	else
		pr_info("self-test: boot secret unsealed inside the window\n");
}

static void window_selftest_closed(void)
{
	struct tpm2_hibseal_err err = {};
	u8 check[HIBSEAL_SECRET_SIZE];
	int rc;

	u64 bound;

	rc = tpm2_hibseal_unseal(hs.chip, &hs.window, EPOCH_INDEX, &hs.blob, check, sizeof(check),
				 &bound, &err);
	memzero_explicit(check, sizeof(check));
	if (rc == -EACCES) {
		pr_info("self-test: unseal after the window refused: %s, TPM rc 0x%03x\n",
			err.step, err.tpm_rc);
		return;
	}
	disable_sealing("self-test: unseal after the window was not refused", rc, NULL);
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
 *   secret (expire_blobs()), ends it for good.
 */
static int counter_setup_one(u32 index, const char *what, u64 *value,
			     struct tpm2_hibseal_err *err)
{
	int rc;

	rc = tpm2_hibseal_counter_read(hs.chip, index, value, err);
	/*
	 * Missing, or not exactly ours (someone else's index at our handle): define it anew. This
	 * cannot make any image fresh or any blob usable again, see tpm2_hibseal_counter_define().
	 */
	if (rc == -ENOENT || rc == -EBADMSG) {
		bool redefine = rc == -EBADMSG;

		rc = tpm2_hibseal_counter_define(hs.chip, index, redefine, err);
		if (rc)
			return rc;
		pr_info("%s %s at NV index 0x%08x\n", what,
			redefine ? "redefined (its public area was not ours)" : "defined", index);
		rc = -ENODATA;
	}
	if (rc == -ENODATA)	/* never written: its first increment gives its start value */
		rc = tpm2_hibseal_counter_increment(hs.chip, index, err) ?:
			tpm2_hibseal_counter_read(hs.chip, index, value, err);
	return rc;
}

static int counter_setup(struct tpm2_hibseal_err *err)
{
	int rc;

	rc = counter_setup_one(COUNTER_INDEX, "anti-replay counter", &hs.counter, err) ?:
		counter_setup_one(EPOCH_INDEX, "blob epoch counter", &hs.epoch, err);
	hs.pending_counter = hs.counter;
	hs.counter_ok = !rc;
	return rc;
}

/* Advance one counter and read it back; it must have moved past @old. */
static int counter_step(struct tpm_chip *chip, u32 index, u64 old, u64 *value,
			struct tpm2_hibseal_err *err)
{
	int rc;

	rc = tpm2_hibseal_counter_increment(chip, index, err) ?:
		tpm2_hibseal_counter_read(chip, index, value, err);
	if (!rc && *value <= old) {
		*err = (struct tpm2_hibseal_err){ .step = "a counter that does not count" };
		rc = -EIO;
	}
	return rc;
}

/* This window's one advance of the anti-replay counter. */
static int counter_advance(struct tpm2_hibseal_err *err)
{
	int rc = counter_step(hs.chip, COUNTER_INDEX, hs.pending_counter, &hs.counter, err);

	if (!rc)
		hs.advanced = true;
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
static int expire_blobs_on(struct tpm_chip *chip)
{
	struct tpm2_hibseal_err err = {};
	u64 epoch, target;
	int rc;

	if (hs.blobs_expired)
		return 0;
	rc = tpm2_hibseal_counter_read(chip, EPOCH_INDEX, &epoch, &err);
	target = epoch + 2;
	while (!rc && epoch < target)
		rc = counter_step(chip, EPOCH_INDEX, epoch, &epoch, &err);
	if (rc) {
		pr_err("cannot expire the key blobs: %s failed (%d, TPM rc 0x%03x)\n", err.step, rc,
		       err.tpm_rc);
		return rc;
	}
	hs.epoch = epoch;
	hs.blobs_expired = true;
	pr_info("blob epoch counter advanced to %llu: every key blob made so far has expired\n",
		epoch);
	return 0;
}

static int expire_blobs(void)
{
	return expire_blobs_on(hs.chip);
}

/*
 * The EFI copy of the key blob ("The key blob's EFI copy" in
 * Documentation/power/sealed-hibernation.rst). A resume that starts after the
 * window (`resume` from /dev/snapshot, or an initramfs writing /sys/power/resume) cannot
 * unseal the image's key any more. So whenever an image is written, the kernel also stores its
 * key blob in an EFI variable; the next boot window reads it, deletes it, and unseals it while
 * it still can. The secret then waits in kernel memory for that one resume, and the image must
 * still carry the counter value the window found (checked at the header and again once the
 * image MAC matched). The variable is not trusted: anyone can write it, and a blob that a boot
 * window of this TPM did not make, for this kernel and Secure Boot state, does not unseal.
 */
#define EFI_COPY_MAGIC		0x424b5348	/* "HSKB" */
#define EFI_COPY_VERSION	1

struct efi_blob_copy {
	__le32 magic;
	__le16 version;
	__le16 len;
	u8 data[TPM2_HIBSEAL_BLOB_MAX];
};

static efi_char16_t efi_copy_name[] = L"HibsealKeyBlob";
/* The pending secret sealed anew by the window that resumes it after the window: see renew. */
static efi_char16_t efi_renewed_name[] = L"HibsealRenewedBlob";
static efi_guid_t efi_copy_guid = EFI_GUID(0x23f5b65a, 0xb1be, 0x4315,
					   0x99, 0x3a, 0xd3, 0x7c, 0x6c, 0xb9, 0x1a, 0x7f);

static bool efi_copy_possible(void)
{
	return IS_ENABLED(CONFIG_EFI) && efi_enabled(EFI_RUNTIME_SERVICES) &&
	       efivar_supports_writes();
}

/* Read and delete a copy; 0 and @blob filled if there was a well-formed one. */
static int efi_copy_take(efi_char16_t *name, struct tpm2_hibseal_blob *blob)
{
	struct efi_blob_copy *copy;
	unsigned long size = sizeof(*copy);
	efi_status_t st, del = EFI_SUCCESS;
	u32 attr;
	int rc = -ENOENT;

	if (!efi_copy_possible())
		return -EOPNOTSUPP;
	copy = kzalloc(sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	if (efivar_lock()) {
		kfree(copy);
		return -EBUSY;
	}
	st = efivar_get_variable(name, &efi_copy_guid, &attr, &size, copy);
	if (st == EFI_SUCCESS || st == EFI_BUFFER_TOO_SMALL)
		del = efivar_set_variable_locked(name, &efi_copy_guid, 0, 0, NULL, false);
	efivar_unlock();
	/* Left in place, every later boot would unseal it again: say so (it stays stale). */
	if (del != EFI_SUCCESS)
		pr_warn("cannot delete the EFI copy of the key blob (EFI status 0x%lx)\n", del);
	if (st == EFI_SUCCESS) {
		rc = -EBADMSG;
		if (le32_to_cpu(copy->magic) == EFI_COPY_MAGIC &&
		    le16_to_cpu(copy->version) == EFI_COPY_VERSION &&
		    le16_to_cpu(copy->len) && size == offsetof(struct efi_blob_copy, data) +
		    le16_to_cpu(copy->len)) {
			blob->len = le16_to_cpu(copy->len);
			memcpy(blob->data, copy->data, blob->len);
			rc = 0;
		}
	} else if (st != EFI_NOT_FOUND) {
		rc = st == EFI_BUFFER_TOO_SMALL ? -EBADMSG : -EIO;
	}
	kfree(copy);
	return rc;
}

/*
 * Inside the window: if the last image left the EFI copy of its key blob, unseal it now, for
 * a resume that comes after the window. Failures are logged; the image is then refused when
 * a resume asks for its key.
 */
static void __init pending_key_load(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_blob *blob;
	int rc;

	blob = kzalloc(sizeof(*blob), GFP_KERNEL);
	if (!blob)
		return;
	/* A renewed blob no kernel took is of no use to anyone: gone too. */
	efi_copy_take(efi_renewed_name, blob);
	rc = efi_copy_take(efi_copy_name, blob);
	if (rc == -ENOENT || rc == -EOPNOTSUPP)
		goto out;
	if (rc) {
		pr_warn("the EFI copy of a pending image's key blob is unusable (%d): only resume= at boot can open that image\n",
			rc);
		goto out;
	}
	rc = tpm2_hibseal_unseal(hs.chip, &hs.window, EPOCH_INDEX, blob, hs.pending_secret,
				 sizeof(hs.pending_secret), &hs.pending_bound, &err);
	if (rc) {
		memzero_explicit(hs.pending_secret, sizeof(hs.pending_secret));
		if (rc == -EKEYEXPIRED)
			pr_warn("the EFI copy of a pending image's key blob has expired: the blob epoch counter is past %llu (%s, TPM rc 0x%03x)\n",
				hs.pending_bound, err.step, err.tpm_rc);
		else
			pr_warn("the EFI copy of a pending image's key blob does not unseal: %s failed (%d, TPM rc 0x%03x)\n",
				err.step, rc, err.tpm_rc);
		goto out;
	}
	hs.pending_blob = *blob;
	hs.have_pending = true;
	pr_info("pending image's key unsealed from its EFI copy (%u-byte blob), for one resume at anti-replay counter %llu\n",
		blob->len, hs.pending_counter);
	/*
	 * This window closes with the blob epoch advanced, so the restored kernel's own blob will
	 * have expired: seal its secret anew, for that kernel to take once the resume claims it.
	 */
	rc = tpm2_hibseal_seal(hs.chip, &hs.window, EPOCH_INDEX, hs.epoch + 1, hs.pending_secret,
			       sizeof(hs.pending_secret), &hs.renewed, &err);
	if (rc) {
		pr_warn("cannot seal the pending image's key anew: %s failed (%d, TPM rc 0x%03x); once resumed, that kernel cannot hibernate again until reboot\n",
			err.step, rc, err.tpm_rc);
		goto out;
	}
	hs.renewed_bound = hs.epoch + 1;
	hs.have_renewed = true;
out:
	kfree(blob);
}

static int efi_copy_store(efi_char16_t *name, const struct tpm2_hibseal_blob *blob)
{
	struct efi_blob_copy *copy;
	size_t size;
	efi_status_t st;

	if (!efi_copy_possible())
		return -EOPNOTSUPP;
	copy = kzalloc(sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	copy->magic = cpu_to_le32(EFI_COPY_MAGIC);
	copy->version = cpu_to_le16(EFI_COPY_VERSION);
	copy->len = cpu_to_le16(blob->len);
	memcpy(copy->data, blob->data, blob->len);
	size = offsetof(struct efi_blob_copy, data) + blob->len;
	st = efivar_set_variable(name, &efi_copy_guid, EFI_VARIABLE_NON_VOLATILE |
				 EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS,
				 size, copy);
	kfree(copy);
	if (st != EFI_SUCCESS) {
		pr_warn("cannot store a key blob in EFI (EFI status 0x%lx)\n", st);
		return -EIO;
	}
	return 0;
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
	if (!hs.have_pending)
		return;
	drop_pending();
	pr_info("noresume: the pending image's key is dropped: no resume in this boot can open that image\n");
}

/**
 * hibseal_window_store_blob() - keep this boot's key blob in EFI for the next boot window
 *
 * Called when an image is started (hibseal_image_create()), before any of it is written.
 *
 * Return: 0; -EOPNOTSUPP without EFI variables; -EPERM when sealing is unavailable; -ENOMEM;
 * -EIO if the firmware refused the write.
 */
int hibseal_window_store_blob(void)
{
	if (!hibseal_ready())
		return -EPERM;
	return efi_copy_store(efi_copy_name, &hs.blob);
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
	int rc;

	hs.done = true;
	if (started_by_kexec()) {
		disable_sealing(KEXEC_REASON, 0, NULL);
		return;
	}
	hs.chip = tpm_default_chip();
	if (!hs.chip) {
		disable_sealing("no TPM found", 0, NULL);
		return;
	}
	if (!tpm_is_tpm2(hs.chip)) {
		put_device(&hs.chip->dev);
		hs.chip = NULL;
		disable_sealing("the TPM is not a TPM 2.0", 0, NULL);
		return;
	}
	hs.tpm2_seen = true;
	hs.open = true;

	rc = tpm2_hibseal_read_pcrs(hs.chip, WINDOW_MASK, &hs.window, &err);
	if (rc) {
		disable_sealing("cannot read the window PCRs", rc, &err);
		return;
	}
	/* First: a boot that cannot seal must still make pending images stale. */
	rc = counter_setup(&err);
	if (rc) {
		disable_sealing("cannot set up the anti-replay counter", rc, &err);
		return;
	}
	/* From here on a key is in kernel memory, and copies of it may outlive it. */
	WRITE_ONCE(hs.key_held, true);
	pending_key_load();
	get_random_bytes(hs.secret, sizeof(hs.secret));
	rc = tpm2_hibseal_seal(hs.chip, &hs.window, EPOCH_INDEX, hs.epoch + 1, hs.secret,
			       sizeof(hs.secret), &hs.blob, &err);
	if (rc) {
		disable_sealing("cannot seal the boot secret", rc, &err);
		return;
	}
	hs.bound = hs.epoch + 1;
	if (READ_ONCE(hs.lifted)) {
		disable_sealing("lockdown was lifted in this boot", 0, NULL);
		return;
	}
	hs.ready = true;
	hs.reason = NULL;
	pr_info("boot window open: PCRs %*pbl read, boot secret sealed to them (%u-byte blob, blob epoch at most %llu), anti-replay counter at %llu\n",
		TPM2_HIBSEAL_NR_PCRS, &mask, hs.blob.len, hs.bound, hs.counter);
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
	/* Pairs with the acquire in hibseal_window_refuses_helper(). */
	smp_store_release(&hs.helpers_allowed, true);
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
	if (likely(smp_load_acquire(&hs.helpers_allowed)))
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
static int extend_window(struct tpm_chip *chip, struct tpm2_hibseal_pcrs *now,
			 struct tpm2_hibseal_err *err)
{
	int rc;

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

	if (!hs.open)
		return hs.close_rc;
	/*
	 * A boot that resumed nothing still uses up its counter value, and ends the blobs of the
	 * boots before it: see counter_setup().
	 */
	if (hs.counter_ok && !hs.advanced) {
		u64 epoch = hs.epoch;

		rc = counter_advance(&err) ?:
		     counter_step(hs.chip, EPOCH_INDEX, epoch, &hs.epoch, &err);
		if (!rc)
			hs.epoch_advanced = true;
		if (rc)
			disable_sealing("cannot advance the anti-replay counter and the blob epoch",
					rc, &err);
		else
			pr_info("anti-replay counter advanced to %llu, blob epoch to %llu\n",
				hs.counter, hs.epoch);
	}
	hs.open = false;
	rc = extend_window(hs.chip, &now, &err);
	if (rc) {
		disable_sealing("cannot close the boot window", rc, &err);
		return hs.close_rc = rc;
	}
	if (!crypto_memneq(now.value[WINDOW_PCR], hs.window.value[WINDOW_PCR],
			   SHA256_DIGEST_SIZE)) {
		disable_sealing("the window PCR did not change when extended", 0, NULL);
		return hs.close_rc = -EIO;
	}
	memcpy(hs.closed, now.value[WINDOW_PCR], sizeof(hs.closed));
	pr_info("boot window closed: PCR %d extended\n", WINDOW_PCR);
	if (IS_ENABLED(CONFIG_HIBERNATION_SEAL_SELFTEST) && hs.ready)
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
	int rc = window_close();

	allow_helpers();
	return rc;
}

static void __init epoch_after_failed_restore(void)
{
	struct tpm2_hibseal_err err = {};
	u64 epoch = hs.epoch;

	if (counter_step(hs.chip, EPOCH_INDEX, epoch, &hs.epoch, &err)) {
		disable_sealing("cannot advance the blob epoch after a failed restore", -EIO, &err);
		return;
	}
	hs.epoch_advanced = true;
	pr_info("the restore failed: blob epoch advanced to %llu\n", hs.epoch);
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

	if (hs.done) {
		hibseal_window_close();
		/*
		 * A window that advanced the anti-replay counter for a resume left the blob epoch
		 * for the restored kernel. Here, before init, that restore failed and this boot
		 * runs as itself: a boot that resumed nothing.
		 */
		if (hs.chip && hs.counter_ok && hs.advanced && !hs.epoch_advanced &&
		    !hs.blobs_expired)
			epoch_after_failed_restore();
		return;
	}
	hs.done = true;
	disable_sealing("the boot window did not run", 0, NULL);
	chip = tpm_default_chip();
	if (chip) {
		if (tpm_is_tpm2(chip)) {
			hs.tpm2_seen = true;
			if (extend_window(chip, &now, &err))
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
 *
 * Return: 0, or -errno.
 */
int hibseal_tpm_registered(struct tpm_chip *chip)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_pcrs now;
	bool closed_before, reset;
	int rc;

	if (!READ_ONCE(hs.done) || chip == hs.chip || !(chip->flags & TPM_CHIP_FLAG_TPM2))
		return 0;
	closed_before = hs.tpm2_seen;
	hs.tpm2_seen = true;
	/*
	 * At zero after a window that closed a TPM 2.0: the TPM was reset since (while its driver
	 * was unbound). A boot whose window found no TPM 2.0 left every PCR 14 at zero.
	 */
	rc = tpm2_hibseal_read_pcrs(chip, BIT(WINDOW_PCR), &now, &err);
	reset = closed_before && !rc && !memchr_inv(now.value[WINDOW_PCR], 0, SHA256_DIGEST_SIZE);
	rc = extend_window(chip, &now, &err);
	if (rc) {
		pr_err("TPM refused: it registered after the boot window, and its window PCR cannot be extended: %s failed (%d)\n",
		       err.step, rc);
		return rc;
	}
	pr_info("TPM registered after the boot window: PCR %d extended%s\n", WINDOW_PCR,
		reset ? " (it had been reset)" : "");
	if (reset && hs.ready)
		disable_sealing("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
	if (reset && READ_ONCE(hs.key_held) && !hs.blobs_expired)
		expire_blobs_on(chip);
	return 0;
}

/**
 * hibseal_window_unseal() - unseal a pending image's boot secret, inside the window
 * @blob:   the key blob from the image header (untrusted)
 * @secret: receives the secret (%HIBSEAL_SECRET_SIZE bytes)
 *
 * Logs the one reason line when the image's key is refused.
 *
 * Return: 0; -EACCES when the window is closed or the TPM refuses; -EBADMSG for a malformed
 * or forged blob; other -errno.
 */
int hibseal_window_unseal(const struct tpm2_hibseal_blob *blob, u8 *secret)
{
	struct tpm2_hibseal_err err = {};
	u64 bound = 0;
	int rc;

	if (!hs.open || !hs.chip) {
		pr_err("image refused: its key can only be unsealed inside the boot window, and %s\n",
		       hs.chip ? "the window is closed" : "there is no TPM");
		return -EACCES;
	}
	/* Unsealed already, from the EFI copy: the same blob gives the same secret. */
	if (hs.have_pending && blob->len == hs.pending_blob.len &&
	    !memcmp(blob->data, hs.pending_blob.data, blob->len)) {
		memcpy(secret, hs.pending_secret, HIBSEAL_SECRET_SIZE);
		return 0;
	}
	rc = tpm2_hibseal_unseal(hs.chip, &hs.window, EPOCH_INDEX, blob, secret,
				 HIBSEAL_SECRET_SIZE, &bound, &err);
	if (!rc)
		return 0;
	memzero_explicit(secret, HIBSEAL_SECRET_SIZE);
	if (rc == -EKEYEXPIRED)
		pr_err("image refused: its key blob has expired: the blob epoch counter is at %llu, past the %llu its policy allows (%s, TPM rc 0x%03x)\n",
		       hs.epoch, bound, err.step, err.tpm_rc);
	else if (rc == -EACCES && !strcmp(err.step, TPM2_HIBSEAL_STEP_CREATION))
		pr_err("image refused: its key was not created inside this machine's boot window (its creation PCRs differ)\n");
	else if (rc == -EACCES)
		pr_err("image refused: its key is not sealed to this machine, kernel and Secure Boot state (%s, TPM rc 0x%03x)\n",
		       err.step, err.tpm_rc);
	else if (rc == -EBADMSG)
		pr_err("image refused: its key blob was not made by a boot window of this TPM (%s, TPM rc 0x%03x)\n",
		       err.step, err.tpm_rc);
	else
		pr_err("image refused: cannot unseal its key: %s failed (%d, TPM rc 0x%03x)\n",
		       err.step, rc, err.tpm_rc);
	return rc;
}

static void log_stale(u64 image_counter)
{
	pr_err("image refused: it is stale: written at anti-replay counter %llu, the TPM's counter is at %llu (a boot ran since, or it was resumed before)\n",
	       image_counter, hs.pending_counter);
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
	if (hs.ready && image_counter != hs.pending_counter) {
		log_stale(image_counter);
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
 * one reason line when the image is refused.
 *
 * Return: 0; -ESTALE for a stale image; -EACCES outside the window; other -errno.
 */
int hibseal_window_advance_counter(u64 image_counter)
{
	struct tpm2_hibseal_err err = {};
	int rc;

	if (!hs.open || !hs.chip || hs.advanced) {
		pr_err("image refused: the anti-replay counter can only be checked once, inside the boot window\n");
		return -EACCES;
	}
	if (!hs.ready) {
		pr_err("image refused: its freshness cannot be checked: sealed hibernation is unavailable in this boot (%s)\n",
		       hs.reason);
		return -EACCES;
	}
	if (image_counter != hs.pending_counter) {
		log_stale(image_counter);
		return -ESTALE;
	}
	rc = counter_advance(&err);
	if (rc) {
		pr_err("image refused: cannot advance the anti-replay counter: %s failed (%d, TPM rc 0x%03x)\n",
		       err.step, rc, err.tpm_rc);
		return rc;
	}
	pr_info("anti-replay counter advanced to %llu: this image cannot be resumed again\n",
		hs.counter);
	drop_pending();
	return 0;
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
	*deferred = !hs.open;
	if (hs.open)
		return hibseal_window_unseal(blob, secret) ?: hibseal_window_fresh(image_counter);
	if (!hs.have_pending || READ_ONCE(hs.lifted)) {
		pr_err("image refused: after the boot window its key must have been unsealed by the window, and none is held (see the window's lines above: the EFI copy of the key blob missing or refused, or the key dropped for noresume or already used)\n");
		return -ENOKEY;
	}
	if (blob->len != hs.pending_blob.len ||
	    memcmp(blob->data, hs.pending_blob.data, blob->len)) {
		pr_err("image refused: its key blob is not the one the boot window unsealed\n");
		return -ENOKEY;
	}
	if (image_counter != hs.pending_counter) {
		log_stale(image_counter);
		return -ESTALE;
	}
	memcpy(secret, hs.pending_secret, HIBSEAL_SECRET_SIZE);
	smp_rmb();	/* pairs with hibseal_lockdown_lifted() */
	if (READ_ONCE(hs.lifted)) {
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
	bool renew;

	if (!deferred)
		return hibseal_window_advance_counter(image_counter);
	if (!hs.have_pending || READ_ONCE(hs.lifted)) {
		pr_err("image refused: the pending image's key was used or wiped meanwhile\n");
		return -ENOKEY;
	}
	renew = hs.have_renewed;
	drop_pending();
	if (image_counter != hs.pending_counter) {
		log_stale(image_counter);
		return -ESTALE;
	}
	/*
	 * The restored kernel's own blob expired when this window closed: leave it the blob this
	 * window sealed its secret into (take_renewed() checks it). Not stored before
	 * now, so it exists only where that kernel really comes back.
	 */
	if (!renew || efi_copy_store(efi_renewed_name, &hs.renewed))
		pr_warn("no renewed key blob for the image being resumed: it cannot hibernate again until reboot\n");
	pr_info("pending image's key claimed: this image cannot be resumed again\n");
	return 0;
}

/**
 * hibseal_window_pending() - whether a pending image's key waits for a resume
 * @counter: if so, receives the counter value that image must carry
 *
 * Return: true if the boot window unsealed a pending image's key and it is still there.
 */
bool hibseal_window_pending(u64 *counter)
{
	if (!hs.have_pending || READ_ONCE(hs.lifted))
		return false;
	*counter = hs.pending_counter;
	return true;
}

/**
 * hibseal_counter() - the anti-replay counter value a new image is written at
 */
u64 hibseal_counter(void)
{
	return hs.counter;
}

/*
 * A window PCR back at its window value means the TPM was reset under this kernel (or under
 * the kernel this one was restored from): anyone could now unseal with the window values, so
 * sealing is unavailable until reboot.
 */
static int window_still_closed(struct tpm2_hibseal_err *err)
{
	struct tpm2_hibseal_pcrs now;
	struct tpm2_hibseal_err ignored;
	int rc;

	rc = tpm2_hibseal_read_pcrs(hs.chip, BIT(WINDOW_PCR), &now, err);
	if (rc)
		return rc;
	/*
	 * Anything but the value it had once closed means a reset (after which root could replay
	 * the event log up to the window values) or an extension nobody should make: extend it
	 * again (or, failing that, PCRs 4 and 7), and seal nothing more this boot.
	 */
	if (crypto_memneq(now.value[WINDOW_PCR], hs.closed, SHA256_DIGEST_SIZE)) {
		extend_window(hs.chip, &now, &ignored);
		disable_sealing("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
		return -EPERM;
	}
	return 0;
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

	if (!hibseal_ready())
		return -EPERM;
	/* A second image would carry the first one's counter value: see hibseal_image_written(). */
	if (hs.image_written) {
		pr_err("cannot hibernate: this boot already wrote a sealed image\n");
		return -EPERM;
	}
	rc = window_still_closed(&err);
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
	rc = tpm2_hibseal_counter_read(hs.chip, COUNTER_INDEX, &counter, &err) ?:
	     tpm2_hibseal_counter_read(hs.chip, EPOCH_INDEX, &epoch, &err);
	if (rc) {
		pr_err("cannot hibernate: the TPM's counters cannot be read (%s failed, %d, TPM rc 0x%03x)\n",
		       err.step, rc, err.tpm_rc);
		return -EIO;
	}
	if (epoch > hs.bound) {
		disable_sealing("this boot's key blob has expired", 0, NULL);
		return -EPERM;
	}
	hs.counter = counter;
	return 0;
}

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

	if (chip == hs.chip || !(chip->flags & TPM_CHIP_FLAG_TPM2))
		return 0;
	rc = tpm2_hibseal_read_pcrs(chip, BIT(WINDOW_PCR), &now, &err);
	reset = rc || !memchr_inv(now.value[WINDOW_PCR], 0, SHA256_DIGEST_SIZE);
	rc = extend_window(chip, &now, &err);
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

	tpm2_hibseal_for_each_chip(close_other_chip, &o);
	if (!o.reset && !o.unclosed)
		return;
	if (hs.ready)
		disable_sealing("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
	if (o.reset && READ_ONCE(hs.key_held) && !hs.blobs_expired)
		expire_blobs_on(o.reset);
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
	if (hs.open || !hs.done || !hs.tpm2_seen || tpm2_hibseal_for_each_chip(find_tpm2, NULL))
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

	/* Nothing to protect before the window closed. */
	if (hs.open || !hs.done)
		return;
	after_suspend_others();
	if (!hs.chip)
		return;
	rc = tpm2_hibseal_read_pcrs(hs.chip, BIT(WINDOW_PCR), &now, &err);
	if (!rc && !hs.close_rc &&
	    !crypto_memneq(now.value[WINDOW_PCR], hs.closed, SHA256_DIGEST_SIZE)) {
		pr_info("boot window still closed after suspend\n");
		return;
	}
	rc = extend_window(hs.chip, &now, &err);
	/*
	 * With TCG_TPM2_HMAC the TPM core checks the null key's name when a session starts,
	 * finds it changed after a reset, and disables the chip: if another user started a
	 * session before this (our extend uses none), nothing can be extended, and nobody can use
	 * the chip until a chip registers again, when hibseal_tpm_registered() closes it first.
	 */
	if (!rc)
		what = "extended again";
	else if (READ_ONCE(hs.chip->flags) & TPM_CHIP_FLAG_DISABLE)
		what = "the TPM core disabled the chip; a chip registered again is closed first";
	else
		what = "cannot be extended; the kernel and Secure Boot PCRs were instead";
	pr_warn("after suspend the window PCR is not what the kernel left (a TPM reset): %s\n",
		what);
	if (hs.ready)
		disable_sealing("the TPM was reset: the window PCR is not what the kernel left", 0,
				NULL);
	else if (READ_ONCE(hs.key_held))
		expire_blobs();		/* sealing was off already: the blobs are not */
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
static void take_renewed(void)
{
	struct tpm2_hibseal_err err = {};
	struct tpm2_hibseal_blob *blob;
	u64 bound = 0;
	int rc;

	blob = kzalloc(sizeof(*blob), GFP_KERNEL);
	if (!blob) {
		disable_sealing("no memory for the renewed key blob", -ENOMEM, NULL);
		return;
	}
	rc = efi_copy_take(efi_renewed_name, blob);
	if (!rc)
		rc = tpm2_hibseal_check(hs.chip, &hs.window, EPOCH_INDEX, blob, &bound, &err);
	if (!rc && bound < hs.epoch)
		rc = -EKEYEXPIRED;
	if (!rc) {
		hs.blob = *blob;
		hs.bound = bound;
		pr_info("renewed key blob taken (blob epoch at most %llu)\n", bound);
	} else if (err.step) {
		disable_sealing("the key blob expired and the renewed one is refused", rc, &err);
	} else {
		pr_warn("the key blob of this kernel expired (blob epoch %llu, its blob allows %llu) and no usable renewed blob was left (%d)\n",
			hs.epoch, hs.bound, rc);
		disable_sealing("key blob expired: resumed late, no renewed blob", 0, NULL);
	}
	kfree(blob);
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
	struct tpm2_hibseal_err err = {};
	int rc;

	if (!hs.image_written)
		return;
	hs.image_written = false;
	if (!hs.chip || hs.open)
		return;
	rc = counter_step(hs.chip, COUNTER_INDEX, hs.counter, &hs.counter, &err);
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
		hs.counter);
}

/*
 * After a resume from hibernation the TPM holds the PCRs of the boot that restored us: check
 * that its window is closed, and learn the counter value its resume left.
 */
static int hibseal_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct tpm2_hibseal_err err = {};
	int rc;

	/*
	 * A pending image's key must not be in a snapshot: the restored kernel would hold it
	 * again, with the counter value its window found, and could resume that image again.
	 */
	if (action == PM_HIBERNATION_PREPARE) {
		drop_pending();
		return NOTIFY_DONE;
	}
	if (action != PM_POST_HIBERNATION)
		return NOTIFY_DONE;
	drop_pending();
	if (!hibseal_ready())
		return NOTIFY_DONE;
	/*
	 * The restored kernel's memory predates the write: only the writer sees this set, when
	 * no earlier hook made its image stale (hibseal_window_kept_running()).
	 */
	if (hs.image_written) {
		hibseal_window_kept_running();
		return NOTIFY_DONE;
	}
	rc = window_still_closed(&err);
	if (!rc)
		pr_info("boot window still closed after hibernation\n");
	else if (rc != -EPERM)
		disable_sealing("the TPM does not answer after wake-up", rc, &err);
	/* A resume advanced the counter in the boot kernel's window: learn its value. */
	if (!rc) {
		rc = tpm2_hibseal_counter_read(hs.chip, COUNTER_INDEX, &hs.counter, &err) ?:
			tpm2_hibseal_counter_read(hs.chip, EPOCH_INDEX, &hs.epoch, &err);
		if (rc)
			disable_sealing("cannot read the anti-replay counter after wake-up", rc,
					&err);
		else
			pr_info("anti-replay counter at %llu\n", hs.counter);
	}
	if (!rc && hs.epoch > hs.bound)
		take_renewed();
	return NOTIFY_DONE;
}

static struct notifier_block hibseal_pm_nb = {
	.notifier_call = hibseal_pm_notify,
};

/**
 * hibseal_boot_secret() - this boot's secret and its sealed blob, for a new image
 * @secret: receives the secret (%HIBSEAL_SECRET_SIZE bytes); wipe it after use
 * @blob:   receives the blob
 *
 * Return: 0, or -EPERM when sealing is unavailable.
 */
int hibseal_boot_secret(u8 *secret, struct tpm2_hibseal_blob *blob)
{
	if (!hibseal_ready())
		return -EPERM;
	memcpy(secret, hs.secret, HIBSEAL_SECRET_SIZE);
	*blob = hs.blob;
	/* A lift may have wiped it meanwhile (pairs with hibseal_lockdown_lifted()). */
	smp_rmb();
	if (READ_ONCE(hs.lifted)) {
		memzero_explicit(secret, HIBSEAL_SECRET_SIZE);
		return -EPERM;
	}
	return 0;
}

/* What a lift leaves to process context: the reason, and the log line. */
static void (*lift_drop)(void);		/* lockdown's "now drop to none" */

/*
 * What a lift leaves to process context: the reason and its line, and, once a key has been in
 * memory, the TPM: the key blobs expire before lockdown drops (lift_drop), since copies of a
 * key may remain in memory that root may read once lockdown reads none. If the TPM does not
 * let them expire, lockdown stays where it is.
 */
static void lift_wipe(struct work_struct *work)
{
	if (hs.ready || hs.have_pending)
		disable_sealing("lockdown was lifted in this boot", 0, NULL);
	if (!lift_drop)
		return;
	if (expire_blobs()) {
		pr_err("lockdown not lifted: sealed hibernation's key blobs could not be made to expire\n");
		return;
	}
	/* Pairs with the readers of hibseal_key_held(): the blobs expired before reads open. */
	smp_store_release(&hs.lift_done, true);
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
	bool later = READ_ONCE(hs.key_held);

	/*
	 * Wiped here, before lockdown drops: once it reads none, root may read kernel memory,
	 * and a wipe left to a worker could wait behind root's real-time tasks. Readers copy a
	 * secret, then check the flag (hibseal_boot_secret()): the flag comes first, so any
	 * copy made meanwhile is thrown away.
	 */
	WRITE_ONCE(hs.lifted, true);
	/* The flag before the wipe; pairs with the readers' smp_rmb() after their copy. */
	smp_wmb();
	memzero_explicit(hs.secret, sizeof(hs.secret));
	memzero_explicit(hs.pending_secret, sizeof(hs.pending_secret));
	if (later)
		lift_drop = drop;
	schedule_work(&lift_work);
	return later;
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
 * hibseal_image_written() - a sealed image of this boot is on disk
 *
 * Normally the machine powers off next. If this kernel runs on instead (suspend-to-both, a
 * failed power-off), a second image would carry the same counter value as the first, and root
 * could swap one for the other: sealing ends until reboot when it wakes (hibseal_pm_notify()).
 */
void hibseal_image_written(void)
{
	hs.image_written = true;
}

/**
 * hibseal_key_held() - whether kernel memory holds, or held in this boot, a key
 *
 * The boot secret, a pending image's key, and the image keys derived from them: whoever reads
 * one can forge an image the next boot restores, so the lockdown LSM refuses, even below
 * confidentiality, what would let root read kernel memory (patch 0011). Once a key has been in
 * memory the answer stays true until reboot: disabling sealing wipes the secrets, but not the
 * copies a key may have left (stacks, freed buffers, the other half of a race), and root can
 * make sealing disable itself at will. Only a lift (SysRq+x) ends it: it wipes first, and the
 * answer turns false once every key blob has expired in the TPM, just before lockdown drops.
 *
 * Return: true from the boot window's first key on.
 */
bool hibseal_key_held(void)
{
	/* Pairs with the release in lift_wipe(): reads open only after the blobs expired. */
	return READ_ONCE(hs.key_held) && !smp_load_acquire(&hs.lift_done);
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
 * hibseal_lifted() - whether lockdown was lifted in this boot
 *
 * Return: true after SysRq+x: nothing sealed may be made or restored any more.
 */
bool hibseal_lifted(void)
{
	return READ_ONCE(hs.lifted);
}

/**
 * hibseal_pending_key() - whether a pending sealed image's key waits for a resume
 *
 * Return: true if the boot window unsealed one and it is still there.
 */
bool hibseal_pending_key(void)
{
	u64 counter;

	return hibseal_window_pending(&counter);
}

/**
 * hibseal_ready() - whether this boot can write a sealed image
 *
 * Return: true once the boot secret is sealed and the window closed, and until anything
 * makes sealing unavailable.
 */
bool hibseal_ready(void)
{
	return hs.ready && !hs.open && !READ_ONCE(hs.lifted);
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
	if (READ_ONCE(hs.lifted))
		return "lockdown was lifted in this boot";
	return hs.reason;
}

/*
 * /sys/power/hibernate_seal: "ready", or "unavailable: <reason>". Cheap to poll; the reason
 * is logged once, when it arises.
 */
static ssize_t hibernate_seal_show(struct kobject *kobj, struct kobj_attribute *attr,
				   char *buf)
{
	const char *why = hibseal_unavailable_reason();

	return why ? sysfs_emit(buf, "unavailable: %s\n", why) : sysfs_emit(buf, "ready\n");
}

static struct kobj_attribute hibernate_seal_attr = __ATTR_RO(hibernate_seal);

/*
 * Keys out of memory whenever this kernel stops running as itself. RAM outlives it: a kernel
 * started by kexec, or one booted after a warm reset, finds it as it was, and may not protect
 * it (a kernel that does not seal lets root read kernel memory under integrity lockdown).
 * Sealing is over for this kernel then.
 */
static void wipe_keys(const char *reason)
{
	hs.ready = false;
	hs.reason = reason;
	memzero_explicit(hs.secret, sizeof(hs.secret));
	drop_pending();
}

/**
 * hibseal_restore_prepare() - an image is about to be restored over this kernel
 *
 * Called by hibernation_restore() once the image is verified. Pages of this kernel that the
 * image does not use become free memory of the restored kernel, which cannot know what they
 * hold: this boot's keys must not be in them. If the restore fails, this boot goes on without
 * sealing.
 */
void hibseal_restore_prepare(void)
{
	if (hs.ready || hs.have_pending)
		pr_info("this boot's keys wiped: an image is being restored\n");
	wipe_keys("this boot began to restore an image");
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

static int __init hibseal_interfaces_init(void)
{
	int err = register_pm_notifier(&hibseal_pm_nb) ?:
		  register_reboot_notifier(&hibseal_reboot_nb);

	if (err)
		return err;
	atomic_notifier_chain_register(&panic_notifier_list, &hibseal_panic_nb);
	return sysfs_create_file(power_kobj, &hibernate_seal_attr.attr);
}
late_initcall(hibseal_interfaces_init);
