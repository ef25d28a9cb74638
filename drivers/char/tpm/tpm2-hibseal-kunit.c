// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the key blob checks in tpm2-hibseal.c: what runs before the TPM sees a blob
 * (split_blob(), parse_creation(), check_public(), check_creation_pcrs()). The blob is
 * untrusted, anyone with root can put one in front of the boot window, so each check is shown
 * to accept the blob tpm2_hibseal_seal() would store and to refuse every structural change,
 * every foreign policy and creation record, and every cut.
 *
 * Included at the end of tpm2-hibseal.c, to reach its static functions.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

#define T_NV_INDEX	0x013f5349
#define T_NV_MAX	9
#define T_MASK		(BIT(4) | BIT(7) | BIT(14))

/* What a test blob is made of; t_blob_make() marshals it the way a TPM returns it. */
struct t_params {
	struct tpm2_hibseal_pcrs pcrs;	/* policy PCRs */
	struct tpm2_hibseal_pcrs creation;	/* recorded as creation PCRs */
	u32 nv_index;
	u64 nv_max;
	u32 attrs;
	const char *label;
};

/* Where the parts start in the marshalled blob. */
struct t_layout {
	u16 public, public_len;		/* TPM2B_PUBLIC, size field included */
	u16 creation, creation_len;	/* TPM2B_CREATION_DATA */
	u16 hash;			/* TPM2B_DIGEST creation hash */
	u16 unique;			/* the public area's unique field body (free-form) */
};

struct t_writer {
	u8 *p;
	u16 len;
};

static void t_put(struct t_writer *w, const void *src, u16 n)
{
	memcpy(w->p + w->len, src, n);
	w->len += n;
}

static void t_u8(struct t_writer *w, u8 v)
{
	t_put(w, &v, 1);
}

static void t_u16(struct t_writer *w, u16 v)
{
	put_unaligned_be16(v, w->p + w->len);
	w->len += 2;
}

static void t_u32(struct t_writer *w, u32 v)
{
	put_unaligned_be32(v, w->p + w->len);
	w->len += 4;
}

static void t_tpm2b(struct t_writer *w, const void *src, u16 n)
{
	t_u16(w, n);
	t_put(w, src, n);
}

/* Fill in the size field at @at once what follows it is written. */
static void t_close(struct t_writer *w, u16 at)
{
	put_unaligned_be16(w->len - at - 2, w->p + at);
}

static void t_defaults(struct t_params *tp)
{
	int i;

	memset(tp, 0, sizeof(*tp));
	tp->pcrs.mask = T_MASK;
	for (i = 0; i < TPM2_HIBSEAL_NR_PCRS; i++)
		memset(tp->pcrs.value[i], 0x40 + i, SHA256_DIGEST_SIZE);
	tp->creation = tp->pcrs;
	tp->nv_index = T_NV_INDEX;
	tp->nv_max = T_NV_MAX;
	tp->attrs = SEALED_ATTRS;
	tp->label = seal_label;
}

static void t_blob_make(const struct t_params *tp, struct tpm2_hibseal_blob *blob,
			struct t_layout *lay)
{
	struct t_writer w = { .p = blob->data };
	u8 policy[SHA256_DIGEST_SIZE], digest[SHA256_DIGEST_SIZE];
	u8 outside[OUTSIDE_INFO_LEN], filler[SHA256_DIGEST_SIZE];
	u16 at;

	memset(filler, 0xa5, sizeof(filler));
	t_tpm2b(&w, "encrypted sensitive area", 24);		/* TPM2B_PRIVATE: opaque */

	lay->public = w.len;					/* TPM2B_PUBLIC */
	at = w.len;
	t_u16(&w, 0);
	t_u16(&w, TPM_ALG_KEYEDHASH);
	t_u16(&w, TPM_ALG_SHA256);
	t_u32(&w, tp->attrs);
	tpm2_hibseal_policy_digest(&tp->pcrs, tp->nv_index, tp->nv_max, policy);
	t_tpm2b(&w, policy, sizeof(policy));
	t_u16(&w, TPM_ALG_NULL);				/* keyed-hash scheme */
	lay->unique = w.len + 2;
	t_tpm2b(&w, filler, sizeof(filler));			/* unique */
	t_close(&w, at);
	lay->public_len = w.len - lay->public;

