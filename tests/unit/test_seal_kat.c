// SPDX-License-Identifier: GPL-2.0
/*
 * libhibseal's sealing (OpenSSL 3) against the kernel's: the known answers the kernel's KUnit
 * test (kernel/power/hibseal/tests/crypto_kunit.c) asserts hibseal/crypto.c produces are
 * extracted from that file at build time (kat_vectors.h) and must come out of
 * userspace/uswsusp/lib/seal.c byte for byte. Also: both constructions open what they seal,
 * refuse every flipped bit of a sealed chunk and a wrong index, and the image MAC changes with
 * any tag or header byte.
 */
#include <string.h>

#include "seal.h"
#include "tap.h"

typedef uint8_t u8;
#include "kat_vectors.h"

static void kat_inputs(uint8_t secret[32], uint8_t salt[32])
{
	for (int i = 0; i < 32; i++) {
		secret[i] = (uint8_t)i;
		salt[i] = (uint8_t)(32 + i);
	}
}

static int flips_refused(struct hs_sealer *s, const uint8_t *sealed, uint32_t size)
{
	uint8_t buf[256];
	uint32_t len;

	for (uint32_t bit = 0; bit < size * 8; bit++) {
		memcpy(buf, sealed, size);
		buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		if (!hs_sealer_open(s, KAT_INDEX, buf, sizeof(buf), &len))
			return 0;
	}
	return 1;
}

int main(void)
{
	static const int aeads[] = { HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, HIBSEAL_AEAD_AES256_GCM };
	static const char *const names[] = { "ctr-hmac", "gcm" };
	uint8_t secret[32], salt[32], chunk[256], copy[256];
	struct hibseal_image_header hdr;
	struct hs_seal_keys keys, gcm_keys;
	uint8_t mac[32], mac2[32], tags[64];
	uint32_t len;

	kat_inputs(secret, salt);
	tap(hs_seal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, &keys) == 0,
	    "unit.seal-kat.derive");
	tap(!memcmp(keys.enc, kat_enc_key, sizeof(kat_enc_key)), "unit.seal-kat.enc-key-matches-kernel");
	tap(!memcmp(keys.auth, kat_auth_key, sizeof(kat_auth_key)),
	    "unit.seal-kat.auth-key-matches-kernel");
	tap(!memcmp(keys.image, kat_image_key, sizeof(kat_image_key)),
	    "unit.seal-kat.image-key-matches-kernel");
	/* The construction is in every key's derivation: no key serves two constructions. */
	tap(hs_seal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_GCM, &gcm_keys) == 0 &&
	    memcmp(gcm_keys.enc, keys.enc, 32) && memcmp(gcm_keys.auth, keys.auth, 32) &&
	    memcmp(gcm_keys.image, keys.image, 32), "unit.seal-kat.keys-bound-to-construction");

	for (int a = 0; a < 2; a++) {
		struct hs_sealer s;
		uint32_t size;

		const struct hs_seal_keys *k = a ? &gcm_keys : &keys;

		if (!tap(hs_sealer_init(&s, aeads[a], k, salt) == 0, "unit.seal-kat.%s.init",
			 names[a]))
			continue;
		memset(chunk, 0, sizeof(chunk));
		memcpy(chunk + sizeof(struct hibseal_chunk_header), kat_plaintext, KAT_LEN);
		tap(hs_sealer_seal(&s, KAT_INDEX, HIBSEAL_CHUNK_LZO, chunk, KAT_LEN) == 0,
		    "unit.seal-kat.%s.seal", names[a]);
		size = hs_sealed_size(&s, KAT_LEN);
		if (aeads[a] == HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256)
			tap(size == sizeof(kat_chunk) && !memcmp(chunk, kat_chunk, sizeof(kat_chunk)),
			    "unit.seal-kat.%s.chunk-matches-kernel", names[a]);
		else
			tap(size == sizeof(kat_gcm_chunk) &&
			    !memcmp(chunk, kat_gcm_chunk, sizeof(kat_gcm_chunk)),
			    "unit.seal-kat.%s.chunk-matches-kernel", names[a]);
		memcpy(copy, chunk, size);
		tap(hs_sealer_open(&s, KAT_INDEX, copy, sizeof(copy), &len) == 0 && len == KAT_LEN &&
		    !memcmp(copy + sizeof(struct hibseal_chunk_header), kat_plaintext, KAT_LEN),
		    "unit.seal-kat.%s.opens", names[a]);
		memcpy(copy, chunk, size);
		tap(hs_sealer_open(&s, KAT_INDEX + 1, copy, sizeof(copy), &len) != 0,
		    "unit.seal-kat.%s.wrong-index-refused", names[a]);
		tap(flips_refused(&s, chunk, size), "unit.seal-kat.%s.every-bit-flip-refused",
		    names[a]);
		hs_sealer_free(&s);
	}

	/* The kernel's image MAC known answer: tags 01.. and 02.., the KUnit test's header. */
	memset(&hdr, 0, sizeof(hdr));
	memcpy(hdr.magic, HIBSEAL_MAGIC, sizeof(hdr.magic));
	hdr.version = HIBSEAL_VERSION;		/* the fields are little-endian, as is x86 */
	hdr.header_size = sizeof(hdr);
	hdr.aead = HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256;
	hdr.tag_size = 32;
	hdr.nr_chunks = 2;
	hdr.image_pages = 64;
	hdr.counter = 7;
	memcpy(hdr.salt, salt, sizeof(hdr.salt));
	memset(tags, 0, sizeof(tags));
	tags[0] = 1;
	tags[32] = 2;
	tap(hs_image_mac(&keys, tags, 2, 32, &hdr, mac) == 0 &&
	    !memcmp(mac, kat_image_mac, sizeof(mac)), "unit.seal-kat.image-mac-matches-kernel");

	memset(&hdr, 0, sizeof(hdr));
	memset(tags, 0x11, sizeof(tags));
	tap(hs_image_mac(&keys, tags, 2, 32, &hdr, mac) == 0, "unit.seal-kat.image-mac");
	tags[40] ^= 1;
	tap(hs_image_mac(&keys, tags, 2, 32, &hdr, mac2) == 0 && memcmp(mac, mac2, 32),
	    "unit.seal-kat.image-mac-covers-tags");
	tags[40] ^= 1;
	hdr.nr_chunks = 1;
	tap(hs_image_mac(&keys, tags, 2, 32, &hdr, mac2) == 0 && memcmp(mac, mac2, 32),
	    "unit.seal-kat.image-mac-covers-header");
	hdr.nr_chunks = 0;
	memset(hdr.image_mac, 0xff, sizeof(hdr.image_mac));
	tap(hs_image_mac(&keys, tags, 2, 32, &hdr, mac2) == 0 && !memcmp(mac, mac2, 32),
	    "unit.seal-kat.image-mac-skips-its-field");
	return tap_exit();
}
