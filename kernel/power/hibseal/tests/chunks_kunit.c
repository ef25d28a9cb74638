// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the swap image's sealed chunks (chunks.c, which includes this file at its
 * end), as swap.c's threads use them: a chunk sealed by the writer's calls opens through the
 * reader's, stored and LZO-compressed; a changed byte or another compression is refused before
 * anything reaches the pages; chunks are numbered in the order they are handed out; only the
 * final chunk may end the snapshot; and for a plain image every call does nothing.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

#include "image_kunit.h"

#define CHUNK_DATA	(2 * PAGE_SIZE)
#define CHUNK_BUF	(sizeof(struct hibseal_chunk_header) + HIBSEAL_TAG_MAX + \
			 HIBSEAL_CHUNK_DATA_MAX)

/* Two pages that compress: a counting pattern, then a repeated byte. */
static u8 *chunk_pages(struct kunit *test)
{
	u8 *data = kunit_kzalloc(test, CHUNK_DATA, GFP_KERNEL);
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, data);
	for (i = 0; i < PAGE_SIZE; i++)
		data[i] = i * 7;
	memset(data + PAGE_SIZE, 0x6b, PAGE_SIZE);
	return data;
}

static u8 *chunk_buf(struct kunit *test)
{
	u8 *buf = kunit_kzalloc(test, CHUNK_BUF, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return buf;
}

/*
 * The writer's side of one chunk, as swap.c calls it: numbered, made and sealed, taken back.
 * Returns the chunk; @bytes receives its size in the stream.
 */
static u8 *write_chunk(struct kunit *test, struct hibseal_image *img, struct crypto_comp *cc,
		       const u8 *data, bool final, size_t *bytes)
{
	struct hibseal_chunk_work w;
	size_t payload = 0;
	u8 *chunk = chunk_buf(test);

	hibseal_chunk_init(&w, img);
	hibseal_chunk_next(&w, final);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_seal_data(&w, cc, data, CHUNK_DATA, chunk, CHUNK_BUF,
						      &payload, bytes), 0);
	KUNIT_EXPECT_EQ(test, *bytes, hibseal_chunk_size(&img->sealer, payload));
	KUNIT_EXPECT_EQ(test, hibseal_chunk_written(&w, chunk, payload), 0);
	return chunk;
}

/* The reader's side: sized, numbered, opened, taken back; returns what loaded said. */
static int read_chunk(struct kunit *test, struct hibseal_image *img, struct crypto_comp *cc,
		      u8 *chunk, u8 *out, size_t *len, struct hibseal_chunk_work *w)
{
	size_t bytes = 0;
	int ret;

	hibseal_chunk_init(w, img);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_peek(img, chunk, &bytes), 0);
	hibseal_chunk_next(w, false);
	ret = hibseal_chunk_open_data(w, cc, chunk, out, len);
	return hibseal_chunk_loaded(w, chunk, ret, *len);
}

static void chunk_round_trip(struct kunit *test, u32 alg, struct crypto_comp *cc)
{
	struct hibseal_image *wimg = test_image(test), *rimg = test_image(test);
	struct hibseal_chunk_work w;
	u8 *data = chunk_pages(test), *out = chunk_buf(test), *chunk;
	size_t bytes = 0, len = 0;

	wimg->chunk_alg = alg;
	rimg->chunk_alg = alg;
	wimg->nr_chunks = 1;	/* chunk 0, the metadata page, already taken */
	rimg->nr_chunks = 1;
	chunk = write_chunk(test, wimg, cc, data, true, &bytes);
	KUNIT_EXPECT_EQ(test, wimg->nr_chunks, 2);
	if (alg)
		KUNIT_EXPECT_LT(test, bytes, (size_t)CHUNK_DATA);
	KUNIT_EXPECT_EQ(test, read_chunk(test, rimg, cc, chunk, out, &len, &w), 0);
	KUNIT_EXPECT_EQ(test, w.index, 1);
	KUNIT_EXPECT_EQ(test, rimg->nr_chunks, 2);
	KUNIT_EXPECT_EQ(test, len, (size_t)CHUNK_DATA);
	KUNIT_EXPECT_EQ(test, memcmp(out, data, CHUNK_DATA), 0);
	/* The final chunk may end the snapshot at its last page, and nowhere else. */
	KUNIT_EXPECT_EQ(test, hibseal_chunk_complete(&w, true), 0);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_complete(&w, false), -EBADMSG);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_more(&w), -EBADMSG);
	test_image_destroy(wimg);
	test_image_destroy(rimg);
}

static void chunk_stored_round_trip(struct kunit *test)
{
	chunk_round_trip(test, 0, NULL);
}

static void chunk_lzo_round_trip(struct kunit *test)
{
	struct crypto_comp *cc;

	if (crypto_has_comp("lzo", 0, 0) != 1)
		kunit_skip(test, "no lzo compressor in this kernel");
	cc = crypto_alloc_comp("lzo", 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(cc));
	chunk_round_trip(test, HIBSEAL_CHUNK_LZO, cc);
	crypto_free_comp(cc);
}