	lay->creation = w.len;					/* TPM2B_CREATION_DATA */
	at = w.len;
	t_u16(&w, 0);
	t_u32(&w, 1);						/* one PCR selection */
	t_u16(&w, TPM_ALG_SHA256);
	t_u8(&w, TPM2_PCR_SELECT_SIZE);
	t_u8(&w, tp->creation.mask & 0xff);
	t_u8(&w, (tp->creation.mask >> 8) & 0xff);
	t_u8(&w, (tp->creation.mask >> 16) & 0xff);
	pcr_digest(&tp->creation, digest);
	t_tpm2b(&w, digest, sizeof(digest));			/* pcrDigest */
	t_u8(&w, 1);						/* locality */
	t_u16(&w, TPM_ALG_SHA256);				/* parentNameAlg */
	t_tpm2b(&w, filler, sizeof(filler));			/* parentName */
	t_tpm2b(&w, filler, sizeof(filler));			/* parentQualifiedName */
	memcpy(outside, tp->label, SEAL_LABEL_LEN);
	put_unaligned_be64(tp->nv_max, outside + SEAL_LABEL_LEN);
	t_tpm2b(&w, outside, sizeof(outside));			/* outsideInfo */
	t_close(&w, at);
	lay->creation_len = w.len - lay->creation;

	lay->hash = w.len;					/* creation hash */
	sha256(blob->data + lay->creation + 2, lay->creation_len - 2, digest);
	t_tpm2b(&w, digest, sizeof(digest));

	t_u16(&w, TPM2_ST_CREATION);				/* TPMT_TK_CREATION */
	t_u32(&w, TPM2_RH_OWNER);
	t_tpm2b(&w, filler, sizeof(filler));
	blob->len = w.len;
}

/* The creation hash made again over the (changed) creation data: a consistent forgery. */
static void t_rehash(struct tpm2_hibseal_blob *blob, const struct t_layout *lay)
{
	sha256(blob->data + lay->creation + 2, lay->creation_len - 2, blob->data + lay->hash + 2);
}

/* Every check the window makes before it asks the TPM; the first failure's errno. */
static int t_check(const struct tpm2_hibseal_blob *blob, const struct tpm2_hibseal_pcrs *pcrs,
		   u32 nv_index, u64 *nv_max)
{
	struct blob_parts parts;
	struct creation_view v;
	int rc;

	rc = split_blob(blob, &parts);
	if (rc)
		return rc;
	rc = parse_creation(&parts, &v);
	if (rc)
		return rc;
	*nv_max = get_unaligned_be64(v.outside_info + SEAL_LABEL_LEN);
	return check_public(&parts.public, pcrs, nv_index, *nv_max) ?:
	       check_creation_pcrs(&v, pcrs);
}

struct t_ctx {
	struct t_params tp;
	struct tpm2_hibseal_blob blob;
	struct t_layout lay;
};

static struct t_ctx *t_ctx(struct kunit *test)
{
	struct t_ctx *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t_defaults(&t->tp);
	t_blob_make(&t->tp, &t->blob, &t->lay);
	return t;
}

/* The blob tpm2_hibseal_seal() stores passes, and its policy bound is read back. */
static void blob_accepted(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	struct blob_parts parts;
	u64 nv_max = 0;

	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), 0);
	KUNIT_EXPECT_EQ(test, nv_max, (u64)T_NV_MAX);
	KUNIT_ASSERT_EQ(test, split_blob(&t->blob, &parts), 0);
	KUNIT_EXPECT_EQ(test, parts.public.p - t->blob.data, (long)t->lay.public);
	KUNIT_EXPECT_EQ(test, parts.public.len, t->lay.public_len);
	KUNIT_EXPECT_EQ(test, parts.creation_data.len, t->lay.creation_len);
}

/* Every cut of the blob, and a byte too many, is malformed. */
static void blob_cut_or_extended(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	u16 full = t->blob.len, len;
	struct blob_parts parts;

	for (len = 0; len < full; len++) {
		t->blob.len = len;
		KUNIT_EXPECT_EQ_MSG(test, split_blob(&t->blob, &parts), -EBADMSG, "cut at %u", len);
	}
	t->blob.len = full + 1;
	KUNIT_EXPECT_EQ(test, split_blob(&t->blob, &parts), -EBADMSG);
	t->blob.len = TPM2_HIBSEAL_BLOB_MAX + 1;
	KUNIT_EXPECT_EQ(test, split_blob(&t->blob, &parts), -EBADMSG);
}

