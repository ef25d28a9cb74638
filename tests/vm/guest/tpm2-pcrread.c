// SPDX-License-Identifier: GPL-2.0
/*
 * tpm2-pcrread [DEVICE]: read the SHA-256 bank of a TPM 2.0 through its character device
 * (default /dev/tpm0) with raw TPM2_PCR_Read commands, and print one line per PCR:
 *   pcr-sha256[N]=<64 hex digits>
 * Exit status: 0 success, 1 failure (reason on stderr), 2 usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tpm2_pcr.h"

static int transact(int fd, const uint8_t *cmd, size_t len, uint8_t *rsp, size_t *rsp_len)
{
	ssize_t n = write(fd, cmd, len);

	if (n < 0)
		return -errno;
	if ((size_t)n != len)
		return -EIO;
	n = read(fd, rsp, TPM2_MAX_RESPONSE);
	if (n < 0)
		return -errno;
	*rsp_len = (size_t)n;
	return 0;
}

static int read_bank(int fd, struct tpm2_pcr_bank *bank, const char *dev)
{
	const uint32_t all = (1u << TPM2_PCR_COUNT) - 1;
	uint8_t cmd[64], rsp[TPM2_MAX_RESPONSE];

	while ((bank->valid & all) != all) {
		uint32_t before = bank->valid, rc = 0;
		size_t len = tpm2_pcr_read_cmd(cmd, sizeof(cmd), all & ~bank->valid);
		size_t rsp_len = 0;
		int err = transact(fd, cmd, len, rsp, &rsp_len);

		if (err) {
			fprintf(stderr, "tpm2-pcrread: %s: %s\n", dev, strerror(-err));
			return err;
		}
		err = tpm2_pcr_read_parse(rsp, rsp_len, bank, &rc);
		if (err == -EIO) {
			fprintf(stderr, "tpm2-pcrread: %s: TPM2_PCR_Read failed, rc 0x%03x\n", dev, rc);
			return err;
		}
		if (err || bank->valid == before) {
			fprintf(stderr, "tpm2-pcrread: %s: malformed TPM2_PCR_Read response\n", dev);
			return -EBADMSG;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *dev = argc > 1 ? argv[1] : "/dev/tpm0";
	struct tpm2_pcr_bank bank = { 0 };
	int fd, ret = 1;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		fprintf(stderr, "usage: tpm2-pcrread [DEVICE]\n");
		return 2;
	}
	fd = open(dev, O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "tpm2-pcrread: open %s: %s\n", dev, strerror(errno));
		return 1;
	}
	if (read_bank(fd, &bank, dev))
		goto out;
	for (int pcr = 0; pcr < TPM2_PCR_COUNT; pcr++) {
		printf("pcr-sha256[%d]=", pcr);
		for (int i = 0; i < TPM2_SHA256_SIZE; i++)
			printf("%02x", bank.digest[pcr][i]);
		printf("\n");
	}
	ret = 0;
out:
	close(fd);
	return ret;
}
