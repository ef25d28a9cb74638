// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of sealed hibernation's crypto: HKDF and key derivation known answers, chunk
 * sealing known answers (computed independently by tests/kat/chunk-kat.sh with Python and
 * OpenSSL), the binding of each chunk to its image and index, every single-bit flip of a chunk's
 * header, ciphertext and tag refused, and the image MAC over tags and every header byte.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../hibseal_private.h"

/* 6.1's KUnit has no memory comparisons of its own. */
#define EXPECT_MEMEQ(test, a, b, n) \
	KUNIT_EXPECT_EQ_MSG(test, memcmp(a, b, n), 0, "%s differs from %s", #a, #b)
#define EXPECT_MEMNEQ(test, a, b, n) \
	KUNIT_EXPECT_NE_MSG(test, memcmp(a, b, n), 0, "%s equals %s", #a, #b)

/* RFC 5869, test case 1 */
static const u8 rfc5869_ikm[22] = {
	0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b,
	0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b, 0x0b,
};

static const u8 rfc5869_salt[13] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
};

static const u8 rfc5869_info[10] = {
	0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9,
};

static const u8 rfc5869_okm[42] = {
	0x3c, 0xb2, 0x5f, 0x25, 0xfa, 0xac, 0xd5, 0x7a, 0x90, 0x43, 0x4f, 0x64, 0xd0, 0x36,
	0x2f, 0x2a, 0x2d, 0x2d, 0x0a, 0x90, 0xcf, 0x1a, 0x5a, 0x4c, 0x5d, 0xb0, 0x2d, 0x56,
	0xec, 0xc4, 0xc5, 0xbf, 0x34, 0x00, 0x72, 0x08, 0xd5, 0xb8, 0x87, 0x18, 0x58, 0x65,
};

/* tests/kat/chunk-kat.sh: secret 00..1f, salt 20..3f, CTR+HMAC (in the keys), index 5, LZO */
static const u8 kat_enc_key[] = {
	0x08, 0x03, 0x11, 0xd6, 0x02, 0xbd, 0x02, 0xd3, 0xcf, 0x8e, 0x4f, 0x41, 0xf7, 0x2c, 0x88,
	0xee, 0x1f, 0xfd, 0x7a, 0x4d, 0xcc, 0x31, 0x8a, 0x6a, 0xab, 0xe5, 0x91, 0xb1, 0x96, 0xd3,
	0x0b, 0x64, 0xde, 0x38, 0x0e, 0xf6,
};

static const u8 kat_auth_key[] = {
	0x99, 0xeb, 0x57, 0x17, 0x3b, 0x56, 0xf3, 0x4d, 0x82, 0xc5, 0x29, 0x0c, 0x77, 0xb0, 0xec,
	0x02, 0x79, 0xb6, 0xa5, 0x05, 0x45, 0x3a, 0x5f, 0xb6, 0x8f, 0x9c, 0xd4, 0x65, 0xe0, 0xa0,
	0x9b, 0x71,
};

static const u8 kat_image_key[] = {
	0x07, 0xa4, 0x80, 0xb2, 0x51, 0x3c, 0x01, 0x5d, 0x0a, 0x45, 0x35, 0x2f, 0x09, 0xf1, 0x31,
	0x8d, 0xba, 0x14, 0x13, 0xc3, 0xa4, 0xec, 0x7d, 0x86, 0x67, 0x29, 0x15, 0x8e, 0xa0, 0x74,
	0x97, 0x11,
};

static const u8 kat_chunk[] = {
	0x48, 0x53, 0x43, 0x4b, 0x02, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x67, 0xd9, 0xb6, 0x68, 0x76, 0x64, 0xdd, 0xfa, 0x1c, 0x72, 0xf3, 0xa4, 0x5d, 0x44,
	0x20, 0x07, 0x03, 0x7d, 0x6c, 0x1f, 0xb9, 0x26, 0x43, 0xac, 0x0a, 0x16, 0x9a, 0xae, 0x18,
	0x9e, 0x28, 0x39, 0x7e, 0xc9, 0x74, 0x67, 0xcc, 0xe9, 0x8c, 0x22, 0x51, 0x78, 0x90, 0x83,
	0x7a, 0x38, 0x7b, 0x0d, 0x0b, 0x76, 0xab, 0x20, 0x2e, 0x91, 0x03, 0xd4, 0x04, 0x98, 0x6c,
	0x54, 0xbd, 0xaa, 0x02, 0xdd, 0xc8, 0xb0, 0xe7, 0xb6, 0x34, 0x45, 0x7c, 0x6d, 0x57, 0x07,
	0x1e, 0xd7, 0xae, 0x8a, 0x9d, 0x20,
};

/* The same chunk sealed with GCM (its own keys: the construction is in the HKDF info) */
static const u8 kat_gcm_chunk[] = {
	0x48, 0x53, 0x43, 0x4b, 0x02, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x99, 0x8c, 0x1e, 0xaf, 0xaa, 0xba, 0xf8, 0xa0, 0x54, 0x37, 0xd2, 0x5c, 0x00, 0x0a,
	0xd0, 0xe4, 0x24, 0x8c, 0x73, 0x66, 0x52, 0x67, 0x21, 0x87, 0x0d, 0x41, 0x12, 0x11, 0x67,
	0xc5, 0x3f, 0x16, 0x06, 0xde, 0xff, 0xb6, 0x6e, 0x34, 0xef, 0xb2, 0x3b, 0xbc, 0xb8, 0xb9,
	0x9c, 0x40, 0x65, 0xca, 0x87, 0x3a, 0xb2, 0x48, 0x34, 0xbb, 0x0d, 0xe5, 0x19, 0x6f, 0x5d,
	0x14, 0xef, 0x88, 0x42, 0x25,
};

/* The CTR+HMAC image key over tags 01.. and 02.. and kat_mac_header() */
static const u8 kat_image_mac[] = {
	0x96, 0x53, 0x2e, 0x34, 0x72, 0x28, 0x55, 0xe8, 0x4f, 0x7b, 0xe7, 0x0c, 0xce, 0x36, 0x40,
	0x22, 0xb7, 0x80, 0x04, 0xf3, 0x85, 0xcc, 0x78, 0xa1, 0x98, 0x61, 0x98, 0x19, 0xe5, 0xd5,
	0xba, 0xc4,
};

#define KAT_INDEX	5
#define KAT_LEN		48
static const char kat_plaintext[KAT_LEN] = "hibseal known-answer chunk: 48 bytes of text..";

static const unsigned int aeads[] = {
	HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
	HIBSEAL_AEAD_AES256_GCM,
};

static void kat_inputs(u8 secret[HIBSEAL_SECRET_SIZE], u8 salt[HIBSEAL_SALT_SIZE])
{
	int i;

	for (i = 0; i < HIBSEAL_SECRET_SIZE; i++)
		secret[i] = i;
	for (i = 0; i < HIBSEAL_SALT_SIZE; i++)
		salt[i] = 32 + i;
}

/* A sealer for @aead with the known-answer keys; the test fails if it cannot be made. */
static void kat_sealer(struct kunit *test, struct hibseal_sealer *s, unsigned int aead,
		       struct hibseal_keys *keys)
{
	u8 secret[HIBSEAL_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE];

	kat_inputs(secret, salt);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, aead, keys), 0);
	KUNIT_ASSERT_EQ(test, hibseal_sealer_init(s, aead, keys, salt), 0);
}

