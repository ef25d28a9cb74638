// SPDX-License-Identifier: GPL-2.0
/*
 * TPM 2.0 commands behind sealed hibernation ("The boot window" in
 * Documentation/power/sealed-hibernation.rst).
 *
 * Seal, inside the boot window:
 *   CreatePrimary  fixed ECC P-256 storage template in the owner hierarchy (no provisioning)
 *   Create         keyed-hash sealed object; authPolicy = PolicyPCR over the window PCRs,
 *                  then PolicyNV: the blob epoch counter at most a given value; creation
 *                  PCRs = the same PCRs, so the creation data records their values, and the
 *                  label with that value as outsideInfo
 * Unseal, inside a later boot window:
 *   check the blob's public area (our attributes, the policy these PCR values give) and
 *   its creation data (these PCR values, our label, hashing to the creation hash)
 *   CreatePrimary, Load, CertifyCreation: the TPM vouches that it made that creation data
 *   StartAuthSession (policy), PolicyPCR, PolicyNV, Unseal
 *
 * Every length in a response or a blob is checked against what is left before it is used.
 * Transient objects and sessions are flushed on every path: the kernel has no resource
 * manager of its own.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <linux/atomic.h>
#include <linux/ktime.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/tpm.h>
#include <linux/tpm2_hibseal.h>
#include <linux/unaligned.h>
#include <crypto/algapi.h>

#include "tpm.h"

#define TPM2_RH_OWNER			0x40000001
#define TPM2_CC_CERTIFY_CREATION	0x014a
#define TPM2_CC_START_AUTH_SESSION	0x0176
#define TPM2_CC_POLICY_PCR		0x017f
#define TPM2_CC_POLICY_NV		0x0149
#define TPM2_CC_NV_UNDEFINE_SPACE	0x0122
#define TPM2_CC_NV_DEFINE_SPACE		0x012a
#define TPM2_CC_NV_INCREMENT		0x0134
#define TPM2_CC_NV_READ_PUBLIC		0x0169
#define TPM2_PCR_SELECT_SIZE		3
#define TPM2_EO_UNSIGNED_LE		0x0009

/* TPM 2.0 Part 2, 8.3: TPMA_OBJECT */
#define TPMA_FIXED_TPM			BIT(1)
#define TPMA_FIXED_PARENT		BIT(4)
#define TPMA_SENSITIVE_DATA_ORIGIN	BIT(5)
#define TPMA_USER_WITH_AUTH		BIT(6)
#define TPMA_ADMIN_WITH_POLICY		BIT(7)
#define TPMA_NO_DA			BIT(10)
#define TPMA_RESTRICTED			BIT(16)
#define TPMA_DECRYPT			BIT(17)

#define PRIMARY_ATTRS	(TPMA_FIXED_TPM | TPMA_FIXED_PARENT | TPMA_SENSITIVE_DATA_ORIGIN | \
			 TPMA_USER_WITH_AUTH | TPMA_NO_DA | TPMA_RESTRICTED | TPMA_DECRYPT)
/* No userWithAuth: only the PCR policy opens it; adminWithPolicy: nor can its auth value. */
#define SEALED_ATTRS	(TPMA_FIXED_TPM | TPMA_FIXED_PARENT | TPMA_ADMIN_WITH_POLICY | TPMA_NO_DA)

/* TPM 2.0 Part 2, 6.6: format-one response codes, without handle/session/parameter number */
#define TPM2_RC_FMT1			0x080
#define TPM2_RC_VALUE			0x084
#define TPM2_RC_POLICY			0x126
#define TPM2_RC_POLICY_FAIL		0x09d
#define TPM2_RC_TICKET			0x0a0
#define TPM2_RC_LOCKOUT			0x921
#define TPM2_RC_NV_UNINITIALIZED	0x14a

/*
 * TPMA_NV of hibseal's two counters (the anti-replay counter and the blob epoch): counters
 * anyone may read and advance, with the empty authorization. Advancing one only makes images
 * stale or blobs expire; nobody can move a counter back.
 */
#define TPMA_NV_AUTHWRITE		BIT(2)
#define TPMA_NV_TYPE_COUNTER		BIT(4)		/* TPM_NT_COUNTER (1) in bits 7:4 */
#define TPMA_NV_AUTHREAD		BIT(18)
#define TPMA_NV_NO_DA			BIT(25)
#define TPMA_NV_WRITTEN			BIT(29)
#define COUNTER_ATTRS	(TPMA_NV_AUTHWRITE | TPMA_NV_TYPE_COUNTER | TPMA_NV_AUTHREAD | \
			 TPMA_NV_NO_DA)
#define COUNTER_PUBLIC_SIZE	(4 + 2 + 4 + 2 + 2)

/*
 * Recorded in the creation data (outsideInfo) of every secret we seal, followed by the largest
 * blob epoch value its policy allows (8 bytes, big-endian), and checked.
 */
static const char seal_label[] = "hibseal boot secret v2";
#define SEAL_LABEL_LEN		(sizeof(seal_label) - 1)
#define OUTSIDE_INFO_LEN	(SEAL_LABEL_LEN + sizeof(u64))

/* A bounded reader over a response or a blob. */
struct cursor {
	const u8 *p;
	u32 left;
	bool bad;
};

/* A marshalled structure inside a blob, size field included. */
struct span {
	const u8 *p;
	u16 len;
};

struct blob_parts {
	struct span private, public, creation_data, creation_hash, ticket;
};

static const u8 *take(struct cursor *c, u32 n)
{
	const u8 *p = c->p;

	if (c->bad || n > c->left) {
		c->bad = true;
		return NULL;
	}
	c->p += n;
	c->left -= n;
	return p;
}

static u8 take_u8(struct cursor *c)
{
	const u8 *p = take(c, 1);

	return p ? *p : 0;
}

static u16 take_u16(struct cursor *c)
{
	const u8 *p = take(c, 2);

	return p ? get_unaligned_be16(p) : 0;
}

static u32 take_u32(struct cursor *c)
{
	const u8 *p = take(c, 4);

	return p ? get_unaligned_be32(p) : 0;
}

/* A TPM2B: its size, then that many bytes. @out covers both. */
static const u8 *take_tpm2b(struct cursor *c, u16 *size, struct span *out)
{
	const u8 *start = c->p;
	const u8 *body;

	*size = take_u16(c);
	body = take(c, *size);
	if (out && body) {
		out->p = start;
		out->len = *size + 2;
	}
	return body;
}

