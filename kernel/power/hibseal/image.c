// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: the state of one image, as it is written and as it is read back
 * (Documentation/power/sealed-hibernation.rst, "The image on swap").
 *
 * Writing: hibseal_image_create() draws a salt and derives the image keys from this boot's
 * secret; the swap writer seals each chunk (hibseal_chunk_seal(), in its worker threads) and
 * hands the tags back in stream order (hibseal_image_add_tag()); hibseal_image_finish() fills
 * in the image header with the sealed boot secret and the image MAC.
 *
 * Reading: hibseal_image_open() checks the header's structure, unseals the boot secret it
 * carries (inside the boot window) and derives the keys; the reader opens each chunk before
 * anything uses it and adds its tag; hibseal_image_verify() checks the chunk count and the
 * image MAC before a single page is restored.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/random.h>
#include <linux/string.h>
#include <linux/tpm2_hibseal.h>
#include <crypto/aead.h>
#include <crypto/algapi.h>

#include "hibseal_private.h"
#include "../power.h"

/* The construction new images use (Kconfig); readers take either. */
static const unsigned int default_aead = IS_ENABLED(CONFIG_HIBERNATION_SEAL_AES_GCM) ?
	HIBSEAL_AEAD_AES256_GCM : HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256;

static int image_keys(struct hibseal_image *img, const u8 *secret, unsigned int aead)
{
	struct hibseal_keys keys;
	int err;

	err = hibseal_derive_keys(secret, img->hdr.salt, aead, &keys) ?:
	      hibseal_sealer_init(&img->sealer, aead, &keys, img->hdr.salt) ?:
	      hibseal_image_mac_init(&img->mac, &keys);
	memzero_explicit(&keys, sizeof(keys));
	/* Which implementation seals or opens the chunks: AES-NI, or the generic C code. */
	if (!err)
		pr_info("chunk AEAD %s by %s\n",
			crypto_tfm_alg_name(crypto_aead_tfm(img->sealer.tfm)),
			crypto_aead_driver_name(img->sealer.tfm));
	return err;
}

/**
 * hibseal_image_create() - start a sealed image with this boot's secret
 * @img:   the image state
 * @flags: HIBSEAL_IMAGE_*: how it is written
 *
 * Checks first that the TPM answers and that the boot window is still closed, then stores
 * the EFI copy of the key blob, which a resume after the next boot window needs: an image
 * written through /dev/snapshot can only be resumed that way, so it fails without the copy;
 * the swap writer's image can still be resumed with resume= at boot.
 *
 * Return: 0; -EPERM when sealing is unavailable; -EIO when the TPM does not answer or the
 * EFI copy cannot be stored; other -errno.
 */
int hibseal_image_create(struct hibseal_image *img, unsigned int flags)
{
	struct tpm2_hibseal_blob *blob;
	u8 secret[HIBSEAL_SECRET_SIZE];
	int err;

	memset(img, 0, sizeof(*img));
	blob = kmalloc(sizeof(*blob), GFP_KERNEL);
	if (!blob)
		return -ENOMEM;
	err = hibseal_window_check() ?: hibseal_boot_secret(secret, blob);
	if (err)
		goto out;
	/*
	 * Without its EFI copy only a resume inside the next boot window could open the image,
	 * and the kernel cannot know that the next boot resumes there (an initramfs that writes
	 * /sys/power/resume, a swap device on LUKS, /dev/snapshot never do): the user's session
	 * would be written where nothing can bring it back. Refuse before anything is written.
	 */
	err = hibseal_window_store_blob();
	if (err) {
		pr_err("cannot hibernate: no EFI copy of the key blob (%d), so a resume after the boot window could not open the image; the system keeps running\n",
		       err);
		err = -EIO;
		goto out;
	}
	memcpy(img->hdr.magic, HIBSEAL_MAGIC, sizeof(img->hdr.magic));
	img->hdr.flags = cpu_to_le32(flags);
	img->hdr.version = cpu_to_le16(HIBSEAL_VERSION);
	img->hdr.header_size = cpu_to_le16(sizeof(img->hdr));
	img->hdr.aead = cpu_to_le16(default_aead);
	img->hdr.key_blob_size = cpu_to_le32(blob->len);
	memcpy(img->hdr.key_blob, blob->data, blob->len);
	img->hdr.counter = cpu_to_le64(hibseal_counter());
	get_random_bytes(img->hdr.salt, sizeof(img->hdr.salt));
	err = image_keys(img, secret, default_aead);
	if (!err)
		img->hdr.tag_size = cpu_to_le16(img->sealer.tag_size);
	else
		hibseal_image_destroy(img);
	/*
	 * The snapshot's pages are a copy of memory, this kernel's keys included: clear them when
	 * they are freed, whether the image is written or not.
	 */
	swsusp_wipe_image_on_free();
out:
	memzero_explicit(secret, sizeof(secret));
	kfree(blob);
	return err;
}

/* Room for the longest reason check_header() gives. */
#define HEADER_REASON_SIZE	128

