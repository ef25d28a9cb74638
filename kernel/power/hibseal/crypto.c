// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: image keys, chunk sealing and the image MAC ("The image on swap" in
 * Documentation/power/sealed-hibernation.rst).
 *
 *   keys:  HKDF-SHA256(boot secret, salt, label) per purpose, a fresh salt per image, so
 *          nonces built from the chunk index never repeat under one key
 *   chunk: AEAD over (header, compressed data), AAD = salt || index || header; the index is
 *          not stored, so a moved, dropped or repeated chunk fails its tag
 *   image: HMAC-SHA256 over the chunk tags in order, then the image header
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/mm.h>
#include <linux/rtnetlink.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>
#include <crypto/aead.h>
#include <crypto/authenc.h>
#include <crypto/hash.h>
#include <crypto/sha2.h>

#include "hibseal_private.h"

#define CTR_NONCE_SIZE	4	/* rfc3686: the key's last four bytes */
#define GCM_NONCE_SIZE	4	/* the IV's first four bytes; the index is the rest */

static const struct hibseal_aead_info {
	const char *name;
	unsigned int key_size;		/* what crypto_aead_setkey() takes */
	unsigned int tag_size;
} aead_info[] = {
	[HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256] = {
		.name = "authenc(hmac(sha256),rfc3686(ctr(aes)))",
		.tag_size = SHA256_DIGEST_SIZE,
	},
	[HIBSEAL_AEAD_AES256_GCM] = {
		.name = "gcm(aes)",
		.key_size = HIBSEAL_AES_KEY_SIZE,
		.tag_size = 16,
	},
};

/*
 * Algorithms are allocated with CRYPTO_NOLOAD here and below: this runs inside the boot window,
 * where a module request would start a usermode helper (/sbin/modprobe from the initramfs).
 * Everything sealing needs is built in (Kconfig selects it).
 */
static int hkdf_sha256(struct crypto_shash *tfm, const u8 *ikm, size_t ikm_len,
		       const u8 *salt, size_t salt_len, const u8 *info, size_t info_len,
		       u8 *okm, size_t okm_len)
{
	u8 prk[SHA256_DIGEST_SIZE], t[SHA256_DIGEST_SIZE];
	SHASH_DESC_ON_STACK(desc, tfm);
	u8 counter;
	size_t done;
	int err;

	desc->tfm = tfm;
	/* Extract: PRK = HMAC(salt, IKM) */
	err = crypto_shash_setkey(tfm, salt, salt_len) ?:
	      crypto_shash_digest(desc, ikm, ikm_len, prk) ?:
	      crypto_shash_setkey(tfm, prk, sizeof(prk));
	/* Expand: T(n) = HMAC(PRK, T(n-1) || info || n) */
	for (done = 0, counter = 1; !err && done < okm_len; done += sizeof(t), counter++) {
		err = crypto_shash_init(desc) ?:
		      (counter > 1 ? crypto_shash_update(desc, t, sizeof(t)) : 0) ?:
		      crypto_shash_update(desc, info, info_len) ?:
		      crypto_shash_finup(desc, &counter, 1, t);
		if (!err)
			memcpy(okm + done, t, min(sizeof(t), okm_len - done));
	}
	shash_desc_zero(desc);
	memzero_explicit(prk, sizeof(prk));
	memzero_explicit(t, sizeof(t));
	if (err)
		memzero_explicit(okm, okm_len);
	return err;
}

/**
 * hibseal_hkdf_sha256() - HKDF (RFC 5869) with HMAC-SHA256
 * @ikm:      input keying material
 * @ikm_len:  its length
 * @salt:     salt
 * @salt_len: its length (HMAC takes any)
 * @info:     context and purpose
 * @info_len: its length
 * @okm:      output
 * @okm_len:  output length, at most 255 * 32
 *
 * Return: 0, or -errno.
 */
int hibseal_hkdf_sha256(const u8 *ikm, size_t ikm_len, const u8 *salt, size_t salt_len,
			const u8 *info, size_t info_len, u8 *okm, size_t okm_len)
{
	struct crypto_shash *tfm;
	int err;

	if (okm_len > 255 * SHA256_DIGEST_SIZE)
		return -EINVAL;
	tfm = crypto_alloc_shash("hmac(sha256)", 0, CRYPTO_NOLOAD);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	err = hkdf_sha256(tfm, ikm, ikm_len, salt, salt_len, info, info_len, okm, okm_len);
	crypto_free_shash(tfm);
	return err;
}