/* Convert a TPM response code, once, to an errno; note the step for the caller's log line. */
static int tpm_error(struct tpm2_hibseal_err *err, const char *step, ssize_t rc)
{
	u32 base;

	err->step = step;
	err->tpm_rc = rc > 0 ? rc : 0;
	if (rc < 0)
		return rc;
	base = (rc & TPM2_RC_FMT1) ? (rc & 0x3f) | TPM2_RC_FMT1 : rc & 0xfff;
	switch (base) {
	case TPM2_RC_POLICY:			/* PolicyNV: the counter is past the value */
		return -EKEYEXPIRED;
	case TPM2_RC_POLICY_FAIL:
	case TPM2_RC_VALUE:
		return -EACCES;
	case TPM2_RC_INTEGRITY:
	case TPM2_RC_TICKET:
		return -EBADMSG;
	case TPM2_RC_LOCKOUT:
		return -EBUSY;
	default:
		return -EIO;
	}
}

/* Time spent in hibseal's TPM commands this boot, for the "Image timing" line. */
static atomic64_t busy_ns = ATOMIC64_INIT(0);

/**
 * tpm2_hibseal_busy_ns() - time spent in sealed hibernation's TPM commands so far this boot
 *
 * Return: nanoseconds, summed over the commands sent from this file (PCR reads from
 * tpm_try_get_ops() to tpm_put_ops(), the others in tpm_transmit_cmd(); the short
 * TPM2_FlushContext calls are not counted).
 */
u64 tpm2_hibseal_busy_ns(void)
{
	return atomic64_read(&busy_ns);
}

static int transmit(struct tpm_chip *chip, struct tpm_buf *buf, size_t min_body,
		    struct tpm2_hibseal_err *err, const char *step)
{
	u64 start;
	ssize_t rc;

	if (buf->flags & TPM_BUF_OVERFLOW)
		return tpm_error(err, step, -E2BIG);
	start = ktime_get_ns();
	rc = tpm_transmit_cmd(chip, buf, min_body, NULL);
	atomic64_add(ktime_get_ns() - start, &busy_ns);
	return rc ? tpm_error(err, step, rc) : 0;
}

/*
 * A command that carries a secret runs in the TPM core's salted HMAC session
 * (CONFIG_TCG_TPM2_HMAC): tpm_buf_fill_hmac_session() encrypted the secret parameter before
 * this, and the response's HMAC is checked (and its first parameter decrypted) here, so that
 * nothing on the bus shows the secret and a changed response is refused.
 */
static int transmit_hmac(struct tpm_chip *chip, struct tpm_buf *buf, size_t min_body,
			 struct tpm2_hibseal_err *err, const char *step)
{
	u64 start;
	int rc;

	if (buf->flags & TPM_BUF_OVERFLOW) {
		tpm2_end_auth_session(chip);
		return tpm_error(err, step, -E2BIG);
	}
	rc = tpm_buf_fill_hmac_session(chip, buf);
	if (rc)
		return tpm_error(err, step, rc);
	start = ktime_get_ns();
	rc = tpm_transmit_cmd(chip, buf, min_body, NULL);
	atomic64_add(ktime_get_ns() - start, &busy_ns);
	rc = tpm_buf_check_hmac_response(chip, buf, rc);
	return rc ? tpm_error(err, step, rc) : 0;
}

/* A response's body: what follows the header, bounded by the length the TPM gave. */
static struct cursor response_body(struct tpm_buf *buf)
{
	u32 len = tpm_buf_length(buf);

	return (struct cursor){
		.p = buf->data + TPM_HEADER_SIZE,
		.left = len > TPM_HEADER_SIZE && len <= PAGE_SIZE ? len - TPM_HEADER_SIZE : 0,
	};
}

static void append_password_auth(struct tpm_buf *buf)
{
	tpm_buf_append_u32(buf, 9);		/* authorizationSize */
	tpm_buf_append_u32(buf, TPM2_RS_PW);
	tpm_buf_append_u16(buf, 0);		/* nonce */
	tpm_buf_append_u8(buf, 0);		/* sessionAttributes */
	tpm_buf_append_u16(buf, 0);		/* empty password */
}

static void append_pcr_selection(struct tpm_buf *buf, u32 mask)
{
	tpm_buf_append_u32(buf, 1);
	tpm_buf_append_u16(buf, TPM_ALG_SHA256);
	tpm_buf_append_u8(buf, TPM2_PCR_SELECT_SIZE);
	tpm_buf_append_u8(buf, mask & 0xff);
	tpm_buf_append_u8(buf, (mask >> 8) & 0xff);
	tpm_buf_append_u8(buf, (mask >> 16) & 0xff);
}

static void append_span(struct tpm_buf *buf, const struct span *s)
{
	tpm_buf_append(buf, s->p, s->len);
}

/* SHA-256 over the values of the PCRs in @pcrs->mask, in index order (a TPM pcrDigest). */
static void pcr_digest(const struct tpm2_hibseal_pcrs *pcrs, u8 out[SHA256_DIGEST_SIZE])
{
	struct sha256_state sctx;
	int i;

	sha256_init(&sctx);
	for (i = 0; i < TPM2_HIBSEAL_NR_PCRS; i++)
		if (pcrs->mask & BIT(i))
			sha256_update(&sctx, pcrs->value[i], SHA256_DIGEST_SIZE);
	sha256_final(&sctx, out);
}

/* The TPMS_NV_PUBLIC of one of hibseal's counters: it is exactly this, or it is refused. */
static void counter_public(u8 pub[COUNTER_PUBLIC_SIZE], u32 index, u32 attrs)
{
	put_unaligned_be32(index, pub);
	put_unaligned_be16(TPM_ALG_SHA256, pub + 4);
	put_unaligned_be32(attrs, pub + 6);
	put_unaligned_be16(0, pub + 10);	/* authPolicy: none */
	put_unaligned_be16(sizeof(u64), pub + 12);	/* dataSize */
}

/*
 * The Name of a counter index once written (nameAlg, then the digest of its public area). A
 * PolicyNV binds it: an index redefined with other attributes, or another kind of index at the
 * same handle, has another Name and satisfies no policy made with this one.
 */
static void counter_name(u32 index, u8 name[2 + SHA256_DIGEST_SIZE])
{
	u8 pub[COUNTER_PUBLIC_SIZE];

	counter_public(pub, index, COUNTER_ATTRS | TPMA_NV_WRITTEN);
	put_unaligned_be16(TPM_ALG_SHA256, name);
	sha256(pub, sizeof(pub), name + 2);
}

/**
 * tpm2_hibseal_policy_digest() - the authPolicy of a sealed boot secret
 * @pcrs:     the PCRs and the values they must hold
 * @nv_index: the blob epoch counter
 * @nv_max:   the largest value of that counter at which the secret may be unsealed
 * @digest:   SHA-256 policy digest, as the TPM computes it for a trial session
 *
 * PolicyPCR, then PolicyNV (counter <= @nv_max, unsigned, all 8 bytes):
 *   d1 = SHA-256(0^32 || TPM_CC_PolicyPCR || TPML_PCR_SELECTION || pcrDigest)
 *   d2 = SHA-256(d1 || TPM_CC_PolicyNV || SHA-256(operandB || offset || operation) || Name)
 */