/* A malformed header: the field and what is wrong with it, into @why; then -EBADMSG. */
#define header_refused(fmt, ...) ({								\
	snprintf(why, size, "its sealed header is malformed: " fmt, ##__VA_ARGS__);	\
	-EBADMSG;										\
})

/*
 * Structure only: versions, sizes, reserved fields, each refused with its own reason. Nothing
 * here is trusted yet (the image MAC covers it all later); this only keeps a malformed header
 * from reaching the TPM and says what is wrong with it.
 *
 * Return: 0; -EINVAL if @hdr is not a sealed image header at all; -EBADMSG with the reason
 * (what the refusal's log line says after "image refused: ") in @why.
 */
static int check_header(const struct hibseal_image_header *hdr, char *why, size_t size)
{
	unsigned int aead = le16_to_cpu(hdr->aead), tag_size = hibseal_aead_tag_size(aead);
	const u8 *r2;

	if (memcmp(hdr->magic, HIBSEAL_MAGIC, sizeof(hdr->magic)))
		return -EINVAL;
	/* Version 1 did not bind the construction into the keys: its images are not read. */
	if (le16_to_cpu(hdr->version) != HIBSEAL_VERSION) {
		snprintf(why, size,
			 "it is in format version %u, and this kernel reads version %u only (hibernate again with this kernel)",
			 le16_to_cpu(hdr->version), HIBSEAL_VERSION);
		return -EBADMSG;
	}
	if (le16_to_cpu(hdr->header_size) != sizeof(*hdr))
		return header_refused("header_size %u, not %zu", le16_to_cpu(hdr->header_size),
				      sizeof(*hdr));
	if (!tag_size)
		return header_refused("construction (aead) %u is unknown", aead);
	if (le16_to_cpu(hdr->tag_size) != tag_size)
		return header_refused("tag_size %u, its construction uses %u",
				      le16_to_cpu(hdr->tag_size), tag_size);
	if (le32_to_cpu(hdr->flags) & ~HIBSEAL_IMAGE_FLAGS)
		return header_refused("flags 0x%x, unknown bits 0x%x", le32_to_cpu(hdr->flags),
				      le32_to_cpu(hdr->flags) & ~HIBSEAL_IMAGE_FLAGS);
	if (!le32_to_cpu(hdr->key_blob_size) ||
	    le32_to_cpu(hdr->key_blob_size) > sizeof(hdr->key_blob))
		return header_refused("key_blob_size %u, not 1 to %zu",
				      le32_to_cpu(hdr->key_blob_size), sizeof(hdr->key_blob));
	if (!le64_to_cpu(hdr->nr_chunks))
		return header_refused("nr_chunks 0");
	if (!le64_to_cpu(hdr->image_pages))
		return header_refused("image_pages 0");
	if (hdr->reserved1)
		return header_refused("reserved1 0x%x, not zero", le32_to_cpu(hdr->reserved1));
	r2 = memchr_inv(hdr->reserved2, 0, sizeof(hdr->reserved2));
	if (r2)
		return header_refused("reserved2 byte %td 0x%02x, not zero", r2 - hdr->reserved2,
				      *r2);
	return 0;
}

/**
 * hibseal_image_open() - check a sealed image's header and recover its keys
 * @img:   the image state
 * @hdr:   the header as read from disk
 * @flags: HIBSEAL_IMAGE_*: how the reader expects it to have been written
 *
 * Inside the boot window it unseals the boot secret the header carries; after the window it
 * takes the secret the window unsealed from the EFI copy of the key blob.
 *
 * Return: 0; -EINVAL if @hdr is not a sealed image header; -EBADMSG if it is malformed or of
 * the other kind; -ESTALE if it is not fresh (checked again, authenticated, by
 * hibseal_image_verify()); -EACCES if the TPM refuses the key (another machine, kernel or
 * Secure Boot state, or a secret that no boot window made); -ENOKEY after the window if the
 * window unsealed no key for it; other -errno.
 */
int hibseal_image_open(struct hibseal_image *img, const struct hibseal_image_header *hdr,
		       unsigned int flags)
{
	struct tpm2_hibseal_blob *blob;
	u8 secret[HIBSEAL_SECRET_SIZE];
	char why[HEADER_REASON_SIZE];
	unsigned int aead;
	int err;

	memset(img, 0, sizeof(*img));
	err = check_header(hdr, why, sizeof(why));
	if (err == -EBADMSG)
		hibseal_refused_err("%s", why);
	if (err)
		return err;
	if (le32_to_cpu(hdr->flags) != flags) {
		static const char * const by[] = {
			"by the kernel's swap writer", "through /dev/snapshot"
		};

		hibseal_refused_err("it was written %s, and this reader takes images written %s",
				    by[!!hdr->flags], by[!!flags]);
		return -EBADMSG;
	}
	img->hdr = *hdr;
	aead = le16_to_cpu(hdr->aead);
	blob = kmalloc(sizeof(*blob), GFP_KERNEL);
	if (!blob)
		return -ENOMEM;
	blob->len = le32_to_cpu(hdr->key_blob_size);
	memcpy(blob->data, hdr->key_blob, blob->len);
	/*
	 * The key first (its refusal says more: another TPM, kernel or a forged blob), then
	 * whether the image is fresh, before any chunk is decrypted.
	 */
	err = hibseal_window_image_key(blob, le64_to_cpu(hdr->counter), secret, &img->deferred);
	kfree(blob);
	if (err) {
		memzero_explicit(secret, sizeof(secret));
		return err;
	}
	err = image_keys(img, secret, aead);
	memzero_explicit(secret, sizeof(secret));
	if (err) {
		hibseal_image_destroy(img);
		return err;
	}
	/* From here on the image's pages are decrypted into memory: wipe them if it is refused. */
	swsusp_wipe_image_on_free();
	return 0;
}