/* A buffer holding the known-answer plaintext sealed with @s at @index. */
static u8 *sealed_kat(struct kunit *test, struct hibseal_sealer *s, u64 index)
{
	u8 *chunk = kunit_kzalloc(test, hibseal_chunk_size(s, KAT_LEN), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, chunk);
	memcpy(chunk + sizeof(struct hibseal_chunk_header), kat_plaintext, KAT_LEN);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_seal(s, index, HIBSEAL_CHUNK_LZO, chunk, KAT_LEN), 0);
	return chunk;
}

static void hkdf_rfc5869_case1(struct kunit *test)
{
	u8 okm[sizeof(rfc5869_okm)];

	KUNIT_ASSERT_EQ(test, hibseal_hkdf_sha256(rfc5869_ikm, sizeof(rfc5869_ikm),
						  rfc5869_salt, sizeof(rfc5869_salt),
						  rfc5869_info, sizeof(rfc5869_info),
						  okm, sizeof(okm)), 0);
	EXPECT_MEMEQ(test, okm, rfc5869_okm, sizeof(okm));
}

static void derive_keys_known_answer(struct kunit *test)
{
	u8 secret[HIBSEAL_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE];
	struct hibseal_keys keys;

	kat_inputs(secret, salt);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
						  &keys), 0);
	EXPECT_MEMEQ(test, keys.enc, kat_enc_key, sizeof(kat_enc_key));
	EXPECT_MEMEQ(test, keys.auth, kat_auth_key, sizeof(kat_auth_key));
	EXPECT_MEMEQ(test, keys.image, kat_image_key, sizeof(kat_image_key));
}

