/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's chunk sealing (kernel/power/hibseal_crypto.c) rebuilt on OpenSSL 3, byte for
 * byte: HKDF-SHA256 keys per image, each chunk an AEAD over (header, data) with AAD = salt ||
 * le64 index || header, and the image MAC over the chunk tags.
 */
#ifndef HSBENCH_SEAL_H
#define HSBENCH_SEAL_H

#include <stdint.h>
#include <openssl/evp.h>
#include <linux/hibseal.h>

#define SEAL_SECRET_SIZE	32
#define SEAL_AES_KEY_SIZE	32
#define SEAL_NONCE_SIZE		4

struct seal_keys {
	uint8_t enc[SEAL_AES_KEY_SIZE + SEAL_NONCE_SIZE];
	uint8_t auth[32];
	uint8_t image[32];
};

/* One worker's sealing state: contexts are not shared between threads. */
struct sealer {
	int aead;			/* HIBSEAL_AEAD_* */
	unsigned int tag_size;
	uint8_t salt[HIBSEAL_SALT_SIZE];
	struct seal_keys keys;
	EVP_CIPHER_CTX *cipher;
	EVP_MAC_CTX *mac;		/* authenc only */
};

/* The image's keys from the boot secret and salt. Return: 0, or -1. */
int seal_derive_keys(const uint8_t *secret, const uint8_t *salt, struct seal_keys *keys);

/* Return: 0, or -1 (unknown construction, OpenSSL failure). */
int sealer_init(struct sealer *s, int aead, const struct seal_keys *keys, const uint8_t *salt);
void sealer_free(struct sealer *s);

/*
 * Seal in place: @chunk holds room for the header, @len bytes of plaintext after it, and room
 * for the tag after those. Return: 0, or -1.
 */
int sealer_seal(struct sealer *s, uint64_t index, uint32_t flags, uint8_t *chunk, uint32_t len);

/*
 * Check and decrypt in place; *len receives the plaintext length. Nothing is decrypted before
 * the tag checks under authenc; GCM decrypts and checks in one pass (the caller wipes on failure).
 * Return: 0, or -1 when the chunk does not authenticate or is malformed.
 */
int sealer_open(struct sealer *s, uint64_t index, uint8_t *chunk, uint32_t max, uint32_t *len);

/* Bytes a sealed chunk with @len bytes of plaintext takes. */
static inline uint32_t sealed_size(const struct sealer *s, uint32_t len)
{
	return (uint32_t)sizeof(struct hibseal_chunk_header) + len + s->tag_size;
}

#endif