/* One key: HKDF-SHA256 with the purpose's label and the construction (le16) as info. */
static int derive_key(const u8 *secret, const u8 *salt, const char *label, unsigned int aead,
		      u8 *key, size_t len)
{
	u8 info[40];
	size_t n = strlen(label);

	if (n + sizeof(__le16) > sizeof(info))
		return -EINVAL;
	memcpy(info, label, n);
	put_unaligned_le16(aead, info + n);
	return hibseal_hkdf_sha256(secret, HIBSEAL_SECRET_SIZE, salt, HIBSEAL_SALT_SIZE, info,
				   n + sizeof(__le16), key, len);
}

/**
 * hibseal_derive_keys() - the key set of one image
 * @secret: the boot secret (%HIBSEAL_SECRET_SIZE bytes)
 * @salt:   the image's salt (%HIBSEAL_SALT_SIZE bytes)
 * @aead:   the image's construction (HIBSEAL_AEAD_*)
 * @keys:   filled with one key per purpose; wipe with memzero_explicit()
 *
 * HKDF info is the purpose's label followed by @aead (le16): the construction is part of every
 * key, so the header's aead field cannot make one key serve two constructions (GCM's first
 * counter block J0 is rfc3686's first block under the same key and a 12-byte nonce).
 *
 * Return: 0, or -errno.
 */
int hibseal_derive_keys(const u8 *secret, const u8 *salt, unsigned int aead,
			struct hibseal_keys *keys)
{
	return derive_key(secret, salt, "hibseal v2 chunk encryption", aead, keys->enc,
			  sizeof(keys->enc)) ?:
	       derive_key(secret, salt, "hibseal v2 chunk authentication", aead, keys->auth,
			  sizeof(keys->auth)) ?:
	       derive_key(secret, salt, "hibseal v2 image mac", aead, keys->image,
			  sizeof(keys->image));
}

/**
 * hibseal_aead_tag_size() - the tag size of a construction
 * @aead: HIBSEAL_AEAD_*, as read from a header
 *
 * Return: its tag size in bytes, or 0 for an unknown construction.
 */
unsigned int hibseal_aead_tag_size(unsigned int aead)
{
	return aead < ARRAY_SIZE(aead_info) && aead_info[aead].name ? aead_info[aead].tag_size : 0;
}

/* authenc() takes an rtattr with the encryption key length, the HMAC key, then the AES key. */
static int set_authenc_key(struct crypto_aead *tfm, const struct hibseal_keys *keys)
{
	u8 key[RTA_SPACE(sizeof(struct crypto_authenc_key_param)) + sizeof(keys->auth) +
	       HIBSEAL_AES_KEY_SIZE + CTR_NONCE_SIZE];
	struct crypto_authenc_key_param *param;
	struct rtattr *rta = (struct rtattr *)key;
	u8 *p = key + RTA_SPACE(sizeof(*param));
	int err;

	rta->rta_type = CRYPTO_AUTHENC_KEYA_PARAM;
	rta->rta_len = RTA_LENGTH(sizeof(*param));
	param = RTA_DATA(rta);
	param->enckeylen = cpu_to_be32(HIBSEAL_AES_KEY_SIZE + CTR_NONCE_SIZE);
	memcpy(p, keys->auth, sizeof(keys->auth));
	memcpy(p + sizeof(keys->auth), keys->enc, HIBSEAL_AES_KEY_SIZE + CTR_NONCE_SIZE);
	err = crypto_aead_setkey(tfm, key, sizeof(key));
	memzero_explicit(key, sizeof(key));
	return err;
}

/**
 * hibseal_sealer_init() - set up chunk sealing for one image
 * @s:    the sealer
 * @aead: HIBSEAL_AEAD_*
 * @keys: the image's keys
 * @salt: the image's salt, bound into every chunk as its image id
 *
 * Return: 0; -EINVAL for an unknown construction; other -errno.
 */
int hibseal_sealer_init(struct hibseal_sealer *s, unsigned int aead,
			const struct hibseal_keys *keys, const u8 *salt)
{
	const struct hibseal_aead_info *info;
	int err;

	memset(s, 0, sizeof(*s));
	if (aead >= ARRAY_SIZE(aead_info) || !aead_info[aead].name)
		return -EINVAL;
	info = &aead_info[aead];
	s->tfm = crypto_alloc_aead(info->name, 0, CRYPTO_NOLOAD);
	if (IS_ERR(s->tfm)) {
		err = PTR_ERR(s->tfm);
		s->tfm = NULL;
		return err;
	}
	s->aead = aead;
	s->tag_size = info->tag_size;
	memcpy(s->image_id, salt, HIBSEAL_SALT_SIZE);
	if (aead == HIBSEAL_AEAD_AES256_GCM) {
		memcpy(s->gcm_nonce, keys->enc + HIBSEAL_AES_KEY_SIZE, GCM_NONCE_SIZE);
		err = crypto_aead_setkey(s->tfm, keys->enc, info->key_size);
	} else {
		err = set_authenc_key(s->tfm, keys);
	}
	err = err ?: crypto_aead_setauthsize(s->tfm, info->tag_size);
	if (err)
		hibseal_sealer_destroy(s);
	return err;
}