void tpm2_hibseal_policy_digest(const struct tpm2_hibseal_pcrs *pcrs, u32 nv_index, u64 nv_max,
				u8 digest[SHA256_DIGEST_SIZE])
{
	u8 sel[10] = { 0, 0, 0, 1, TPM_ALG_SHA256 >> 8, TPM_ALG_SHA256 & 0xff,
		       TPM2_PCR_SELECT_SIZE, pcrs->mask & 0xff, (pcrs->mask >> 8) & 0xff,
		       (pcrs->mask >> 16) & 0xff };
	u8 zero[SHA256_DIGEST_SIZE] = { 0 };
	u8 pdigest[SHA256_DIGEST_SIZE];
	u8 name[2 + SHA256_DIGEST_SIZE];
	u8 args[sizeof(u64) + 4];
	struct sha256_state sctx;
	__be32 cc = cpu_to_be32(TPM2_CC_POLICY_PCR);

	pcr_digest(pcrs, pdigest);
	sha256_init(&sctx);
	sha256_update(&sctx, zero, sizeof(zero));
	sha256_update(&sctx, (u8 *)&cc, sizeof(cc));
	sha256_update(&sctx, sel, sizeof(sel));
	sha256_update(&sctx, pdigest, sizeof(pdigest));
	sha256_final(&sctx, digest);

	put_unaligned_be64(nv_max, args);
	put_unaligned_be16(0, args + sizeof(u64));			/* offset */
	put_unaligned_be16(TPM2_EO_UNSIGNED_LE, args + sizeof(u64) + 2);
	sha256(args, sizeof(args), pdigest);
	counter_name(nv_index, name);
	cc = cpu_to_be32(TPM2_CC_POLICY_NV);
	sha256_init(&sctx);
	sha256_update(&sctx, digest, SHA256_DIGEST_SIZE);
	sha256_update(&sctx, (u8 *)&cc, sizeof(cc));
	sha256_update(&sctx, pdigest, sizeof(pdigest));
	sha256_update(&sctx, name, sizeof(name));
	sha256_final(&sctx, digest);
}

/*
 * tpm_try_get_ops(), also for a chip the TPM core has disabled (TPM_CHIP_FLAG_DISABLE): the
 * core does so when a reset changed the TPM's null seed, for its HMAC sessions. Reading PCRs,
 * extending the window PCR and advancing the counters need no session, and are what closes
 * the window again after that reset: they must not wait for whoever disabled the chip first.
 */
static int get_ops_closing(struct tpm_chip *chip)
{
	int rc = -EIO;

	if (!(READ_ONCE(chip->flags) & TPM_CHIP_FLAG_DISABLE))
		return tpm_try_get_ops(chip);
	get_device(&chip->dev);
	down_read(&chip->ops_sem);
	if (!chip->ops)
		goto out;
	mutex_lock(&chip->tpm_mutex);
	if (chip->flags & TPM_CHIP_FLAG_SUSPENDED)
		goto unlock;
	rc = tpm_chip_start(chip);
	if (!rc)
		return 0;
unlock:
	mutex_unlock(&chip->tpm_mutex);
out:
	up_read(&chip->ops_sem);
	put_device(&chip->dev);
	return rc;
}

/**
 * tpm2_hibseal_read_pcrs() - read a set of SHA-256 PCRs
 * @chip: TPM chip
 * @mask: PCRs to read (bit n: PCR n)
 * @pcrs: filled with @mask and the values
 * @err:  on failure, the step that failed
 *
 * Return: 0, or -errno.
 */
int tpm2_hibseal_read_pcrs(struct tpm_chip *chip, u32 mask, struct tpm2_hibseal_pcrs *pcrs,
			   struct tpm2_hibseal_err *err)
{
	struct tpm_digest d = { .alg_id = TPM_ALG_SHA256 };
	int i, rc;

	u64 start = ktime_get_ns();

	if (!mask || mask >> TPM2_HIBSEAL_NR_PCRS)
		return tpm_error(err, "PCR selection", -EINVAL);
	rc = get_ops_closing(chip);
	if (rc)
		return tpm_error(err, "TPM access", rc);
	pcrs->mask = mask;
	for (i = 0; i < TPM2_HIBSEAL_NR_PCRS && !rc; i++) {
		if (!(mask & BIT(i)))
			continue;
		rc = tpm2_pcr_read(chip, i, &d, NULL);
		if (rc)
			rc = tpm_error(err, "TPM2_PCR_Read", rc);
		else
			memcpy(pcrs->value[i], d.digest, SHA256_DIGEST_SIZE);
	}
	tpm_put_ops(chip);
	atomic64_add(ktime_get_ns() - start, &busy_ns);
	return rc;
}

/**
 * tpm2_hibseal_extend() - extend a PCR in every allocated bank with a fixed event
 * @chip:  TPM chip
 * @pcr:   PCR index
 * @event: event text; each bank gets SHA-256(@event), cut or zero-padded to its digest size
 * @err:   on failure, the step that failed
 *
 * A password session, not the TPM core's tpm2_pcr_extend(): with TCG_TPM2_HMAC that starts an
 * HMAC session, and after a TPM reset (S3) the core finds the null seed changed and disables
 * the chip, before the window PCR could be closed again. An extend carries no secret.
 *
 * Return: 0, or -errno.
 */
int tpm2_hibseal_extend(struct tpm_chip *chip, u32 pcr, const char *event,
			struct tpm2_hibseal_err *err)
{
	u8 h[SHA256_DIGEST_SIZE], d[TPM2_MAX_DIGEST_SIZE];
	struct tpm_buf buf;
	int i, rc;

	rc = get_ops_closing(chip);
	if (rc)
		return tpm_error(err, "TPM access", rc);
	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_PCR_EXTEND);
	if (rc) {
		tpm_put_ops(chip);
		return tpm_error(err, "TPM2_PCR_Extend", rc);
	}
	sha256(event, strlen(event), h);
	tpm_buf_append_u32(&buf, pcr);
	append_password_auth(&buf);
	tpm_buf_append_u32(&buf, chip->nr_allocated_banks);
	for (i = 0; i < chip->nr_allocated_banks; i++) {
		u16 size = min_t(u16, chip->allocated_banks[i].digest_size, sizeof(d));

		memset(d, 0, sizeof(d));
		memcpy(d, h, min_t(u16, size, sizeof(h)));
		tpm_buf_append_u16(&buf, chip->allocated_banks[i].alg_id);
		tpm_buf_append(&buf, d, size);
	}
	rc = transmit(chip, &buf, 0, err, "TPM2_PCR_Extend");
	tpm_buf_destroy(&buf);
	tpm_put_ops(chip);
	return rc;
}