/* A changed byte, or a chunk that names another compression, never reaches the pages. */
static void chunk_refused_before_use(struct kunit *test)
{
	struct hibseal_image *wimg = test_image(test), *rimg = test_image(test);
	struct hibseal_chunk_work w;
	u8 *data = chunk_pages(test), *out = chunk_buf(test), *chunk, *copy;
	size_t bytes = 0, len = 0;

	chunk = write_chunk(test, wimg, NULL, data, false, &bytes);
	copy = kunit_kmalloc(test, bytes, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	memcpy(copy, chunk, bytes);

	chunk[sizeof(struct hibseal_chunk_header) + 100] ^= 0x01;
	KUNIT_EXPECT_EQ(test, read_chunk(test, rimg, NULL, chunk, out, &len, &w), -EBADMSG);
	KUNIT_EXPECT_EQ(test, len, 0);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(out, 0, CHUNK_BUF));
	KUNIT_EXPECT_EQ(test, rimg->nr_chunks, 0);

	/* Authentic, stored, but the reader's swap header says LZO. */
	test_image_destroy(rimg);
	rimg = test_image(test);
	rimg->chunk_alg = HIBSEAL_CHUNK_LZO;
	KUNIT_EXPECT_EQ(test, read_chunk(test, rimg, NULL, copy, out, &len, &w), -EBADMSG);
	KUNIT_EXPECT_EQ(test, len, 0);
	KUNIT_EXPECT_EQ(test, rimg->nr_chunks, 0);
	test_image_destroy(wimg);
	test_image_destroy(rimg);
}

/* Chunks in threads take the numbers after those taken back, in the order handed out. */
static void chunk_numbering(struct kunit *test)
{
	struct hibseal_image *img = test_image(test);
	struct hibseal_chunk_work a, b;
	u8 *data = chunk_pages(test), *ca = chunk_buf(test), *cb = chunk_buf(test);
	size_t pa = 0, pb = 0, bytes;

	img->nr_chunks = 1;
	hibseal_chunk_init(&a, img);
	hibseal_chunk_init(&b, img);
	hibseal_chunk_next(&a, false);
	hibseal_chunk_next(&b, true);
	KUNIT_EXPECT_EQ(test, a.index, 1);
	KUNIT_EXPECT_EQ(test, b.index, 2);
	KUNIT_EXPECT_EQ(test, img->in_threads, 2);
	KUNIT_EXPECT_EQ(test, b.flags, HIBSEAL_CHUNK_FINAL);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_seal_data(&b, NULL, data, CHUNK_DATA, cb, CHUNK_BUF,
						      &pb, &bytes), 0);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_seal_data(&a, NULL, data, CHUNK_DATA, ca, CHUNK_BUF,
						      &pa, &bytes), 0);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_written(&a, ca, pa), 0);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_written(&b, cb, pb), 0);
	KUNIT_EXPECT_EQ(test, img->nr_chunks, 3);
	KUNIT_EXPECT_EQ(test, img->in_threads, 0);
	/* A chunk that is not the final one must not end the snapshot, and may be followed. */
	KUNIT_EXPECT_EQ(test, hibseal_chunk_complete(&a, true), -EBADMSG);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_more(&a), 0);
	test_image_destroy(img);
}

/* A plain image's work item: nothing to do, and the plain reader's own error comes back. */
static void chunk_plain_image(struct kunit *test)
{
	struct hibseal_chunk_work w;
	u8 *chunk = chunk_buf(test);

	hibseal_chunk_init(&w, NULL);
	hibseal_chunk_next(&w, true);
	KUNIT_EXPECT_TRUE(test, hibseal_chunk_compressed(&w));
	KUNIT_EXPECT_EQ(test, hibseal_chunk_written(&w, chunk, 0), 0);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_loaded(&w, chunk, -EINVAL, 0), 0);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_complete(&w, false), 0);
	KUNIT_EXPECT_EQ(test, hibseal_chunk_more(&w), 0);
	KUNIT_EXPECT_EQ(test, hibseal_swap_short(NULL, -ENODATA), -ENODATA);
	KUNIT_EXPECT_EQ(test, swap_chunk_alg(SF_NOCOMPRESS_MODE), 0);
	KUNIT_EXPECT_EQ(test, swap_chunk_alg(SF_CRC32_MODE | SF_COMPRESSION_ALG_LZ4),
			HIBSEAL_CHUNK_LZ4);
	KUNIT_EXPECT_EQ(test, swap_chunk_alg(SF_SEALED), HIBSEAL_CHUNK_LZO);
}

static struct kunit_case hibseal_chunks_cases[] = {
	KUNIT_CASE(chunk_stored_round_trip),
	KUNIT_CASE(chunk_lzo_round_trip),
	KUNIT_CASE(chunk_refused_before_use),
	KUNIT_CASE(chunk_numbering),
	KUNIT_CASE(chunk_plain_image),
	{}
};

static struct kunit_suite hibseal_chunks_suite = {
	.name = "hibseal_chunks",
	.test_cases = hibseal_chunks_cases,
};

kunit_test_suite(hibseal_chunks_suite);
