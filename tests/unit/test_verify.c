// SPDX-License-Identifier: GPL-2.0
/*
 * hs_image_verify() (userspace/uswsusp/lib/verify.c) on synthetic images sealed for real with
 * a known secret: a good image verifies under both constructions; a flipped bit in any chunk's
 * ciphertext or tag, two chunks swapped, a wrong secret, or a changed header field covered only
 * by the image MAC are each refused with the region and chunk named.
 */
#include <errno.h>
#include <string.h>

#include "libhibseal.h"
#include "seal.h"
#include "synthetic_image.h"
#include "tap.h"

#include <linux/hibseal.h>

struct sealing {
	struct hs_seal_keys keys;
	struct hs_sealer sealer;
	uint8_t tags[80][HIBSEAL_TAG_MAX];
	unsigned int nr;
};

static int seal_chunk(void *ctx, unsigned int index, uint8_t *chunk, uint32_t len, uint32_t flags)
{
	struct sealing *s = ctx;

	if (hs_sealer_seal(&s->sealer, index, flags, chunk, len))
		return -1;
	memcpy(s->tags[s->nr++], chunk + sizeof(struct hibseal_chunk_header) + len,
	       s->sealer.tag_size);
	return 0;
}

static int seal_header(void *ctx, uint8_t *page)
{
	struct sealing *s = ctx;
	struct hibseal_image_header *hdr = (struct hibseal_image_header *)page;
	uint8_t flat[80 * HIBSEAL_TAG_MAX];

	for (unsigned int i = 0; i < s->nr; i++)
		memcpy(flat + i * s->sealer.tag_size, s->tags[i], s->sealer.tag_size);
	return hs_image_mac(&s->keys, flat, s->nr, s->sealer.tag_size, hdr, hdr->image_mac);
}

static const uint8_t secret[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

/* A sealed image of 5 data chunks (one longer than a page) under @aead. */
static int build(unsigned int aead, struct synth_image *img)
{
	static const uint32_t lens[] = { 1000, 9000, 4096, 17, 300 };
	uint8_t salt[HIBSEAL_SALT_SIZE];
	struct sealing s = { 0 };
	struct synth_spec spec = {
		.aead = aead, .compressed = true, .nr_data = 5, .lens = lens, .image_pages = 40,
		.key_blob_size = 491, .counter = 7, .seal_chunk = seal_chunk,
		.seal_header = seal_header, .seal_ctx = &s,
	};
	int err;

	memset(salt, SYNTH_SALT_BYTE, sizeof(salt));
	if (hs_seal_derive_keys(secret, salt, (int)aead, &s.keys) ||
	    hs_sealer_init(&s.sealer, (int)aead, &s.keys, salt))
		return -1;
	err = synth_build(&spec, img);
	hs_sealer_free(&s.sealer);
	return err;
}

static int verify(const struct synth_image *img, const uint8_t *key, struct hs_image_info *info)
{
	struct hs_source src;

	hs_source_memory(&src, img->data, img->size);
	return hs_image_verify(&src, img->header_page, key, info);
}

int main(void)
{
	static const unsigned int aeads[] = { HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
					      HIBSEAL_AEAD_AES256_GCM };
	static const char *const names[] = { "ctr-hmac", "gcm" };

	for (int a = 0; a < 2; a++) {
		struct synth_image img;
		struct hs_image_info info;
		uint8_t wrong[32], *p;
		int err;

		if (!tap(build(aeads[a], &img) == 0, "unit.verify.%s.build", names[a]))
			continue;
		err = verify(&img, secret, &info);
		if (!tap(err == 0, "unit.verify.%s.good-image", names[a]))
			printf("# %d: %s\n", err, info.reason);

		memcpy(wrong, secret, sizeof(wrong));
		wrong[31] ^= 1;
		err = verify(&img, wrong, &info);
		tap(err == -EBADMSG && info.region == HS_REGION_METADATA_CHUNK && info.chunk == 0,
		    "unit.verify.%s.wrong-secret", names[a]);

		/* Chunk 2's ciphertext, then its tag: the last bytes before its padding. */
		p = synth_page(&img, img.chunk_page[2]) + 16 + 100;
		*p ^= 0x40;
		err = verify(&img, secret, &info);
		tap(err == -EBADMSG && info.region == HS_REGION_DATA_CHUNK && info.chunk == 2,
		    "unit.verify.%s.ciphertext-flip", names[a]);
		*p ^= 0x40;
		p = synth_page(&img, img.chunk_page[4]) + 16 + 17;
		*p ^= 0x01;
		err = verify(&img, secret, &info);
		tap(err == -EBADMSG && info.region == HS_REGION_DATA_CHUNK && info.chunk == 4,
		    "unit.verify.%s.tag-flip", names[a]);
		*p ^= 0x01;

		/* The counter is under the image MAC only. */
		p = synth_page(&img, img.seal_header_page) +
		    offsetof(struct hibseal_image_header, counter);
		*p ^= 0x02;
		err = verify(&img, secret, &info);
		tap(err == -EBADMSG && info.region == HS_REGION_IMAGE_MAC,
		    "unit.verify.%s.header-counter-changed", names[a]);
		*p ^= 0x02;
		err = verify(&img, secret, &info);
		tap(err == 0, "unit.verify.%s.restored-verifies", names[a]);
		synth_free(&img);
	}
	return tap_exit();
}
