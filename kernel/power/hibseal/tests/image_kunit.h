/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sealed image for the KUnit cases of stream.c and chunks.c: its keys derived from a fixed
 * secret and salt, as hibseal_image_open() would derive them, with no TPM involved.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _HIBSEAL_IMAGE_KUNIT_H
#define _HIBSEAL_IMAGE_KUNIT_H

#include <kunit/test.h>

/* An image read back (off the stack: its header is 1208 bytes), keys from a fixed secret. */
static struct hibseal_image *test_image(struct kunit *test)
{
	struct hibseal_image *img = kunit_kzalloc(test, sizeof(*img), GFP_KERNEL);
	u8 secret[HIBSEAL_SECRET_SIZE];
	struct hibseal_keys keys;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, img);
	for (i = 0; i < HIBSEAL_SECRET_SIZE; i++)
		secret[i] = 0xa0 + i;
	for (i = 0; i < HIBSEAL_SALT_SIZE; i++)
		img->hdr.salt[i] = i;
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, img->hdr.salt,
						  HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, &keys), 0);
	KUNIT_ASSERT_EQ(test, hibseal_sealer_init(&img->sealer,
						  HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, &keys,
						  img->hdr.salt), 0);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_init(&img->mac, &keys), 0);
	memzero_explicit(&keys, sizeof(keys));
	return img;
}

static void test_image_destroy(struct hibseal_image *img)
{
	hibseal_sealer_destroy(&img->sealer);
	hibseal_image_mac_destroy(&img->mac);
}

#endif
