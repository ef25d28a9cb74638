// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's chunk sealing on OpenSSL 3 (seal.h). authenc(hmac(sha256),rfc3686(ctr(aes)))
 * is AES-256-CTR with the counter block nonce || le64 index || be32 1, then HMAC-SHA256 over
 * AAD || ciphertext, the full 32 bytes as tag; gcm(aes) takes the IV nonce || le64 index.
 */
#include <endian.h>
#include <stddef.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "seal.h"

struct chunk_aad {
	uint8_t image_id[HIBSEAL_SALT_SIZE];
	uint8_t index[8];		/* little-endian */
	struct hibseal_chunk_header hdr;
};

static void put_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* HKDF-SHA256 with info = @label || le16(@aead): the kernel's hibseal_derive_keys(). */
static int hkdf(const uint8_t *secret, const uint8_t *salt, const char *label, int aead,
		uint8_t *out, size_t len)
{
	EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
	EVP_KDF_CTX *ctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
	uint8_t info[40];
	size_t n = strlen(label);
	int ok;

	if (n + 2 > sizeof(info)) {
		EVP_KDF_CTX_free(ctx);
		EVP_KDF_free(kdf);
		return -1;
	}
	memcpy(info, label, n);
	info[n] = (uint8_t)aead;
	info[n + 1] = (uint8_t)(aead >> 8);
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
		OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)secret,
						  HS_SECRET_SIZE),
		OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt,
						  HIBSEAL_SALT_SIZE),
		OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, info, n + 2),
		OSSL_PARAM_construct_end(),
	};
	ok = ctx && EVP_KDF_derive(ctx, out, len, params) == 1;
	EVP_KDF_CTX_free(ctx);
	EVP_KDF_free(kdf);
	return ok ? 0 : -1;
}

int hs_seal_derive_keys(const uint8_t *secret, const uint8_t *salt, int aead,
			struct hs_seal_keys *keys)
{
	/* The kernel's labels (hibseal_derive_keys()), each followed by the construction. */
	if (hkdf(secret, salt, "hibseal v2 chunk encryption", aead, keys->enc,
		 sizeof(keys->enc)) ||
	    hkdf(secret, salt, "hibseal v2 chunk authentication", aead, keys->auth,
		 sizeof(keys->auth)) ||
	    hkdf(secret, salt, "hibseal v2 image mac", aead, keys->image, sizeof(keys->image))) {
		OPENSSL_cleanse(keys, sizeof(*keys));
		return -1;
	}
	return 0;
}

int hs_sealer_init(struct hs_sealer *s, int aead, const struct hs_seal_keys *keys, const uint8_t *salt)
{
	EVP_MAC *mac = NULL;
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
		OSSL_PARAM_construct_end(),
	};
	const EVP_CIPHER *cipher;

	memset(s, 0, sizeof(*s));
	s->aead = aead;
	s->keys = *keys;
	memcpy(s->salt, salt, HIBSEAL_SALT_SIZE);
	switch (aead) {
	case HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256:
		s->tag_size = 32;
		cipher = EVP_aes_256_ctr();
		mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
		s->mac = mac ? EVP_MAC_CTX_new(mac) : NULL;
		EVP_MAC_free(mac);
		if (!s->mac || EVP_MAC_init(s->mac, keys->auth, sizeof(keys->auth), params) != 1)
			goto fail;
		break;
	case HIBSEAL_AEAD_AES256_GCM:
		s->tag_size = 16;
		cipher = EVP_aes_256_gcm();
		break;
	default:
		goto fail;
	}
	s->cipher = EVP_CIPHER_CTX_new();
	if (!s->cipher || EVP_CipherInit_ex(s->cipher, cipher, NULL, keys->enc, NULL, 1) != 1)
		goto fail;
	return 0;
fail:
	hs_sealer_free(s);
	return -1;
}

void hs_sealer_free(struct hs_sealer *s)
{
	EVP_CIPHER_CTX_free(s->cipher);
	EVP_MAC_CTX_free(s->mac);
	OPENSSL_cleanse(s, sizeof(*s));
}

static void make_aad(const struct hs_sealer *s, uint64_t index, const uint8_t *hdr,
		     struct chunk_aad *aad)
{
	memcpy(aad->image_id, s->salt, sizeof(aad->image_id));
	put_le64(aad->index, index);
	memcpy(&aad->hdr, hdr, sizeof(aad->hdr));
}

/* The IV: rfc3686's counter block, or GCM's 96-bit nonce || le64 index. */
static void make_iv(const struct hs_sealer *s, uint64_t index, uint8_t iv[16])
{
	memcpy(iv, s->keys.enc + HS_AES_KEY_SIZE, HS_NONCE_SIZE);
	put_le64(iv + HS_NONCE_SIZE, index);
	iv[12] = 0;
	iv[13] = 0;
	iv[14] = 0;
	iv[15] = 1;
}

static int ctr(struct hs_sealer *s, const uint8_t iv[16], uint8_t *data, uint32_t len, int enc)
{
	int out;

	return EVP_CipherInit_ex(s->cipher, NULL, NULL, NULL, iv, enc) == 1 &&
	       EVP_CipherUpdate(s->cipher, data, &out, data, (int)len) == 1 ? 0 : -1;
}