/**
 * hibseal_image_add_tag() - count the next chunk and add its tag to the image MAC
 * @img:   the image state
 * @chunk: the sealed chunk
 * @len:   its plaintext length
 *
 * Called in stream order, on the write side after sealing and on the read side after opening.
 *
 * Return: 0, or -errno.
 */
int hibseal_image_add_tag(struct hibseal_image *img, const u8 *chunk, u32 len)
{
	const u8 *tag = chunk + sizeof(struct hibseal_chunk_header) + len;

	img->nr_chunks++;
	return hibseal_image_mac_update(&img->mac, tag, img->sealer.tag_size);
}

/**
 * hibseal_image_finish() - complete the header of a written image
 * @img:         the image state
 * @image_pages: pages of the snapshot image
 * @swsusp_flags: the SF_* flags of the swap header, to authenticate them
 * @hdr:         receives the header to store
 *
 * From here on an image with this boot's counter value may exist on disk (see
 * hibseal_image_written()).
 *
 * Return: 0, or -errno.
 */
int hibseal_image_finish(struct hibseal_image *img, unsigned long image_pages,
			 unsigned int swsusp_flags, struct hibseal_image_header *hdr)
{
	hibseal_image_written();
	img->hdr.swsusp_flags = cpu_to_le32(swsusp_flags);
	img->hdr.nr_chunks = cpu_to_le64(img->nr_chunks);
	img->hdr.image_pages = cpu_to_le64(image_pages);
	memset(img->hdr.image_mac, 0, sizeof(img->hdr.image_mac));
	*hdr = img->hdr;
	return hibseal_image_mac_final(&img->mac, hdr, hdr->image_mac);
}

/**
 * hibseal_image_verify() - the last check before restore
 * @img:          the image state, every chunk read and opened
 * @image_pages:  pages of the snapshot image that was loaded
 * @swsusp_flags: the SF_* flags of the swap header that was read (without SF_HW_SIG)
 *
 * Return: 0; -EBADMSG if a chunk is missing or extra, the swap header's flags were changed,
 * or the image MAC does not match; -ESTALE if the image is not fresh (anti-replay counter);
 * other -errno when the counter cannot be advanced.
 */
int hibseal_image_verify(struct hibseal_image *img, unsigned long image_pages,
			 unsigned int swsusp_flags)
{
	u8 mac[HIBSEAL_MAC_SIZE];
	int err;

	if (img->nr_chunks != le64_to_cpu(img->hdr.nr_chunks)) {
		hibseal_refused_err("%llu chunks read, its header says %llu",
				    img->nr_chunks, le64_to_cpu(img->hdr.nr_chunks));
		return -EBADMSG;
	}
	if (image_pages != le64_to_cpu(img->hdr.image_pages) ||
	    swsusp_flags != le32_to_cpu(img->hdr.swsusp_flags)) {
		hibseal_refused_err("%lu pages, flags 0x%x; sealed were %llu pages, flags 0x%x",
				    image_pages, swsusp_flags, le64_to_cpu(img->hdr.image_pages),
				    le32_to_cpu(img->hdr.swsusp_flags));
		return -EBADMSG;
	}
	err = hibseal_image_mac_final(&img->mac, &img->hdr, mac);
	if (!err && crypto_memneq(mac, img->hdr.image_mac, sizeof(mac))) {
		hibseal_refused_err("its image MAC does not match");
		err = -EBADMSG;
	}
	memzero_explicit(mac, sizeof(mac));
	/* Authentic: now, is it fresh? This also makes it the last resume of this image. */
	err = err ?: hibseal_window_image_fresh(le64_to_cpu(img->hdr.counter), img->deferred);
	if (!err)
		pr_info("image verified: %llu chunks, image MAC matches\n", img->nr_chunks);
	return err;
}

/**
 * hibseal_image_destroy() - free the image state and wipe its keys
 * @img: the image state
 */
void hibseal_image_destroy(struct hibseal_image *img)
{
	hibseal_sealer_destroy(&img->sealer);
	hibseal_image_mac_destroy(&img->mac);
	memzero_explicit(img, sizeof(*img));
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/header_kunit.c"
#endif