/* CreatePrimary with the fixed storage template: the same key at every boot of this TPM. */
static int create_primary(struct tpm_chip *chip, u32 *handle, struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_CREATE_PRIMARY);
	if (rc)
		return tpm_error(err, "TPM2_CreatePrimary", rc);
	tpm_buf_append_u32(&buf, TPM2_RH_OWNER);
	append_password_auth(&buf);
	tpm_buf_append_u16(&buf, 4);		/* inSensitive: empty auth, no data */
	tpm_buf_append_u16(&buf, 0);
	tpm_buf_append_u16(&buf, 0);
	tpm_buf_append_u16(&buf, 26);		/* inPublic: TPMT_PUBLIC, ECC storage key */
	tpm_buf_append_u16(&buf, TPM_ALG_ECC);
	tpm_buf_append_u16(&buf, TPM_ALG_SHA256);
	tpm_buf_append_u32(&buf, PRIMARY_ATTRS);
	tpm_buf_append_u16(&buf, 0);		/* authPolicy */
	tpm_buf_append_u16(&buf, TPM_ALG_AES);	/* symmetric: AES-128-CFB */
	tpm_buf_append_u16(&buf, 128);
	tpm_buf_append_u16(&buf, TPM_ALG_CFB);
	tpm_buf_append_u16(&buf, TPM_ALG_NULL);	/* scheme */
	tpm_buf_append_u16(&buf, TPM2_ECC_NIST_P256);
	tpm_buf_append_u16(&buf, TPM_ALG_NULL);	/* kdf */
	tpm_buf_append_u16(&buf, 0);		/* unique.x */
	tpm_buf_append_u16(&buf, 0);		/* unique.y */
	tpm_buf_append_u16(&buf, 0);		/* outsideInfo */
	tpm_buf_append_u32(&buf, 0);		/* creationPCR: none */
	rc = transmit(chip, &buf, 4, err, "TPM2_CreatePrimary");
	if (!rc)
		*handle = get_unaligned_be32(buf.data + TPM_HEADER_SIZE);
	tpm_buf_destroy(&buf);
	return rc;
}

/* Copy the five output structures of TPM2_Create into @blob, checking each size. */
static int store_blob(struct tpm_buf *buf, struct tpm2_hibseal_blob *blob)
{
	struct cursor body = response_body(buf), c;
	const u8 *start;
	u32 param_size;
	u16 n;
	int i;

	param_size = take_u32(&body);
	c = (struct cursor){ .p = take(&body, param_size), .left = param_size };
	if (body.bad || !c.p)
		return -EBADMSG;
	start = c.p;
	for (i = 0; i < 4; i++)			/* private, public, creation data and hash */
		take_tpm2b(&c, &n, NULL);
	take_u16(&c);				/* creationTicket: tag, hierarchy, digest */
	take_u32(&c);
	take_tpm2b(&c, &n, NULL);
	if (c.bad || c.p - start > TPM2_HIBSEAL_BLOB_MAX)
		return -EBADMSG;
	blob->len = c.p - start;
	memcpy(blob->data, start, blob->len);
	return 0;
}

static int create_sealed(struct tpm_chip *chip, u32 parent, const struct tpm2_hibseal_pcrs *pcrs,
			 u32 nv_index, u64 nv_max, const u8 *secret, size_t len,
			 struct tpm2_hibseal_blob *blob, struct tpm2_hibseal_err *err)
{
	u8 policy[SHA256_DIGEST_SIZE];
	struct tpm_buf buf;
	int rc;

	tpm2_hibseal_policy_digest(pcrs, nv_index, nv_max, policy);
	rc = tpm2_start_auth_session(chip);
	if (rc)
		return tpm_error(err, "TPM2_StartAuthSession", rc);
	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_CREATE);
	if (rc) {
		tpm2_end_auth_session(chip);
		return tpm_error(err, "TPM2_Create", rc);
	}
	rc = tpm_buf_append_name(chip, &buf, parent, NULL);
	if (rc) {
		rc = tpm_error(err, "TPM2_Create", rc);
		goto out;
	}
	/* The parent's empty authorization, in the session that encrypts inSensitive. */
	tpm_buf_append_hmac_session(chip, &buf, TPM2_SA_DECRYPT, NULL, 0);
	tpm_buf_append_u16(&buf, 4 + len);	/* inSensitive: empty auth, the secret */
	tpm_buf_append_u16(&buf, 0);
	tpm_buf_append_u16(&buf, len);
	tpm_buf_append(&buf, secret, len);
	tpm_buf_append_u16(&buf, 14 + SHA256_DIGEST_SIZE);	/* inPublic: sealed data */
	tpm_buf_append_u16(&buf, TPM_ALG_KEYEDHASH);
	tpm_buf_append_u16(&buf, TPM_ALG_SHA256);
	tpm_buf_append_u32(&buf, SEALED_ATTRS);
	tpm_buf_append_u16(&buf, SHA256_DIGEST_SIZE);
	tpm_buf_append(&buf, policy, SHA256_DIGEST_SIZE);
	tpm_buf_append_u16(&buf, TPM_ALG_NULL);	/* keyed-hash scheme */
	tpm_buf_append_u16(&buf, 0);		/* unique */
	tpm_buf_append_u16(&buf, OUTSIDE_INFO_LEN);	/* outsideInfo: label, bound */
	tpm_buf_append(&buf, seal_label, SEAL_LABEL_LEN);
	tpm_buf_append_u32(&buf, upper_32_bits(nv_max));
	tpm_buf_append_u32(&buf, lower_32_bits(nv_max));
	append_pcr_selection(&buf, pcrs->mask);	/* creationPCR */
	rc = transmit_hmac(chip, &buf, 4, err, "TPM2_Create");
	if (!rc && store_blob(&buf, blob))
		rc = tpm_error(err, "TPM2_Create response", -EBADMSG);
out:
	memzero_explicit(buf.data, PAGE_SIZE);
	tpm_buf_destroy(&buf);
	return rc;
}

/**
 * tpm2_hibseal_seal() - seal a secret to PCR values, recording them as creation PCRs
 * @chip:     TPM chip
 * @pcrs:     the PCRs and the values they hold now (the boot window)
 * @nv_index: the blob epoch counter
 * @nv_max:   the secret unseals only while that counter is at most this value
 * @secret:   the secret
 * @len:    its length, at most %TPM2_HIBSEAL_SECRET_MAX
 * @blob:   the sealed object, to be stored with the image
 * @err:    on failure, the step that failed
 *
 * Return: 0, or -errno.
 */