/**
 * hibseal_sealer_destroy() - free a sealer and its keys
 * @s: the sealer; may be partly set up
 */
void hibseal_sealer_destroy(struct hibseal_sealer *s)
{
	if (s->tfm)
		crypto_free_aead(s->tfm);
	memzero_explicit(s, sizeof(*s));
}

/* Scatterlist over @len bytes at @buf, which may be vmalloc memory. Returns entries used. */
static int sg_map_buf(struct scatterlist *sg, int max, u8 *buf, size_t len)
{
	int n = 0;

	while (len) {
		size_t off = offset_in_page(buf), part = min(len, PAGE_SIZE - off);
		struct page *page = is_vmalloc_addr(buf) ? vmalloc_to_page(buf) :
							   virt_to_page(buf);

		if (n == max)
			return -E2BIG;
		sg_set_page(&sg[n++], page, part, off);
		buf += part;
		len -= part;
	}
	return n;
}

/* A chunk's associated data: which image, which position, and its header. */
struct chunk_aad {
	u8 image_id[HIBSEAL_SALT_SIZE];
	__le64 index;
	struct hibseal_chunk_header hdr;
} __packed;

/* Run one AEAD request over AAD || @data (|| tag) in place. */
static int chunk_crypt(const struct hibseal_sealer *s, u64 index,
		       const struct hibseal_chunk_header *hdr, u8 *data, u32 cryptlen, bool enc)
{
	struct chunk_aad *aad;
	int max_sg = DIV_ROUND_UP(cryptlen + s->tag_size, PAGE_SIZE) + 2, n;
	u8 iv[GCM_NONCE_SIZE + sizeof(u64)];
	struct aead_request *req = NULL;
	struct scatterlist *sg;
	DECLARE_CRYPTO_WAIT(wait);
	__le64 le_index = cpu_to_le64(index);
	int err = -ENOMEM;

	aad = kmalloc(sizeof(*aad) + max_sg * sizeof(*sg), GFP_NOIO);
	if (!aad)
		return -ENOMEM;
	sg = (struct scatterlist *)(aad + 1);
	memcpy(aad->image_id, s->image_id, sizeof(aad->image_id));
	aad->index = le_index;
	aad->hdr = *hdr;

	/* authenc's rfc3686 IV is the index; GCM's is nonce || index (96 bits). */
	if (s->aead == HIBSEAL_AEAD_AES256_GCM) {
		memcpy(iv, s->gcm_nonce, GCM_NONCE_SIZE);
		memcpy(iv + GCM_NONCE_SIZE, &le_index, sizeof(le_index));
	} else {
		memcpy(iv, &le_index, sizeof(le_index));
	}

	sg_init_table(sg, max_sg);
	sg_set_buf(&sg[0], aad, sizeof(*aad));
	n = sg_map_buf(sg + 1, max_sg - 1, data, cryptlen + (enc ? s->tag_size : 0));
	if (n < 0) {
		err = n;
		goto out;
	}
	sg_mark_end(&sg[n]);

	req = aead_request_alloc(s->tfm, GFP_NOIO);
	if (!req)
		goto out;
	aead_request_set_callback(req, CRYPTO_TFM_REQ_MAY_SLEEP, crypto_req_done, &wait);
	aead_request_set_ad(req, sizeof(*aad));
	aead_request_set_crypt(req, sg, sg, cryptlen, iv);
	err = crypto_wait_req(enc ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req), &wait);
out:
	aead_request_free(req);
	kfree(aad);
	return err;
}

/**
 * hibseal_chunk_seal() - seal one chunk in place
 * @s:     the image's sealer
 * @index: the chunk's position in the image stream
 * @flags: HIBSEAL_CHUNK_*
 * @chunk: a header, @len bytes of plaintext, and room for the tag
 * @len:   plaintext length
 *
 * Fills in the header, encrypts the plaintext and appends the tag.
 *
 * Return: 0, or -errno.
 */
int hibseal_chunk_seal(const struct hibseal_sealer *s, u64 index, u32 flags, u8 *chunk,
		       u32 len)
{
	struct hibseal_chunk_header *hdr = (struct hibseal_chunk_header *)chunk;

	if (flags & ~HIBSEAL_CHUNK_FLAGS)
		return -EINVAL;
	hdr->magic = cpu_to_le32(HIBSEAL_CHUNK_MAGIC);
	hdr->flags = cpu_to_le32(flags);
	hdr->len = cpu_to_le32(len);
	hdr->reserved = 0;
	return chunk_crypt(s, index, hdr, chunk + sizeof(*hdr), len, true);
}

