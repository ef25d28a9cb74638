// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: the key blob's EFI copies, for a resume that starts after the boot
 * window ("The key blob's EFI copy" in Documentation/power/sealed-hibernation.rst).
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/efi.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "hibseal_private.h"

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

static efi_char16_t *const efi_copy_names[] = {
	[HIBSEAL_EFI_KEY_BLOB] = L"HibsealKeyBlob",
	/* The pending secret sealed anew by the window that resumes it after the window. */
	[HIBSEAL_EFI_RENEWED_BLOB] = L"HibsealRenewedBlob",
};

static efi_guid_t efi_copy_guid = EFI_GUID(0x23f5b65a, 0xb1be, 0x4315,
					   0x99, 0x3a, 0xd3, 0x7c, 0x6c, 0xb9, 0x1a, 0x7f);

static bool efi_copy_possible(void)
{
	return IS_ENABLED(CONFIG_EFI) && efi_enabled(EFI_RUNTIME_SERVICES) &&
	       efivar_supports_writes();
}

/* Read and delete a copy; 0 and @blob filled if there was a well-formed one. */
int hibseal_efi_take(enum hibseal_efi_blob which, struct tpm2_hibseal_blob *blob)
{
	efi_char16_t *name = efi_copy_names[which];
	struct efi_blob_copy *copy;
	unsigned long size = sizeof(*copy);
	efi_status_t st, del = EFI_SUCCESS;
	u32 attr;
	int rc = -ENOENT;

	lockdep_assert_held(&hibseal.lock);
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

int hibseal_efi_store(enum hibseal_efi_blob which, const struct tpm2_hibseal_blob *blob)
{
	efi_char16_t *name = efi_copy_names[which];
	struct efi_blob_copy *copy;
	size_t size;
	efi_status_t st;

	lockdep_assert_held(&hibseal.lock);
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
 * hibseal_window_store_blob() - keep this boot's key blob in EFI for the next boot window
 *
 * Called when an image is started (hibseal_image_create()), before any of it is written.
 *
 * Return: 0; -EOPNOTSUPP without EFI variables; -EPERM when sealing is unavailable; -ENOMEM;
 * -EIO if the firmware refused the write.
 */
int hibseal_window_store_blob(void)
{
	guard(mutex)(&hibseal.lock);
	if (!hibseal_ready())
		return -EPERM;
	return hibseal_efi_store(HIBSEAL_EFI_KEY_BLOB, &hibseal.blob);
}