/*
 * One byte changed anywhere in the public area but the free-form unique field, or anywhere in
 * the creation data or its hash: refused before the TPM is asked.
 */
static void blob_byte_flips(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	const struct t_layout *lay = &t->lay;
	u64 nv_max;
	u16 i;

	for (i = lay->public; i < lay->hash + 2 + SHA256_DIGEST_SIZE; i++) {
		if (i >= lay->unique && i < lay->unique + SHA256_DIGEST_SIZE)
			continue;
		t->blob.data[i] ^= 0x01;
		KUNIT_EXPECT_NE_MSG(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), 0,
				    "byte %u flipped", i);
		t->blob.data[i] ^= 0x01;
	}
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), 0);
}

/* Another kernel or Secure Boot state (a policy PCR value) is a policy mismatch: -EACCES. */
static void blob_other_pcr_value(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	struct tpm2_hibseal_pcrs now = t->tp.pcrs;
	u64 nv_max;

	now.value[4][0] ^= 0x80;
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &now, T_NV_INDEX, &nv_max), -EACCES);
	now = t->tp.pcrs;
	now.value[7][31] ^= 0x01;
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &now, T_NV_INDEX, &nv_max), -EACCES);
}

/* A blob bound to another counter, or to another epoch bound than its creation data says. */
static void blob_other_counter(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	u64 nv_max;

	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX + 1, &nv_max), -EACCES);

	/*
	 * A policy for bound 12 with creation data claiming 9 (the last field, outsideInfo, ends
	 * in the bound), the creation hash made to match: the policy decides, -EACCES.
	 */
	t->tp.nv_max = 12;
	t_blob_make(&t->tp, &t->blob, &t->lay);
	put_unaligned_be64(T_NV_MAX, t->blob.data + t->lay.hash - sizeof(u64));
	t_rehash(&t->blob, &t->lay);
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), -EACCES);
	KUNIT_EXPECT_EQ(test, nv_max, (u64)T_NV_MAX);
}

/*
 * Made outside the window: the policy is right (root can compute it) but the creation PCRs
 * are not the window's. A consistent creation hash does not help: -EACCES.
 */
static void blob_created_outside_window(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	u64 nv_max;

	t->tp.creation.value[14][0] ^= 0xff;	/* the window PCR after it closed */
	t_blob_make(&t->tp, &t->blob, &t->lay);
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), -EACCES);

	t_defaults(&t->tp);
	t->tp.creation.mask = BIT(4) | BIT(7);	/* fewer creation PCRs */
	t_blob_make(&t->tp, &t->blob, &t->lay);
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), -EACCES);
}

/* Not our object: other attributes (userWithAuth would open it without the policy), label. */
static void blob_not_ours(struct kunit *test)
{
	struct t_ctx *t = t_ctx(test);
	u64 nv_max;

	t->tp.attrs = SEALED_ATTRS | TPMA_USER_WITH_AUTH;
	t_blob_make(&t->tp, &t->blob, &t->lay);
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), -EBADMSG);

	t_defaults(&t->tp);
	t->tp.label = "hibseal boot secret v1";
	t_blob_make(&t->tp, &t->blob, &t->lay);
	KUNIT_EXPECT_EQ(test, t_check(&t->blob, &t->tp.pcrs, T_NV_INDEX, &nv_max), -EBADMSG);
}

static struct kunit_case tpm2_hibseal_blob_cases[] = {
	KUNIT_CASE(blob_accepted),
	KUNIT_CASE(blob_cut_or_extended),
	KUNIT_CASE(blob_byte_flips),
	KUNIT_CASE(blob_other_pcr_value),
	KUNIT_CASE(blob_other_counter),
	KUNIT_CASE(blob_created_outside_window),
	KUNIT_CASE(blob_not_ours),
	{}
};

static struct kunit_suite tpm2_hibseal_blob_suite = {
	.name = "hibseal_tpm_blob",
	.test_cases = tpm2_hibseal_blob_cases,
};

kunit_test_suite(tpm2_hibseal_blob_suite);