/* The construction is part of every key: GCM's keys share nothing with CTR+HMAC's. */
static void derive_keys_bound_to_construction(struct kunit *test)
{
	u8 secret[HIBSEAL_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE];
	struct hibseal_keys ctr, gcm;

	kat_inputs(secret, salt);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
						  &ctr), 0);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_GCM, &gcm), 0);
	KUNIT_EXPECT_NE(test, memcmp(ctr.enc, gcm.enc, HIBSEAL_AES_KEY_SIZE), 0);
	KUNIT_EXPECT_NE(test, memcmp(ctr.auth, gcm.auth, sizeof(ctr.auth)), 0);
	KUNIT_EXPECT_NE(test, memcmp(ctr.image, gcm.image, sizeof(ctr.image)), 0);
}

/* Each construction seals the known-answer chunk into its vector, which opens again. */
static void chunk_seal_known_answer(struct kunit *test)
{
	static const struct {
		unsigned int aead;
		const u8 *chunk;
		size_t size;
	} kats[] = {
		{ HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, kat_chunk, sizeof(kat_chunk) },
		{ HIBSEAL_AEAD_AES256_GCM, kat_gcm_chunk, sizeof(kat_gcm_chunk) },
	};
	struct hibseal_keys keys;
	struct hibseal_sealer s;
	u32 len, flags;
	unsigned int i;
	u8 *chunk;

	for (i = 0; i < ARRAY_SIZE(kats); i++) {
		kat_sealer(test, &s, kats[i].aead, &keys);
		KUNIT_ASSERT_EQ(test, hibseal_chunk_size(&s, KAT_LEN), kats[i].size);
		chunk = sealed_kat(test, &s, KAT_INDEX);
		EXPECT_MEMEQ(test, chunk, kats[i].chunk, kats[i].size);
		KUNIT_ASSERT_EQ(test, 0, hibseal_chunk_open(&s, KAT_INDEX, chunk, KAT_LEN, &len,
							    &flags));
		EXPECT_MEMEQ(test, chunk + sizeof(struct hibseal_chunk_header), kat_plaintext,
			     KAT_LEN);
		hibseal_sealer_destroy(&s);
	}
}

/* The header tests/kat/chunk-kat.sh MACs: two chunks, 64 pages, counter 7, the KAT salt. */
static void kat_mac_header(struct hibseal_image_header *hdr)
{
	u8 secret[HIBSEAL_SECRET_SIZE];

	memset(hdr, 0, sizeof(*hdr));
	memcpy(hdr->magic, HIBSEAL_MAGIC, sizeof(hdr->magic));
	hdr->version = cpu_to_le16(HIBSEAL_VERSION);
	hdr->header_size = cpu_to_le16(sizeof(*hdr));
	hdr->aead = cpu_to_le16(HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256);
	hdr->tag_size = cpu_to_le16(32);
	hdr->nr_chunks = cpu_to_le64(2);
	hdr->image_pages = cpu_to_le64(64);
	hdr->counter = cpu_to_le64(7);
	kat_inputs(secret, hdr->salt);
}

static void image_mac_known_answer(struct kunit *test)
{
	static const u8 tag_a[32] = { 1 }, tag_b[32] = { 2 };
	u8 secret[HIBSEAL_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE], mac[HIBSEAL_MAC_SIZE];
	struct hibseal_image_header *hdr;
	struct hibseal_image_mac m;
	struct hibseal_keys keys;

	KUNIT_ASSERT_EQ(test, sizeof(*hdr), 1208);
	kat_inputs(secret, salt);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
						  &keys), 0);
	hdr = kunit_kzalloc(test, sizeof(*hdr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hdr);
	kat_mac_header(hdr);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_init(&m, &keys), 0);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_update(&m, tag_a, sizeof(tag_a)), 0);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_update(&m, tag_b, sizeof(tag_b)), 0);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_final(&m, hdr, mac), 0);
	hibseal_image_mac_destroy(&m);
	EXPECT_MEMEQ(test, mac, kat_image_mac, sizeof(mac));
}

