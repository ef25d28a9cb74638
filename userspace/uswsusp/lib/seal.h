/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libhibseal's sealing: the kernel's (kernel/power/hibseal/crypto.c) rebuilt on OpenSSL 3, byte
 * for byte: HKDF-SHA256 keys per image, each chunk an AEAD over (header, data) with AAD = salt
 * || le64 index || header, and the image MAC over the chunk tags, then the image header. Used
 * by `hibseal verify --key`, the benchmark (userspace/bench) and the known-answer cross-check
 * against the kernel's vectors (tests/unit/test_seal_kat.c).
 */
#ifndef LIBHIBSEAL_SEAL_H
#define LIBHIBSEAL_SEAL_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>
#include <linux/hibseal.h>

#define HS_SECRET_SIZE	32
#define HS_AES_KEY_SIZE	32
#define HS_NONCE_SIZE		4

struct hs_seal_keys {
	uint8_t enc[HS_AES_KEY_SIZE + HS_NONCE_SIZE];
	uint8_t auth[32];
	uint8_t image[32];
};

/* One worker's sealing state: contexts are not shared between threads. */
struct hs_sealer {
	int aead;			/* HIBSEAL_AEAD_* */
	unsigned int tag_size;
	uint8_t salt[HIBSEAL_SALT_SIZE];
	struct hs_seal_keys keys;
	EVP_CIPHER_CTX *cipher;
	EVP_MAC_CTX *mac;		/* authenc only */
};

/* The image's keys from the boot secret, salt and construction. Return: 0, or -1. */
int hs_seal_derive_keys(const uint8_t *secret, const uint8_t *salt, int aead,
			struct hs_seal_keys *keys);

/* Return: 0, or -1 (unknown construction, OpenSSL failure). */
int hs_sealer_init(struct hs_sealer *s, int aead, const struct hs_seal_keys *keys,
		   const uint8_t *salt);
void hs_sealer_free(struct hs_sealer *s);

/*
 * Seal in place: @chunk holds room for the header, @len bytes of plaintext after it, and room
 * for the tag after those. Return: 0, or -1.
 */
int hs_sealer_seal(struct hs_sealer *s, uint64_t index, uint32_t flags, uint8_t *chunk,
		   uint32_t len);

/*
 * Check and decrypt in place; *len receives the plaintext length. Nothing is decrypted before
 * the tag checks under authenc; GCM decrypts and checks in one pass (the caller wipes on failure).
 * Return: 0, or -1 when the chunk does not authenticate or is malformed.
 */
int hs_sealer_open(struct hs_sealer *s, uint64_t index, uint8_t *chunk, uint32_t max,
		   uint32_t *len);

/* Bytes a sealed chunk with @len bytes of plaintext takes. */
static inline uint32_t hs_sealed_size(const struct hs_sealer *s, uint32_t len)
{
	return (uint32_t)sizeof(struct hibseal_chunk_header) + len + s->tag_size;
}

/*
 * The image MAC: HMAC-SHA256 keyed with @keys->image over @nr tags of @tag_size bytes each (in
 * stream order, @tag_size apart in @tags), then @hdr up to its image_mac field, then as many
 * zero bytes. Return: 0, or -1.
 */
int hs_image_mac(const struct hs_seal_keys *keys, const uint8_t *tags, size_t nr,
		 unsigned int tag_size, const struct hibseal_image_header *hdr,
		 uint8_t mac[HIBSEAL_MAC_SIZE]);

#endif
