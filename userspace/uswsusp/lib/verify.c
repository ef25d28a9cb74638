// SPDX-License-Identifier: GPL-2.0
/*
 * hs_image_verify(): the full cryptographic check of a sealed image whose boot secret is known
 * (libhibseal.h). The structure is walked by hs_image_walk(); each chunk is gathered from its
 * swap pages, opened with the image's keys (HKDF from the secret and the header's salt) at its
 * stream index, and its tag kept; at the end the image MAC over the tags and the sealed header
 * must match the header's. The same order as the kernel's reader: nothing is decrypted under
 * authenc before its tag checks.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>

#include <linux/hibseal.h>

#include "lib_private.h"
#include "seal.h"

struct verifier {
	const struct hs_source *src;
	const uint8_t *secret;
	struct hibseal_image_header hdr;
	struct hs_seal_keys keys;
	struct hs_sealer sealer;
	bool ready;			/* header read, keys derived, sealer set up */
	uint8_t *chunk;			/* the chunk being opened, gathered from its pages */
	uint8_t *tags;			/* every tag so far, in stream order */
	size_t nr_tags, tags_room;
};

static int __attribute__((format(printf, 3, 4)))
failed(struct hs_image_info *info, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(info->reason, sizeof(info->reason), fmt, ap);
	va_end(ap);
	return err;
}

/* On the first chunk: the sealed header (its structure already checked), keys and sealer. */
static int set_up(struct verifier *v, struct hs_image_info *info)
{
	int err = v->src->read(v->src->ctx, info->seal_header_page * HS_PAGE_SIZE, &v->hdr,
			       sizeof(v->hdr));

	if (err)
		return failed(info, err, "cannot read the sealed header");
	v->chunk = malloc((size_t)HS_PAGE_SIZE * HS_CHUNK_PAGES_MAX);
	if (!v->chunk)
		return failed(info, -ENOMEM, "out of memory");
	if (hs_seal_derive_keys(v->secret, v->hdr.salt, info->aead, &v->keys) ||
	    hs_sealer_init(&v->sealer, info->aead, &v->keys, v->hdr.salt))
		return failed(info, -ENOMEM, "cannot set up the keys (OpenSSL)");
	v->ready = true;
	return 0;
}

static int keep_tag(struct verifier *v, const uint8_t *tag, unsigned int size)
{
	if (v->nr_tags == v->tags_room) {
		size_t room = v->tags_room ? v->tags_room * 2 : 256;
		uint8_t *tags = realloc(v->tags, room * size);

		if (!tags)
			return -ENOMEM;
		v->tags = tags;
		v->tags_room = room;
	}
	memcpy(v->tags + v->nr_tags++ * size, tag, size);
	return 0;
}

static int open_chunk(void *ctx, struct hs_image_info *info, uint64_t index,
		      const uint64_t *pages, unsigned int nr_pages, uint32_t len)
{
	struct verifier *v = ctx;
	uint32_t plain;
	int err;

	if (!v->ready) {
		err = set_up(v, info);
		if (err)
			return err;
	}
	if (nr_pages > HS_CHUNK_PAGES_MAX)
		return failed(info, -EINVAL, "chunk %" PRIu64 " is too large", index);
	for (unsigned int i = 0; i < nr_pages; i++) {
		err = v->src->read(v->src->ctx, pages[i] * HS_PAGE_SIZE,
				   v->chunk + (size_t)i * HS_PAGE_SIZE, HS_PAGE_SIZE);
		if (err)
			return failed(info, err, "cannot read chunk %" PRIu64, index);
	}
	/* The tag as stored, before opening: under GCM the buffer is decrypted in place. */
	err = keep_tag(v, v->chunk + sizeof(struct hibseal_chunk_header) + len,
		       v->sealer.tag_size);
	if (err)
		return failed(info, err, "out of memory at chunk %" PRIu64, index);
	if (hs_sealer_open(&v->sealer, index, v->chunk, len, &plain) || plain != len) {
		OPENSSL_cleanse(v->chunk, (size_t)nr_pages * HS_PAGE_SIZE);
		return failed(info, -EBADMSG, "chunk %" PRIu64 " does not authenticate", index);
	}
	OPENSSL_cleanse(v->chunk, (size_t)nr_pages * HS_PAGE_SIZE);
	return 0;
}

int hs_image_verify(const struct hs_source *src, uint64_t header_page, const uint8_t *secret,
		    struct hs_image_info *info)
{
	struct verifier v = { .src = src, .secret = secret };
	struct hs_chunk_visitor visitor = { .chunk = open_chunk, .ctx = &v };
	uint8_t mac[HIBSEAL_MAC_SIZE];
	int err;

	err = hs_image_walk(src, header_page, &visitor, info);
	if (!err && (!v.ready || hs_image_mac(&v.keys, v.tags, v.nr_tags, v.sealer.tag_size,
					      &v.hdr, mac))) {
		snprintf(info->reason, sizeof(info->reason), "cannot compute the image MAC");
		err = -ENOMEM;
	}
	if (!err && CRYPTO_memcmp(mac, v.hdr.image_mac, sizeof(mac))) {
		info->region = HS_REGION_IMAGE_MAC;
		snprintf(info->reason, sizeof(info->reason),
			 "the image MAC does not match the tags and the header");
		err = -EBADMSG;
	}
	if (v.ready)
		hs_sealer_free(&v.sealer);
	OPENSSL_cleanse(&v.keys, sizeof(v.keys));
	free(v.chunk);
	free(v.tags);
	return err;
}