int tpm2_hibseal_seal(struct tpm_chip *chip, const struct tpm2_hibseal_pcrs *pcrs,
		      u32 nv_index, u64 nv_max, const u8 *secret, size_t len,
		      struct tpm2_hibseal_blob *blob, struct tpm2_hibseal_err *err)
{
	u32 primary;
	int rc;

	if (!len || len > TPM2_HIBSEAL_SECRET_MAX)
		return tpm_error(err, "secret size", -EINVAL);
	rc = tpm_try_get_ops(chip);
	if (rc)
		return tpm_error(err, "TPM access", rc);
	rc = create_primary(chip, &primary, err);
	if (!rc) {
		rc = create_sealed(chip, primary, pcrs, nv_index, nv_max, secret, len, blob,
				   err);
		tpm2_flush_context(chip, primary);
	}
	/* The session key could decrypt a recording of the command: it goes now. */
	tpm2_end_auth_session(chip);
	tpm_put_ops(chip);
	return rc;
}

static int split_blob(const struct tpm2_hibseal_blob *blob, struct blob_parts *parts)
{
	struct cursor c = { .p = blob->data, .left = blob->len };
	const u8 *start;
	u16 n;

	if (blob->len > TPM2_HIBSEAL_BLOB_MAX)
		return -EBADMSG;
	take_tpm2b(&c, &n, &parts->private);
	take_tpm2b(&c, &n, &parts->public);
	take_tpm2b(&c, &n, &parts->creation_data);
	take_tpm2b(&c, &n, &parts->creation_hash);
	start = c.p;
	if (take_u16(&c) != TPM2_ST_CREATION)
		return -EBADMSG;
	take_u32(&c);				/* hierarchy: checked by the TPM */
	take_tpm2b(&c, &n, NULL);
	if (c.bad || c.left)
		return -EBADMSG;
	parts->ticket = (struct span){ .p = start, .len = c.p - start };
	return 0;
}

/* The public area must be exactly what tpm2_hibseal_seal() asks for, policy included. */
static int check_public(const struct span *pub, const struct tpm2_hibseal_pcrs *pcrs,
			u32 nv_index, u64 nv_max)
{
	struct cursor c = { .p = pub->p, .left = pub->len };
	u8 policy[SHA256_DIGEST_SIZE];
	const u8 *p;
	u16 n;

	tpm2_hibseal_policy_digest(pcrs, nv_index, nv_max, policy);
	if (take_u16(&c) != pub->len - 2 ||
	    take_u16(&c) != TPM_ALG_KEYEDHASH ||
	    take_u16(&c) != TPM_ALG_SHA256 ||
	    take_u32(&c) != SEALED_ATTRS)
		return -EBADMSG;
	p = take_tpm2b(&c, &n, NULL);
	if (!p || n != SHA256_DIGEST_SIZE || crypto_memneq(p, policy, n))
		return -EACCES;
	if (take_u16(&c) != TPM_ALG_NULL || !take_tpm2b(&c, &n, NULL) ||
	    n != SHA256_DIGEST_SIZE || c.left)
		return -EBADMSG;
	return 0;
}

/* What check_blob() looks at in a blob's creation data. */
struct creation_view {
	const u8 *sel;			/* the creation PCR selection's bitmap */
	const u8 *pcr_digest;		/* pcrDigest, SHA256_DIGEST_SIZE bytes */
	const u8 *outside_info;		/* OUTSIDE_INFO_LEN bytes */
};

/*
 * The creation data must hash to the creation hash (which CertifyCreation then proves the TPM
 * made) and have our structure: one SHA-256 PCR selection, a SHA-256 pcrDigest, and our label
 * with the blob epoch bound as outsideInfo. Nothing about the values yet.
 */
static int parse_creation(const struct blob_parts *parts, struct creation_view *v)
{
	struct cursor c = { .p = parts->creation_data.p, .left = parts->creation_data.len };
	struct cursor h = { .p = parts->creation_hash.p, .left = parts->creation_hash.len };
	u8 got[SHA256_DIGEST_SIZE];
	const u8 *data, *hash;
	u16 size, n;

	data = take_tpm2b(&c, &size, NULL);
	hash = take_tpm2b(&h, &n, NULL);
	if (!data || !hash || c.left || h.left || n != SHA256_DIGEST_SIZE)
		return -EBADMSG;
	sha256(data, size, got);
	if (crypto_memneq(got, hash, SHA256_DIGEST_SIZE))
		return -EBADMSG;

	c = (struct cursor){ .p = data, .left = size };
	if (take_u32(&c) != 1 || take_u16(&c) != TPM_ALG_SHA256 ||
	    take_u8(&c) != TPM2_PCR_SELECT_SIZE)
		return -EBADMSG;
	v->sel = take(&c, TPM2_PCR_SELECT_SIZE);
	v->pcr_digest = take_tpm2b(&c, &n, NULL);
	if (!v->sel || !v->pcr_digest || n != SHA256_DIGEST_SIZE)
		return -EBADMSG;
	take_u8(&c);				/* locality */
	take_u16(&c);				/* parentNameAlg */
	take_tpm2b(&c, &n, NULL);		/* parentName: Load proved the parent */
	take_tpm2b(&c, &n, NULL);		/* parentQualifiedName */
	v->outside_info = take_tpm2b(&c, &n, NULL);
	if (!v->outside_info || c.left || n != OUTSIDE_INFO_LEN ||
	    memcmp(v->outside_info, seal_label, SEAL_LABEL_LEN))
		return -EBADMSG;
	return 0;
}

/* The creation PCRs must be exactly ours, at the values they hold now. */
static int check_creation_pcrs(const struct creation_view *v,
			       const struct tpm2_hibseal_pcrs *pcrs)
{
	u8 want[SHA256_DIGEST_SIZE];

	if ((v->sel[0] | v->sel[1] << 8 | v->sel[2] << 16) != pcrs->mask)
		return -EACCES;
	pcr_digest(pcrs, want);
	if (crypto_memneq(v->pcr_digest, want, SHA256_DIGEST_SIZE))
		return -EACCES;
	return 0;
}

static int load(struct tpm_chip *chip, u32 parent, const struct blob_parts *parts, u32 *handle,
		struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_LOAD);
	if (rc)
		return tpm_error(err, "TPM2_Load", rc);
	tpm_buf_append_u32(&buf, parent);
	append_password_auth(&buf);
	append_span(&buf, &parts->private);
	append_span(&buf, &parts->public);
	rc = transmit(chip, &buf, 4, err, "TPM2_Load");
	if (!rc)
		*handle = get_unaligned_be32(buf.data + TPM_HEADER_SIZE);
	tpm_buf_destroy(&buf);
	return rc;
}

