/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TPM 2.0 commands for sealed hibernation: a secret sealed to a set of SHA-256 PCRs, created
 * with those PCRs as creation PCRs, so that a later boot can prove with TPM2_CertifyCreation
 * that the object was made while the PCRs held the values it expects.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _LINUX_TPM2_HIBSEAL_H
#define _LINUX_TPM2_HIBSEAL_H

#include <linux/types.h>
#include <crypto/sha2.h>

struct tpm_chip;

/* PCRs of the SHA-256 bank that a policy may name. */
#define TPM2_HIBSEAL_NR_PCRS	24
/* Largest marshalled sealed object accepted (TPM 2.0 objects of this kind take ~500 bytes). */
#define TPM2_HIBSEAL_BLOB_MAX	1024
/* Largest sealed secret. */
#define TPM2_HIBSEAL_SECRET_MAX	64

/**
 * struct tpm2_hibseal_pcrs - values of a set of SHA-256 PCRs
 * @mask:  bit n set: PCR n is in the set
 * @value: value of PCR n, valid where @mask has bit n
 */
struct tpm2_hibseal_pcrs {
	u32 mask;
	u8 value[TPM2_HIBSEAL_NR_PCRS][SHA256_DIGEST_SIZE];
};

/**
 * struct tpm2_hibseal_blob - a sealed object as TPM2_Create returned it
 * @len:  bytes used in @data
 * @data: TPM2B_PRIVATE, TPM2B_PUBLIC, TPM2B_CREATION_DATA, TPM2B_DIGEST (creation hash) and
 *        TPMT_TK_CREATION, marshalled back to back exactly as the TPM sent them
 */
struct tpm2_hibseal_blob {
	u16 len;
	u8 data[TPM2_HIBSEAL_BLOB_MAX];
};

/* The step that names a creation data mismatch: an object made outside the window. */
#define TPM2_HIBSEAL_STEP_CREATION	"key blob creation data"

/**
 * struct tpm2_hibseal_err - which step of a TPM operation failed, for one log line
 * @step:   the command or check that failed
 * @tpm_rc: the TPM response code, or 0 if the failure was not the TPM's answer
 */
struct tpm2_hibseal_err {
	const char *step;
	u32 tpm_rc;
};

int tpm2_hibseal_read_pcrs(struct tpm_chip *chip, u32 mask, struct tpm2_hibseal_pcrs *pcrs,
			   struct tpm2_hibseal_err *err);
int tpm2_hibseal_extend(struct tpm_chip *chip, u32 pcr, const char *event,
			struct tpm2_hibseal_err *err);
void tpm2_hibseal_policy_digest(const struct tpm2_hibseal_pcrs *pcrs, u32 nv_index, u64 nv_max,
				u8 digest[SHA256_DIGEST_SIZE]);
int __must_check tpm2_hibseal_seal(struct tpm_chip *chip, const struct tpm2_hibseal_pcrs *pcrs,
				   u32 nv_index, u64 nv_max, const u8 *secret, size_t len,
				   struct tpm2_hibseal_blob *blob, struct tpm2_hibseal_err *err);
int __must_check tpm2_hibseal_unseal(struct tpm_chip *chip,
				     const struct tpm2_hibseal_pcrs *pcrs, u32 nv_index,
				     const struct tpm2_hibseal_blob *blob, u8 *secret, size_t len,
				     u64 *nv_max, struct tpm2_hibseal_err *err);
int __must_check tpm2_hibseal_check(struct tpm_chip *chip, const struct tpm2_hibseal_pcrs *pcrs,
				    u32 nv_index, const struct tpm2_hibseal_blob *blob,
				    u64 *nv_max, struct tpm2_hibseal_err *err);
int tpm2_hibseal_counter_read(struct tpm_chip *chip, u32 index, u64 *value,
			      struct tpm2_hibseal_err *err);
int tpm2_hibseal_counter_define(struct tpm_chip *chip, u32 index, bool redefine,
				struct tpm2_hibseal_err *err);
int tpm2_hibseal_counter_increment(struct tpm_chip *chip, u32 index,
				   struct tpm2_hibseal_err *err);

u64 tpm2_hibseal_busy_ns(void);
int tpm2_hibseal_for_each_chip(int (*fn)(struct tpm_chip *chip, void *data), void *data);

#endif /* _LINUX_TPM2_HIBSEAL_H */
