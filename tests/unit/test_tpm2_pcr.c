// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the VM's TPM2_PCR_Read code: the command bytes, a good response, and every
 * class of malformed response, including each truncation of a good one.
 */
#include <errno.h>
#include <string.h>

#include "../vm/guest/tpm2_pcr.h"
#include "tap.h"

/* A well-formed response for PCRs 0..7: digest of PCR n is 32 bytes of value n + 1. */
static size_t good_response(uint8_t *r)
{
	static const uint8_t head[] = {
		0x80, 0x01, 0, 0, 0, 0, 0, 0, 0, 0,	/* tag, size (patched), rc */
		0, 0, 0, 0x2a,				/* pcrUpdateCounter */
		0, 0, 0, 1, 0x00, 0x0b, 3, 0xff, 0, 0,	/* one SHA-256 selection: 0..7 */
		0, 0, 0, 8,				/* eight digests */
	};
	size_t n = sizeof(head);

	memcpy(r, head, n);
	for (int pcr = 0; pcr < 8; pcr++) {
		r[n++] = 0;
		r[n++] = 32;
		memset(r + n, pcr + 1, 32);
		n += 32;
	}
	r[4] = (uint8_t)(n >> 8);
	r[5] = (uint8_t)n;
	return n;
}

static int parse(const uint8_t *r, size_t n, struct tpm2_pcr_bank *bank, uint32_t *rc)
{
	memset(bank, 0, sizeof(*bank));
	*rc = 0;
	return tpm2_pcr_read_parse(r, n, bank, rc);
}

/* Grow a good response by @extra bytes, set byte @off to @value, and expect -EBADMSG. */
static void expect_malformed(const char *name, size_t off, uint8_t value, int extra)
{
	uint8_t r[512];
	size_t n = good_response(r);
	struct tpm2_pcr_bank bank;
	uint32_t rc;

	n += extra;
	r[4] = (uint8_t)(n >> 8);
	r[5] = (uint8_t)n;
	r[off] = value;
	tap(parse(r, n, &bank, &rc) == -EBADMSG && bank.valid == 0, "unit.tpm2-pcr.%s", name);
}

int main(void)
{
	static const uint8_t want_cmd[] = {
		0x80, 0x01, 0, 0, 0, 20, 0, 0, 0x01, 0x7e,
		0, 0, 0, 1, 0x00, 0x0b, 3, 0xff, 0xff, 0xff,
	};
	uint8_t cmd[64], r[512];
	struct tpm2_pcr_bank bank;
	uint32_t rc;
	size_t n, cut;
	int ok;

	n = tpm2_pcr_read_cmd(cmd, sizeof(cmd), 0xffffff);
	tap(n == sizeof(want_cmd) && !memcmp(cmd, want_cmd, n), "unit.tpm2-pcr.command-bytes");
	tap(tpm2_pcr_read_cmd(cmd, 19, 0xffffff) == 0, "unit.tpm2-pcr.command-short-buffer");

	n = good_response(r);
	ok = parse(r, n, &bank, &rc) == 0 && bank.valid == 0xff;
	for (int pcr = 0; ok && pcr < 8; pcr++)
		ok = bank.digest[pcr][0] == pcr + 1 && bank.digest[pcr][31] == pcr + 1;
	tap(ok, "unit.tpm2-pcr.good-response");

	/* Each strict prefix is refused: its size field no longer matches, or a field is cut. */
	ok = 1;
	for (cut = 0; cut < n; cut++)
		ok &= parse(r, cut, &bank, &rc) == -EBADMSG && bank.valid == 0;
	tap(ok, "unit.tpm2-pcr.every-truncation");

	{
		const uint8_t err[] = { 0x80, 0x01, 0, 0, 0, 10, 0, 0, 0x01, 0x84 };

		tap(parse(err, sizeof(err), &bank, &rc) == -EIO && rc == 0x184,
		    "unit.tpm2-pcr.tpm-error-code");
	}
	expect_malformed("size-field-mismatch", 5, (uint8_t)(n + 1), 0);
	expect_malformed("wrong-tag", 0, 0x80 ^ 0x40, 0);
	expect_malformed("two-selections", 17, 2, 0);
	expect_malformed("sha1-bank", 19, 0x04, 0);
	expect_malformed("select-size-5", 20, 5, 0);
	expect_malformed("digest-count-mismatch", 27, 7, 0);
	expect_malformed("digest-size-20", 29, 20, 0);
	expect_malformed("trailing-byte", 0, 0x80, 1);
	return tap_exit();
}