static int hmac(struct hs_sealer *s, const struct chunk_aad *aad, const uint8_t *data, uint32_t len,
		uint8_t tag[32])
{
	size_t out;

	/* Re-initialised with the key it holds. */
	return EVP_MAC_init(s->mac, NULL, 0, NULL) == 1 &&
	       EVP_MAC_update(s->mac, (const uint8_t *)aad, sizeof(*aad)) == 1 &&
	       EVP_MAC_update(s->mac, data, len) == 1 &&
	       EVP_MAC_final(s->mac, tag, &out, 32) == 1 && out == 32 ? 0 : -1;
}

static int gcm(struct hs_sealer *s, const uint8_t iv[16], const struct chunk_aad *aad,
	       uint8_t *data, uint32_t len, uint8_t *tag, int enc)
{
	int out;

	if (EVP_CipherInit_ex(s->cipher, NULL, NULL, NULL, iv, enc) != 1 ||
	    EVP_CipherUpdate(s->cipher, NULL, &out, (const uint8_t *)aad, sizeof(*aad)) != 1 ||
	    EVP_CipherUpdate(s->cipher, data, &out, data, (int)len) != 1)
		return -1;
	if (enc)
		return EVP_CipherFinal_ex(s->cipher, data + len, &out) == 1 &&
		       EVP_CIPHER_CTX_ctrl(s->cipher, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1 ? 0 : -1;
	return EVP_CIPHER_CTX_ctrl(s->cipher, EVP_CTRL_GCM_SET_TAG, 16, tag) == 1 &&
	       EVP_CipherFinal_ex(s->cipher, data + len, &out) == 1 ? 0 : -1;
}

int hs_sealer_seal(struct hs_sealer *s, uint64_t index, uint32_t flags, uint8_t *chunk, uint32_t len)
{
	struct hibseal_chunk_header hdr = {
		.magic = htole32(HIBSEAL_CHUNK_MAGIC),
		.flags = htole32(flags),
		.len = htole32(len),
	};
	uint8_t *data = chunk + sizeof(hdr), iv[16];
	struct chunk_aad aad;

	memcpy(chunk, &hdr, sizeof(hdr));
	make_aad(s, index, chunk, &aad);
	make_iv(s, index, iv);
	if (s->aead == HIBSEAL_AEAD_AES256_GCM)
		return gcm(s, iv, &aad, data, len, data + len, 1);
	if (ctr(s, iv, data, len, 1))
		return -1;
	return hmac(s, &aad, data, len, data + len);
}

int hs_sealer_open(struct hs_sealer *s, uint64_t index, uint8_t *chunk, uint32_t max, uint32_t *len)
{
	struct hibseal_chunk_header hdr;
	uint8_t *data = chunk + sizeof(hdr), iv[16], tag[32];
	struct chunk_aad aad;
	uint32_t n;

	memcpy(&hdr, chunk, sizeof(hdr));
	n = le32toh(hdr.len);
	if (le32toh(hdr.magic) != HIBSEAL_CHUNK_MAGIC || le32toh(hdr.flags) & ~HIBSEAL_CHUNK_FLAGS ||
	    hdr.reserved || !n || n > max)
		return -1;
	make_aad(s, index, chunk, &aad);
	make_iv(s, index, iv);
	if (s->aead == HIBSEAL_AEAD_AES256_GCM) {
		if (gcm(s, iv, &aad, data, n, data + n, 0))
			return -1;
	} else {
		if (hmac(s, &aad, data, n, tag) || CRYPTO_memcmp(tag, data + n, 32))
			return -1;
		if (ctr(s, iv, data, n, 0))
			return -1;
	}
	*len = n;
	return 0;
}

int hs_image_mac(const struct hs_seal_keys *keys, const uint8_t *tags, size_t nr,
		 unsigned int tag_size, const struct hibseal_image_header *hdr,
		 uint8_t mac[HIBSEAL_MAC_SIZE])
{
	static const uint8_t zero[HIBSEAL_MAC_SIZE];
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
		OSSL_PARAM_construct_end(),
	};
	EVP_MAC *alg = EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = alg ? EVP_MAC_CTX_new(alg) : NULL;
	size_t out = 0;
	int ok = ctx && EVP_MAC_init(ctx, keys->image, sizeof(keys->image), params) == 1;

	for (size_t i = 0; ok && i < nr; i++)
		ok = EVP_MAC_update(ctx, tags + i * tag_size, tag_size) == 1;
	ok = ok && EVP_MAC_update(ctx, (const uint8_t *)hdr,
				  offsetof(struct hibseal_image_header, image_mac)) == 1 &&
	     EVP_MAC_update(ctx, zero, sizeof(zero)) == 1 &&
	     EVP_MAC_final(ctx, mac, &out, HIBSEAL_MAC_SIZE) == 1 && out == HIBSEAL_MAC_SIZE;
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(alg);
	return ok ? 0 : -1;
}