static void chunk_open_known_answer(struct kunit *test)
{
	struct hibseal_keys keys;
	struct hibseal_sealer s;
	u32 len = 0, flags = 0;
	u8 *chunk;

	kat_sealer(test, &s, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, &keys);
	chunk = kunit_kmalloc(test, sizeof(kat_chunk), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, chunk);
	memcpy(chunk, kat_chunk, sizeof(kat_chunk));
	KUNIT_ASSERT_EQ(test, hibseal_chunk_open(&s, KAT_INDEX, chunk, KAT_LEN, &len, &flags), 0);
	KUNIT_EXPECT_EQ(test, len, KAT_LEN);
	KUNIT_EXPECT_EQ(test, flags, HIBSEAL_CHUNK_LZO);
	EXPECT_MEMEQ(test, chunk + sizeof(struct hibseal_chunk_header), kat_plaintext, KAT_LEN);
	hibseal_sealer_destroy(&s);
}

/* Each construction: a sealed chunk opens at its own index and image only. */
static void chunk_bound_to_index_and_image(struct kunit *test)
{
	u8 other_salt[HIBSEAL_SALT_SIZE] = { 0 };
	struct hibseal_sealer s, other;
	struct hibseal_keys keys;
	size_t size;
	u32 len, flags;
	u8 *chunk, *copy;
	int i;

	for (i = 0; i < ARRAY_SIZE(aeads); i++) {
		kat_sealer(test, &s, aeads[i], &keys);
		size = hibseal_chunk_size(&s, KAT_LEN);
		chunk = sealed_kat(test, &s, KAT_INDEX);
		copy = kunit_kmalloc(test, size, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, copy);

		memcpy(copy, chunk, size);
		KUNIT_EXPECT_EQ(test, hibseal_chunk_open(&s, KAT_INDEX, copy, KAT_LEN, &len,
							 &flags), 0);
		memcpy(copy, chunk, size);
		KUNIT_EXPECT_EQ(test, hibseal_chunk_open(&s, KAT_INDEX + 1, copy, KAT_LEN, &len,
							 &flags), -EBADMSG);
		/* Same keys, another image id: the AAD differs. */
		KUNIT_ASSERT_EQ(test, hibseal_sealer_init(&other, aeads[i], &keys, other_salt), 0);
		memcpy(copy, chunk, size);
		KUNIT_EXPECT_EQ(test, hibseal_chunk_open(&other, KAT_INDEX, copy, KAT_LEN, &len,
							 &flags), -EBADMSG);
		/* A reader that takes less than the chunk holds refuses it before decrypting. */
		memcpy(copy, chunk, size);
		KUNIT_EXPECT_EQ(test, hibseal_chunk_open(&s, KAT_INDEX, copy, KAT_LEN - 1, &len,
							 &flags), -EBADMSG);
		hibseal_sealer_destroy(&other);
		hibseal_sealer_destroy(&s);
	}
}

/* Each construction: flipping any single bit of header, ciphertext or tag is refused. */
static void chunk_every_bit_flip_refused(struct kunit *test)
{
	struct hibseal_sealer s;
	struct hibseal_keys keys;
	size_t size, byte;
	u32 len, flags;
	u8 *chunk, *copy;
	int i, bit, accepted;

	for (i = 0; i < ARRAY_SIZE(aeads); i++) {
		kat_sealer(test, &s, aeads[i], &keys);
		size = hibseal_chunk_size(&s, KAT_LEN);
		chunk = sealed_kat(test, &s, KAT_INDEX);
		copy = kunit_kmalloc(test, size, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, copy);
		accepted = 0;
		for (byte = 0; byte < size; byte++) {
			for (bit = 0; bit < 8; bit++) {
				memcpy(copy, chunk, size);
				copy[byte] ^= BIT(bit);
				if (hibseal_chunk_open(&s, KAT_INDEX, copy, KAT_LEN, &len,
						       &flags) != -EBADMSG)
					accepted++;
			}
		}
		KUNIT_EXPECT_EQ_MSG(test, accepted, 0, "aead %u: %d of %zu flips accepted",
				    aeads[i], accepted, size * 8);
		hibseal_sealer_destroy(&s);
	}
}

