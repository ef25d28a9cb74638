// SPDX-License-Identifier: GPL-2.0
/*
 * TPM2_PCR_Read (TPM 2.0 Part 3, 22.4) of the SHA-256 bank. Every length in the response is
 * checked against what is left before it is used; a TPM returns at most eight digests per
 * call, so the caller asks again for what is still missing.
 */
#include <errno.h>
#include <string.h>

#include "tpm2_pcr.h"

#define TPM2_ST_NO_SESSIONS	0x8001
#define TPM2_CC_PCR_READ	0x0000017e
#define TPM2_ALG_SHA256		0x000b
#define TPM2_PCR_SELECT_SIZE	3
#define TPM2_HEADER_SIZE	10

struct reader {
	const uint8_t *p;
	size_t left;
	int err;
};

static const uint8_t *take(struct reader *r, size_t n)
{
	const uint8_t *p = r->p;

	if (r->err || n > r->left) {
		r->err = -EBADMSG;
		return NULL;
	}
	r->p += n;
	r->left -= n;
	return p;
}

static uint32_t get_be(struct reader *r, size_t n)
{
	const uint8_t *p = take(r, n);
	uint32_t v = 0;

	for (size_t i = 0; p && i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static uint8_t *put_be(uint8_t *p, uint32_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
	return p + n;
}

size_t tpm2_pcr_read_cmd(uint8_t *buf, size_t len, uint32_t mask)
{
	const size_t size = TPM2_HEADER_SIZE + 4 + 2 + 1 + TPM2_PCR_SELECT_SIZE;
	uint8_t *p = buf;

	if (len < size)
		return 0;
	p = put_be(p, TPM2_ST_NO_SESSIONS, 2);
	p = put_be(p, size, 4);
	p = put_be(p, TPM2_CC_PCR_READ, 4);
	p = put_be(p, 1, 4);			/* TPML_PCR_SELECTION.count */
	p = put_be(p, TPM2_ALG_SHA256, 2);
	p = put_be(p, TPM2_PCR_SELECT_SIZE, 1);
	for (int i = 0; i < TPM2_PCR_SELECT_SIZE; i++)
		*p++ = (uint8_t)(mask >> (8 * i));
	return size;
}

/* The selection the TPM says it answered: one SHA-256 bank of at most 24 PCRs. */
static uint32_t parse_selection(struct reader *r)
{
	uint32_t count = get_be(r, 4), hash, n, mask = 0;
	const uint8_t *sel;

	if (r->err || count != 1)
		goto bad;
	hash = get_be(r, 2);
	n = get_be(r, 1);
	if (r->err || hash != TPM2_ALG_SHA256 || n < TPM2_PCR_SELECT_SIZE || n > 4)
		goto bad;
	sel = take(r, n);
	if (!sel)
		goto bad;
	for (uint32_t i = 0; i < n; i++)
		mask |= (uint32_t)sel[i] << (8 * i);
	if (mask >> TPM2_PCR_COUNT)
		goto bad;
	return mask;
bad:
	r->err = -EBADMSG;
	return 0;
}

int tpm2_pcr_read_parse(const uint8_t *rsp, size_t len, struct tpm2_pcr_bank *bank,
			uint32_t *tpm_rc)
{
	struct reader r = { .p = rsp, .left = len };
	uint32_t tag, size, rc, mask, count;

	tag = get_be(&r, 2);
	size = get_be(&r, 4);
	rc = get_be(&r, 4);
	if (r.err || size != len)
		return -EBADMSG;
	*tpm_rc = rc;
	if (rc)
		return size == TPM2_HEADER_SIZE ? -EIO : -EBADMSG;
	if (tag != TPM2_ST_NO_SESSIONS)
		return -EBADMSG;

	get_be(&r, 4);				/* pcrUpdateCounter */
	mask = parse_selection(&r);
	count = get_be(&r, 4);			/* TPML_DIGEST.count */
	if (r.err || count != (uint32_t)__builtin_popcount(mask) || count > 8)
		return -EBADMSG;
	for (int pcr = 0; pcr < TPM2_PCR_COUNT; pcr++) {
		const uint8_t *d;

		if (!(mask & (1u << pcr)))
			continue;
		if (get_be(&r, 2) != TPM2_SHA256_SIZE)
			return -EBADMSG;
		d = take(&r, TPM2_SHA256_SIZE);
		if (!d)
			return -EBADMSG;
		memcpy(bank->digest[pcr], d, TPM2_SHA256_SIZE);
	}
	if (r.left)
		return -EBADMSG;
	bank->valid |= mask;
	return 0;
}