/* The TPM checks the creation ticket against the creation hash: only it can make the ticket. */
static int certify_creation(struct tpm_chip *chip, u32 object, const struct blob_parts *parts,
			    struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_CERTIFY_CREATION);
	if (rc)
		return tpm_error(err, "TPM2_CertifyCreation", rc);
	tpm_buf_append_u32(&buf, TPM2_RH_NULL);	/* signHandle: no signature needed */
	tpm_buf_append_u32(&buf, object);
	append_password_auth(&buf);
	tpm_buf_append_u16(&buf, 0);		/* qualifyingData */
	append_span(&buf, &parts->creation_hash);
	tpm_buf_append_u16(&buf, TPM_ALG_NULL);	/* inScheme */
	append_span(&buf, &parts->ticket);
	rc = transmit(chip, &buf, 0, err, "TPM2_CertifyCreation");
	tpm_buf_destroy(&buf);
	return rc;
}

/*
 * A policy session satisfied by PolicyPCR over the PCRs' current values and PolicyNV: the
 * blob epoch counter at most @nv_max. The TPM compares; a counter past it fails PolicyNV.
 */
static int start_policy(struct tpm_chip *chip, u32 mask, u32 nv_index, u64 nv_max, u32 *session,
			struct tpm2_hibseal_err *err)
{
	u8 nonce[SHA256_DIGEST_SIZE];
	struct tpm_buf buf;
	int rc;

	get_random_bytes(nonce, sizeof(nonce));
	rc = tpm_buf_init(&buf, TPM2_ST_NO_SESSIONS, TPM2_CC_START_AUTH_SESSION);
	if (rc)
		return tpm_error(err, "TPM2_StartAuthSession", rc);
	tpm_buf_append_u32(&buf, TPM2_RH_NULL);	/* tpmKey: unsalted */
	tpm_buf_append_u32(&buf, TPM2_RH_NULL);	/* bind: unbound */
	tpm_buf_append_u16(&buf, sizeof(nonce));
	tpm_buf_append(&buf, nonce, sizeof(nonce));
	tpm_buf_append_u16(&buf, 0);		/* encryptedSalt */
	tpm_buf_append_u8(&buf, TPM2_SE_POLICY);
	tpm_buf_append_u16(&buf, TPM_ALG_NULL);	/* symmetric */
	tpm_buf_append_u16(&buf, TPM_ALG_SHA256);
	rc = transmit(chip, &buf, 4, err, "TPM2_StartAuthSession");
	if (rc)
		goto out;
	*session = get_unaligned_be32(buf.data + TPM_HEADER_SIZE);

	tpm_buf_reset(&buf, TPM2_ST_NO_SESSIONS, TPM2_CC_POLICY_PCR);
	tpm_buf_append_u32(&buf, *session);
	tpm_buf_append_u16(&buf, 0);		/* pcrDigest: the TPM uses the current values */
	append_pcr_selection(&buf, mask);
	rc = transmit(chip, &buf, 0, err, "TPM2_PolicyPCR");
	if (rc)
		goto flush;

	tpm_buf_reset(&buf, TPM2_ST_SESSIONS, TPM2_CC_POLICY_NV);
	tpm_buf_append_u32(&buf, nv_index);	/* authHandle: the index, empty auth (AUTHREAD) */
	tpm_buf_append_u32(&buf, nv_index);
	tpm_buf_append_u32(&buf, *session);
	append_password_auth(&buf);
	tpm_buf_append_u16(&buf, sizeof(u64));	/* operandB */
	tpm_buf_append_u32(&buf, upper_32_bits(nv_max));
	tpm_buf_append_u32(&buf, lower_32_bits(nv_max));
	tpm_buf_append_u16(&buf, 0);		/* offset */
	tpm_buf_append_u16(&buf, TPM2_EO_UNSIGNED_LE);
	rc = transmit(chip, &buf, 0, err, "TPM2_PolicyNV");
flush:
	if (rc)
		tpm2_flush_context(chip, *session);
out:
	tpm_buf_destroy(&buf);
	return rc;
}

static int unseal(struct tpm_chip *chip, u32 object, u32 mask, u32 nv_index, u64 nv_max,
		  u8 *secret, size_t len, struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	struct cursor c;
	const u8 *data;
	u32 session;
	u16 n;
	int rc;

	rc = start_policy(chip, mask, nv_index, nv_max, &session, err);
	if (rc)
		return rc;
	rc = tpm2_start_auth_session(chip);
	if (rc) {
		tpm2_flush_context(chip, session);
		return tpm_error(err, "TPM2_StartAuthSession", rc);
	}
	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_UNSEAL);
	if (rc) {
		tpm2_end_auth_session(chip);
		tpm2_flush_context(chip, session);
		return tpm_error(err, "TPM2_Unseal", rc);
	}
	rc = tpm_buf_append_name(chip, &buf, object, NULL);
	if (rc) {
		tpm2_flush_context(chip, session);
		rc = tpm_error(err, "TPM2_Unseal", rc);
		goto out;
	}
	/*
	 * The policy session authorizes, and is not continued; the TPM core's HMAC session
	 * after it authorizes nothing but encrypts the response: the secret.
	 */
	tpm_buf_append_u32(&buf, 9);
	tpm_buf_append_u32(&buf, session);
	tpm_buf_append_u16(&buf, 0);
	tpm_buf_append_u8(&buf, 0);
	tpm_buf_append_u16(&buf, 0);
	tpm_buf_append_hmac_session(chip, &buf, TPM2_SA_ENCRYPT, NULL, 0);
	rc = transmit_hmac(chip, &buf, 6, err, "TPM2_Unseal");
	if (rc) {
		tpm2_flush_context(chip, session);
		goto out;
	}
	c = response_body(&buf);
	take_u32(&c);				/* parameterSize */
	data = take_tpm2b(&c, &n, NULL);
	if (!data || n != len) {
		rc = tpm_error(err, "TPM2_Unseal response", -EBADMSG);
		goto out;
	}
	memcpy(secret, data, len);
out:
	memzero_explicit(buf.data, PAGE_SIZE);
	tpm_buf_destroy(&buf);
	return rc;
}

/*
 * Everything but the unseal: the blob's structure, creation data and public area, then Load
 * and CertifyCreation. On success *@object is loaded (the caller flushes it) and @nv_max holds
 * the blob epoch bound of its policy.
 */
