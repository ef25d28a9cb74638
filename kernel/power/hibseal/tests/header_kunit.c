// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the sealed image header's structural checks (image.c, which includes this
 * file at its end so that check_header() can be called): a well-formed header passes, and
 * each field changed alone is refused with that field's own reason. Every case starts from
 * the header that passes, so a refusal can only be the changed field's.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

/* A header as a writer leaves it; its construction is AES-256-CTR + HMAC-SHA256 (32-byte tags). */
static struct hibseal_image_header *header_good(struct kunit *test)
{
	struct hibseal_image_header *hdr = kunit_kzalloc(test, sizeof(*hdr), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, hdr);
	memcpy(hdr->magic, HIBSEAL_MAGIC, sizeof(hdr->magic));
	hdr->version = cpu_to_le16(HIBSEAL_VERSION);
	hdr->header_size = cpu_to_le16(sizeof(*hdr));
	hdr->aead = cpu_to_le16(HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256);
	hdr->tag_size = cpu_to_le16(32);
	hdr->key_blob_size = cpu_to_le32(sizeof(hdr->key_blob));
	hdr->nr_chunks = cpu_to_le64(2);
	hdr->image_pages = cpu_to_le64(1);
	hdr->counter = cpu_to_le64(7);
	return hdr;
}

static void header_passes(struct kunit *test)
{
	struct hibseal_image_header *hdr = header_good(test);
	char why[HEADER_REASON_SIZE] = "";

	KUNIT_EXPECT_EQ(test, check_header(hdr, why, sizeof(why)), 0);
	KUNIT_EXPECT_STREQ(test, why, "");
	/* The other construction, the other kind of writer, the smallest blob. */
	hdr->aead = cpu_to_le16(HIBSEAL_AEAD_AES256_GCM);
	hdr->tag_size = cpu_to_le16(16);
	hdr->flags = cpu_to_le32(HIBSEAL_IMAGE_SNAPSHOT);
	hdr->key_blob_size = cpu_to_le32(1);
	KUNIT_EXPECT_EQ(test, check_header(hdr, why, sizeof(why)), 0);
}

static void header_not_sealed(struct kunit *test)
{
	struct hibseal_image_header *hdr = header_good(test);
	char why[HEADER_REASON_SIZE] = "";

	hdr->magic[0] ^= 1;
	KUNIT_EXPECT_EQ(test, check_header(hdr, why, sizeof(why)), -EINVAL);
	KUNIT_EXPECT_STREQ(test, why, "");
}

/* One field of a good header set to @value (little-endian, @size bytes): the reason expected. */
struct header_case {
	const char *name;
	size_t offset;
	size_t size;
	u64 value;
	const char *why;
};

#define HDR_AT(f)	offsetof(struct hibseal_image_header, f)
#define HDR_SIZE(f)	sizeof_field(struct hibseal_image_header, f)
#define MALFORMED	"its sealed header is malformed: "
#define NEWER_VERSION	\
	"it is in format version 3, and this kernel reads version 2 only (hibernate again with this kernel)"

