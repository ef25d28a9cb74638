/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TPM2_PCR_Read for the test VM: build the command and parse the response of the SHA-256 bank.
 * Kept apart from the program so the host unit tests can feed it crafted responses.
 */
#ifndef HIBSEAL_TPM2_PCR_H
#define HIBSEAL_TPM2_PCR_H

#include <stddef.h>
#include <stdint.h>

#define TPM2_PCR_COUNT		24
#define TPM2_SHA256_SIZE	32
#define TPM2_MAX_RESPONSE	4096

struct tpm2_pcr_bank {
	uint32_t valid;		/* bit n set: digest[n] holds PCR n */
	uint8_t digest[TPM2_PCR_COUNT][TPM2_SHA256_SIZE];
};

/* Build TPM2_PCR_Read of the SHA-256 PCRs in @mask. Returns the length, or 0 if @len is short. */
size_t tpm2_pcr_read_cmd(uint8_t *buf, size_t len, uint32_t mask);

/*
 * Parse a TPM2_PCR_Read response into @bank. Returns 0, -EBADMSG for a malformed response, or
 * -EIO for a TPM error, whose response code goes to *@tpm_rc.
 */
int tpm2_pcr_read_parse(const uint8_t *rsp, size_t len, struct tpm2_pcr_bank *bank,
			uint32_t *tpm_rc);

#endif