static int check_blob(struct tpm_chip *chip, const struct tpm2_hibseal_pcrs *pcrs, u32 nv_index,
		      const struct tpm2_hibseal_blob *blob, struct blob_parts *parts, u32 *object,
		      u64 *nv_max, struct tpm2_hibseal_err *err)
{
	struct creation_view v;
	u32 primary;
	int rc;

	rc = split_blob(blob, parts);
	if (rc)
		return tpm_error(err, "key blob structure", rc);
	rc = parse_creation(parts, &v);
	if (rc)
		return tpm_error(err, TPM2_HIBSEAL_STEP_CREATION, rc);
	*nv_max = get_unaligned_be64(v.outside_info + SEAL_LABEL_LEN);
	/* The policy first: another kernel or Secure Boot state is refused as such. */
	rc = check_public(&parts->public, pcrs, nv_index, *nv_max);
	if (rc)
		return tpm_error(err, "key blob public area", rc);
	rc = check_creation_pcrs(&v, pcrs);
	if (rc)
		return tpm_error(err, TPM2_HIBSEAL_STEP_CREATION, rc);

	rc = create_primary(chip, &primary, err);
	if (rc)
		return rc;
	rc = load(chip, primary, parts, object, err);
	tpm2_flush_context(chip, primary);
	if (rc)
		return rc;
	rc = certify_creation(chip, *object, parts, err);
	if (rc)
		tpm2_flush_context(chip, *object);
	return rc;
}

/**
 * tpm2_hibseal_unseal() - check and unseal a secret sealed by tpm2_hibseal_seal()
 * @chip:     TPM chip
 * @pcrs:     the PCRs and the values they hold now, which must be those at sealing time
 * @nv_index: the blob epoch counter
 * @blob:     the sealed object, untrusted
 * @secret:   receives the secret
 * @len:      its expected length
 * @nv_max:   receives the blob epoch bound of its policy (from the checked creation data)
 * @err:      on failure, the step that failed
 *
 * Refuses a blob whose public area is not ours, whose creation data does not record @pcrs
 * with their current values, or whose creation ticket the TPM does not certify: a blob that
 * was not made by tpm2_hibseal_seal() while the PCRs held these values. The TPM refuses one
 * whose blob epoch bound the counter has passed.
 *
 * Return: 0; -EBADMSG for a malformed or uncertified blob; -EACCES when the PCRs or the
 * policy differ from those at sealing time; -EKEYEXPIRED when the blob epoch counter has
 * passed the blob's bound; -EBUSY in TPM lockout; other -errno.
 */
int tpm2_hibseal_unseal(struct tpm_chip *chip, const struct tpm2_hibseal_pcrs *pcrs,
			u32 nv_index, const struct tpm2_hibseal_blob *blob, u8 *secret,
			size_t len, u64 *nv_max, struct tpm2_hibseal_err *err)
{
	struct blob_parts parts;
	u32 object;
	int rc;

	rc = tpm_try_get_ops(chip);
	if (rc)
		return tpm_error(err, "TPM access", rc);
	rc = check_blob(chip, pcrs, nv_index, blob, &parts, &object, nv_max, err);
	if (!rc) {
		rc = unseal(chip, object, pcrs->mask, nv_index, *nv_max, secret, len, err);
		tpm2_flush_context(chip, object);
	}
	/* The session key could decrypt a recording of the answer: it goes now. */
	tpm2_end_auth_session(chip);
	tpm_put_ops(chip);
	return rc;
}

/**
 * tpm2_hibseal_check() - check a blob as tpm2_hibseal_unseal() does, without unsealing it
 * @chip:     TPM chip
 * @pcrs:     the window PCR values the blob must have been created at (its creation data)
 * @nv_index: the blob epoch counter
 * @blob:     the sealed object, untrusted
 * @nv_max:   receives the blob epoch bound of its policy
 * @err:      on failure, the step that failed
 *
 * Works after the window: it proves, with the TPM's creation ticket, that a boot window of
 * this TPM made the blob with our policy, not what secret it holds.
 *
 * Return: 0, or the errors of tpm2_hibseal_unseal() but -EKEYEXPIRED.
 */
int tpm2_hibseal_check(struct tpm_chip *chip, const struct tpm2_hibseal_pcrs *pcrs,
		       u32 nv_index, const struct tpm2_hibseal_blob *blob, u64 *nv_max,
		       struct tpm2_hibseal_err *err)
{
	struct blob_parts parts;
	u32 object;
	int rc;

	rc = tpm_try_get_ops(chip);
	if (rc)
		return tpm_error(err, "TPM access", rc);
	rc = check_blob(chip, pcrs, nv_index, blob, &parts, &object, nv_max, err);
	if (!rc)
		tpm2_flush_context(chip, object);
	tpm_put_ops(chip);
	return rc;
}

/*
 * hibseal's counters (the anti-replay counter and the blob epoch) are NV counter indices. A
 * counter only ever goes up, and a counter index defined anew starts above the highest value
 * any counter of this TPM ever had, so whoever increments, undefines or redefines one can only
 * make images stale or blobs expire, never an old image fresh or an expired blob usable again.
 * So anyone may advance them (empty authorization), and the kernel can after its window.
 */

static int counter_read_public(struct tpm_chip *chip, u32 index, struct tpm2_hibseal_err *err)
{
	u8 want[COUNTER_PUBLIC_SIZE];
	const u8 *pub;
	struct tpm_buf buf;
	struct cursor c;
	u16 size;
	u32 attrs;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_NO_SESSIONS, TPM2_CC_NV_READ_PUBLIC);
	if (rc)
		return tpm_error(err, "TPM2_NV_ReadPublic", rc);
	tpm_buf_append_u32(&buf, index);
	rc = transmit(chip, &buf, 2, err, "TPM2_NV_ReadPublic");
	if (rc) {
		if (err->tpm_rc && (err->tpm_rc & (TPM2_RC_FMT1 | 0x3f)) == TPM2_RC_HANDLE)
			rc = -ENOENT;
		goto out;
	}
	c = response_body(&buf);
	pub = take_tpm2b(&c, &size, NULL);
	if (!pub) {
		rc = tpm_error(err, "TPM2_NV_ReadPublic response", -EBADMSG);
		goto out;
	}
	/* Exactly ours, but for the written flag. */
	rc = -EBADMSG;
	if (size != COUNTER_PUBLIC_SIZE)
		goto bad;
	attrs = get_unaligned_be32(pub + 6);
	counter_public(want, index, attrs & TPMA_NV_WRITTEN ? COUNTER_ATTRS | TPMA_NV_WRITTEN :
			COUNTER_ATTRS);
	if (memcmp(pub, want, sizeof(want)))
		goto bad;
	rc = 0;
	goto out;
bad:
	rc = tpm_error(err, "counter index public area", rc);
out:
	tpm_buf_destroy(&buf);
	return rc;
}