/**
 * hibseal_chunk_len() - validate a chunk header before anything else reads the chunk
 * @s:     the image's sealer
 * @chunk: the chunk's header
 * @max:   the largest plaintext the caller can take
 * @len:   receives the plaintext length
 *
 * Only sizes are taken from an unauthenticated header, to know how much to read; they are
 * authenticated with the rest by hibseal_chunk_open().
 *
 * Return: 0, or -EBADMSG.
 */
int hibseal_chunk_len(const struct hibseal_sealer *s, const u8 *chunk, u32 max, u32 *len)
{
	const struct hibseal_chunk_header *hdr = (const struct hibseal_chunk_header *)chunk;

	if (le32_to_cpu(hdr->magic) != HIBSEAL_CHUNK_MAGIC ||
	    le32_to_cpu(hdr->flags) & ~HIBSEAL_CHUNK_FLAGS || hdr->reserved ||
	    !le32_to_cpu(hdr->len) || le32_to_cpu(hdr->len) > max)
		return -EBADMSG;
	*len = le32_to_cpu(hdr->len);
	return 0;
}

/**
 * hibseal_chunk_open() - authenticate and decrypt one chunk in place
 * @s:     the image's sealer
 * @index: the position the reader expects the chunk at
 * @chunk: header, ciphertext and tag, as read
 * @max:   the largest plaintext the caller can take
 * @len:   receives the plaintext length
 * @flags: receives the chunk's flags
 *
 * Nothing of the chunk may be used unless this returns 0.
 *
 * Return: 0; -EBADMSG if the header is malformed or the tag does not verify.
 */
int hibseal_chunk_open(const struct hibseal_sealer *s, u64 index, u8 *chunk, u32 max,
		       u32 *len, u32 *flags)
{
	const struct hibseal_chunk_header *hdr = (const struct hibseal_chunk_header *)chunk;
	int err;

	err = hibseal_chunk_len(s, chunk, max, len);
	if (err)
		return err;
	err = chunk_crypt(s, index, hdr, chunk + sizeof(*hdr), *len + s->tag_size, false);
	if (err) {
		/* GCM decrypts before it checks: leave nothing of a refused chunk behind. */
		memzero_explicit(chunk + sizeof(*hdr), *len);
		return err;
	}
	*flags = le32_to_cpu(hdr->flags);
	return 0;
}

/**
 * hibseal_image_mac_init() - start the image MAC
 * @m:    the MAC state
 * @keys: the image's keys
 *
 * Return: 0, or -errno.
 */
int hibseal_image_mac_init(struct hibseal_image_mac *m, const struct hibseal_keys *keys)
{
	int err;

	m->tfm = crypto_alloc_shash("hmac(sha256)", 0, CRYPTO_NOLOAD);
	if (IS_ERR(m->tfm)) {
		err = PTR_ERR(m->tfm);
		m->tfm = NULL;
		return err;
	}
	m->desc = kzalloc(sizeof(*m->desc) + crypto_shash_descsize(m->tfm), GFP_KERNEL);
	if (!m->desc) {
		hibseal_image_mac_destroy(m);
		return -ENOMEM;
	}
	m->desc->tfm = m->tfm;
	err = crypto_shash_setkey(m->tfm, keys->image, sizeof(keys->image)) ?:
	      crypto_shash_init(m->desc);
	if (err)
		hibseal_image_mac_destroy(m);
	return err;
}

/**
 * hibseal_image_mac_update() - add the next chunk's tag, in stream order
 * @m:   the MAC state
 * @tag: the tag
 * @len: its length
 *
 * Return: 0, or -errno.
 */
int hibseal_image_mac_update(struct hibseal_image_mac *m, const u8 *tag, unsigned int len)
{
	return crypto_shash_update(m->desc, tag, len);
}

/**
 * hibseal_image_mac_final() - finish over the image header (its MAC field zeroed)
 * @m:   the MAC state
 * @hdr: the image header; @hdr->image_mac is not read
 * @mac: receives the MAC
 *
 * Return: 0, or -errno.
 */
int hibseal_image_mac_final(struct hibseal_image_mac *m, const struct hibseal_image_header *hdr,
			    u8 mac[HIBSEAL_MAC_SIZE])
{
	static const u8 zero[HIBSEAL_MAC_SIZE];

	return crypto_shash_update(m->desc, (const u8 *)hdr, offsetof(typeof(*hdr), image_mac)) ?:
	       crypto_shash_finup(m->desc, zero, sizeof(zero), mac);
}

/**
 * hibseal_image_mac_destroy() - free the MAC state
 * @m: the MAC state; may be partly set up
 */
void hibseal_image_mac_destroy(struct hibseal_image_mac *m)
{
	if (m->desc)
		kfree_sensitive(m->desc);
	if (m->tfm)
		crypto_free_shash(m->tfm);
	m->desc = NULL;
	m->tfm = NULL;
}