/* The image MAC covers the tags in order and every header byte before the MAC field. */
static void image_mac_covers_tags_and_header(struct kunit *test)
{
	static const u8 tag_a[32] = { 1 }, tag_b[32] = { 2 };
	u8 mac[HIBSEAL_MAC_SIZE], again[HIBSEAL_MAC_SIZE], other[HIBSEAL_MAC_SIZE];
	struct hibseal_image_header *hdr;
	struct hibseal_image_mac m;
	struct hibseal_keys keys;
	u8 secret[HIBSEAL_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE];

	kat_inputs(secret, salt);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
						  &keys), 0);
	hdr = kunit_kzalloc(test, sizeof(*hdr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hdr);

#define IMAGE_MAC(first, second, out) do {						\
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_init(&m, &keys), 0);		\
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_update(&m, first, 32), 0);	\
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_update(&m, second, 32), 0);	\
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_final(&m, hdr, out), 0);	\
		hibseal_image_mac_destroy(&m);						\
	} while (0)

	IMAGE_MAC(tag_a, tag_b, mac);
	memset(hdr->image_mac, 0xaa, sizeof(hdr->image_mac));	/* not covered: it holds the MAC */
	IMAGE_MAC(tag_a, tag_b, again);
	EXPECT_MEMEQ(test, mac, again, sizeof(mac));
	IMAGE_MAC(tag_b, tag_a, other);				/* reordered tags */
	EXPECT_MEMNEQ(test, mac, other, sizeof(mac));
	hdr->nr_chunks = cpu_to_le64(3);			/* a header field */
	IMAGE_MAC(tag_a, tag_b, other);
	EXPECT_MEMNEQ(test, mac, other, sizeof(mac));
#undef IMAGE_MAC
}

/* Every single-bit change to any header byte the image MAC covers changes the MAC. */
static void image_mac_every_header_bit(struct kunit *test)
{
	static const u8 tag[32] = { 7 };
	u8 mac[HIBSEAL_MAC_SIZE], other[HIBSEAL_MAC_SIZE];
	u8 secret[HIBSEAL_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE];
	const size_t covered = offsetof(struct hibseal_image_header, image_mac);
	struct hibseal_image_header *hdr;
	struct hibseal_image_mac m;
	struct hibseal_keys keys;
	size_t byte, unchanged = 0;

	kat_inputs(secret, salt);
	KUNIT_ASSERT_EQ(test, hibseal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
						  &keys), 0);
	hdr = kunit_kzalloc(test, sizeof(*hdr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hdr);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_init(&m, &keys), 0);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_update(&m, tag, sizeof(tag)), 0);
	KUNIT_ASSERT_EQ(test, hibseal_image_mac_final(&m, hdr, mac), 0);
	hibseal_image_mac_destroy(&m);

	for (byte = 0; byte < covered; byte++) {
		((u8 *)hdr)[byte] ^= 1;
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_init(&m, &keys), 0);
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_update(&m, tag, sizeof(tag)), 0);
		KUNIT_ASSERT_EQ(test, hibseal_image_mac_final(&m, hdr, other), 0);
		hibseal_image_mac_destroy(&m);
		((u8 *)hdr)[byte] ^= 1;
		if (!memcmp(mac, other, sizeof(mac)))
			unchanged++;
	}
	KUNIT_EXPECT_EQ_MSG(test, unchanged, 0, "%zu of %zu header byte flips kept the MAC",
			    unchanged, covered);
}

static struct kunit_case hibseal_crypto_cases[] = {
	KUNIT_CASE(hkdf_rfc5869_case1),
	KUNIT_CASE(derive_keys_known_answer),
	KUNIT_CASE(derive_keys_bound_to_construction),
	KUNIT_CASE(chunk_seal_known_answer),
	KUNIT_CASE(chunk_open_known_answer),
	KUNIT_CASE(image_mac_known_answer),
	KUNIT_CASE(chunk_bound_to_index_and_image),
	KUNIT_CASE(chunk_every_bit_flip_refused),
	KUNIT_CASE(image_mac_covers_tags_and_header),
	KUNIT_CASE(image_mac_every_header_bit),
	{}
};

static struct kunit_suite hibseal_crypto_suite = {
	.name = "hibseal_crypto",
	.test_cases = hibseal_crypto_cases,
};

kunit_test_suite(hibseal_crypto_suite);

MODULE_LICENSE("GPL");