static int counter_read(struct tpm_chip *chip, u32 index, u64 *value,
			struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	struct cursor c;
	const u8 *data;
	u16 n;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_NV_READ);
	if (rc)
		return tpm_error(err, "TPM2_NV_Read", rc);
	tpm_buf_append_u32(&buf, index);	/* authHandle: the index, empty auth */
	tpm_buf_append_u32(&buf, index);
	append_password_auth(&buf);
	tpm_buf_append_u16(&buf, sizeof(u64));	/* size */
	tpm_buf_append_u16(&buf, 0);		/* offset */
	rc = transmit(chip, &buf, 6, err, "TPM2_NV_Read");
	if (rc) {
		if (err->tpm_rc == TPM2_RC_NV_UNINITIALIZED)
			rc = -ENODATA;
		goto out;
	}
	c = response_body(&buf);
	take_u32(&c);				/* parameterSize */
	data = take_tpm2b(&c, &n, NULL);
	if (!data || n != sizeof(u64)) {
		rc = tpm_error(err, "TPM2_NV_Read response", -EBADMSG);
		goto out;
	}
	*value = get_unaligned_be64(data);
out:
	tpm_buf_destroy(&buf);
	return rc;
}

static int counter_undefine(struct tpm_chip *chip, u32 index, struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_NV_UNDEFINE_SPACE);
	if (rc)
		return tpm_error(err, "TPM2_NV_UndefineSpace", rc);
	tpm_buf_append_u32(&buf, TPM2_RH_OWNER);
	tpm_buf_append_u32(&buf, index);
	append_password_auth(&buf);		/* owner authorization: empty */
	rc = transmit(chip, &buf, 0, err, "TPM2_NV_UndefineSpace");
	tpm_buf_destroy(&buf);
	return rc;
}

static int counter_define(struct tpm_chip *chip, u32 index, struct tpm2_hibseal_err *err)
{
	u8 pub[COUNTER_PUBLIC_SIZE];
	struct tpm_buf buf;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_NV_DEFINE_SPACE);
	if (rc)
		return tpm_error(err, "TPM2_NV_DefineSpace", rc);
	tpm_buf_append_u32(&buf, TPM2_RH_OWNER);
	append_password_auth(&buf);		/* owner authorization: empty */
	tpm_buf_append_u16(&buf, 0);		/* the index's auth: empty */
	counter_public(pub, index, COUNTER_ATTRS);
	tpm_buf_append_u16(&buf, sizeof(pub));
	tpm_buf_append(&buf, pub, sizeof(pub));
	rc = transmit(chip, &buf, 0, err, "TPM2_NV_DefineSpace");
	tpm_buf_destroy(&buf);
	return rc;
}

static int counter_increment(struct tpm_chip *chip, u32 index, struct tpm2_hibseal_err *err)
{
	struct tpm_buf buf;
	int rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_NV_INCREMENT);
	if (rc)
		return tpm_error(err, "TPM2_NV_Increment", rc);
	tpm_buf_append_u32(&buf, index);	/* authHandle: the index, empty auth */
	tpm_buf_append_u32(&buf, index);
	append_password_auth(&buf);
	rc = transmit(chip, &buf, 0, err, "TPM2_NV_Increment");
	tpm_buf_destroy(&buf);
	return rc;
}

/**
 * tpm2_hibseal_counter_read() - read one of hibseal's counters, checking its index is ours
 * @chip:   TPM chip
 * @index:  NV index of the counter
 * @value:  receives the counter value
 * @err:    on failure, the step that failed
 *
 * Return: 0; -ENOENT if the index is not defined; -ENODATA if it was never incremented;
 * -EBADMSG if its public area is not exactly ours; other -errno.
 */
int tpm2_hibseal_counter_read(struct tpm_chip *chip, u32 index, u64 *value,
			      struct tpm2_hibseal_err *err)
{
	int rc = get_ops_closing(chip);

	if (rc)
		return tpm_error(err, "TPM access", rc);
	rc = counter_read_public(chip, index, err) ?:
		counter_read(chip, index, value, err);
	tpm_put_ops(chip);
	return rc;
}

/**
 * tpm2_hibseal_counter_define() - define one of hibseal's counter indices
 * @chip:     TPM chip
 * @index:    NV index of the counter
 * @redefine: undefine an index that is there first (its public area is not ours)
 * @err:      on failure, the step that failed
 *
 * Needs the owner hierarchy's authorization to be empty. Redefining cannot roll the counter
 * back: a new counter index starts above the highest value any counter of the TPM has had.
 *
 * Return: 0, or -errno.
 */
int tpm2_hibseal_counter_define(struct tpm_chip *chip, u32 index, bool redefine,
				struct tpm2_hibseal_err *err)
{
	int rc = tpm_try_get_ops(chip);

	if (rc)
		return tpm_error(err, "TPM access", rc);
	if (redefine)
		rc = counter_undefine(chip, index, err);
	if (!rc)
		rc = counter_define(chip, index, err);
	tpm_put_ops(chip);
	return rc;
}

/**
 * tpm2_hibseal_counter_increment() - advance one of hibseal's counters
 * @chip:  TPM chip
 * @index: NV index of the counter
 * @err:   on failure, the step that failed
 *
 * Return: 0, or -errno.
 */
int tpm2_hibseal_counter_increment(struct tpm_chip *chip, u32 index,
				   struct tpm2_hibseal_err *err)
{
	int rc = get_ops_closing(chip);

	if (rc)
		return tpm_error(err, "TPM access", rc);
	rc = counter_increment(chip, index, err);
	tpm_put_ops(chip);
	return rc;
}

struct each_chip {
	int (*fn)(struct tpm_chip *chip, void *data);
	void *data;
};

static int each_chip(struct device *dev, void *p)
{
	struct tpm_chip *chip = container_of(dev, struct tpm_chip, dev);
	struct each_chip *e = p;

	if (chip->flags & TPM_CHIP_FLAG_VIRTUAL)
		return 0;
	return e->fn(chip, e->data);
}

/**
 * tpm2_hibseal_for_each_chip() - call @fn for every TPM chip registered now
 * @fn:   called with each chip (a reference held for the call); a nonzero return stops
 * @data: passed to @fn
 *
 * A driver bound again makes a new chip for the same TPM while sealed hibernation may still
 * hold the one that went away. Virtual chips (a vTPM proxy, a process's) are left out: their
 * PCRs are whatever that process says, and during a suspend it is frozen.
 *
 * Return: the first nonzero value @fn returned, or 0.
 */
int tpm2_hibseal_for_each_chip(int (*fn)(struct tpm_chip *chip, void *data), void *data)
{
	struct each_chip e = { .fn = fn, .data = data };

	return class_for_each_device(&tpm_class, NULL, &e, each_chip);
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tpm2-hibseal-kunit.c"
#endif