static const struct header_case header_cases[] = {
	{ "version 3", HDR_AT(version), HDR_SIZE(version), 3,
	  NEWER_VERSION },
	{ "header_size 1200", HDR_AT(header_size), HDR_SIZE(header_size), 1200,
	  MALFORMED "header_size 1200, not 1208" },
	{ "aead 9", HDR_AT(aead), HDR_SIZE(aead), 9,
	  MALFORMED "construction (aead) 9 is unknown" },
	{ "aead 0", HDR_AT(aead), HDR_SIZE(aead), 0,
	  MALFORMED "construction (aead) 0 is unknown" },
	{ "tag_size 0", HDR_AT(tag_size), HDR_SIZE(tag_size), 0,
	  MALFORMED "tag_size 0, its construction uses 32" },
	{ "tag_size 16", HDR_AT(tag_size), HDR_SIZE(tag_size), 16,
	  MALFORMED "tag_size 16, its construction uses 32" },
	{ "tag_size 64", HDR_AT(tag_size), HDR_SIZE(tag_size), 64,
	  MALFORMED "tag_size 64, its construction uses 32" },
	{ "flags 0x80", HDR_AT(flags), HDR_SIZE(flags), 0x80,
	  MALFORMED "flags 0x80, unknown bits 0x80" },
	{ "flags 0x80000001", HDR_AT(flags), HDR_SIZE(flags), 0x80000001,
	  MALFORMED "flags 0x80000001, unknown bits 0x80000000" },
	{ "key_blob_size 0", HDR_AT(key_blob_size), HDR_SIZE(key_blob_size), 0,
	  MALFORMED "key_blob_size 0, not 1 to 1024" },
	{ "key_blob_size 1025", HDR_AT(key_blob_size), HDR_SIZE(key_blob_size), 1025,
	  MALFORMED "key_blob_size 1025, not 1 to 1024" },
	{ "key_blob_size 0xffffffff", HDR_AT(key_blob_size), HDR_SIZE(key_blob_size), 0xffffffff,
	  MALFORMED "key_blob_size 4294967295, not 1 to 1024" },
	{ "nr_chunks 0", HDR_AT(nr_chunks), HDR_SIZE(nr_chunks), 0,
	  MALFORMED "nr_chunks 0" },
	{ "image_pages 0", HDR_AT(image_pages), HDR_SIZE(image_pages), 0,
	  MALFORMED "image_pages 0" },
	{ "reserved1 1", HDR_AT(reserved1), HDR_SIZE(reserved1), 1,
	  MALFORMED "reserved1 0x1, not zero" },
	{ "reserved2[0] 1", HDR_AT(reserved2[0]), HDR_SIZE(reserved2[0]), 1,
	  MALFORMED "reserved2 byte 0 0x01, not zero" },
	{ "reserved2[63] 255", HDR_AT(reserved2[63]), HDR_SIZE(reserved2[63]), 255,
	  MALFORMED "reserved2 byte 63 0xff, not zero" },
};

static void header_case_desc(const struct header_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(header, header_cases, header_case_desc);

static void header_field_refused(struct kunit *test)
{
	const struct header_case *c = test->param_value;
	struct hibseal_image_header *hdr = header_good(test);
	char why[HEADER_REASON_SIZE] = "";
	__le64 value = cpu_to_le64(c->value);

	KUNIT_ASSERT_LE(test, c->size, sizeof(value));
	memcpy((u8 *)hdr + c->offset, &value, c->size);
	KUNIT_EXPECT_EQ(test, check_header(hdr, why, sizeof(why)), -EBADMSG);
	KUNIT_EXPECT_STREQ(test, why, c->why);
}

/* The longest reasons fit their buffer whole. */
static void header_reason_fits(struct kunit *test)
{
	struct hibseal_image_header *hdr = header_good(test);
	char why[HEADER_REASON_SIZE];

	hdr->version = cpu_to_le16(U16_MAX);
	KUNIT_EXPECT_EQ(test, check_header(hdr, why, sizeof(why)), -EBADMSG);
	KUNIT_EXPECT_LT(test, strlen(why), sizeof(why) - 1);
	hdr->version = cpu_to_le16(HIBSEAL_VERSION);
	hdr->flags = cpu_to_le32(U32_MAX);
	KUNIT_EXPECT_EQ(test, check_header(hdr, why, sizeof(why)), -EBADMSG);
	KUNIT_EXPECT_LT(test, strlen(why), sizeof(why) - 1);
}

static struct kunit_case hibseal_header_cases[] = {
	KUNIT_CASE(header_passes),
	KUNIT_CASE(header_not_sealed),
	KUNIT_CASE_PARAM(header_field_refused, header_gen_params),
	KUNIT_CASE(header_reason_fits),
	{}
};

static struct kunit_suite hibseal_header_suite = {
	.name = "hibseal_header",
	.test_cases = hibseal_header_cases,
};

kunit_test_suite(hibseal_header_suite);
