// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the sealed chunk-stream reader (stream.c, which includes this file at its end
 * so that the refusal table can be checked): every reason has its line and errno, a chunk
 * must name its image's compression, the outcome of an open maps to the right refusal and a
 * refused chunk adds nothing to the image, chunk 0 must describe the image its header does.
 * The refusals the cases stage are logged as the readers would log them.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

#include "image_kunit.h"

#define STREAM_LEN	64

/* @len bytes of @fill sealed at @index with @flags. */
static u8 *stream_chunk(struct kunit *test, struct hibseal_image *img, u64 index, u32 flags,
			u32 len, u8 fill)
{
	u8 *chunk = kunit_kzalloc(test, hibseal_chunk_size(&img->sealer, len), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, chunk);
	memset(chunk + sizeof(struct hibseal_chunk_header), fill, len);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_seal(&img->sealer, index, flags, chunk, len), 0);
	return chunk;
}

static u8 *stream_copy(struct kunit *test, struct hibseal_image *img, const u8 *chunk, u32 len)
{
	size_t size = hibseal_chunk_size(&img->sealer, len);
	u8 *copy = kunit_kmalloc(test, size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, copy);
	memcpy(copy, chunk, size);
	return copy;
}

/* hibseal_stream_open() of a fresh copy of @chunk (an open decrypts in place). */
static int open_copy(struct kunit *test, struct hibseal_image *img, u64 index, const u8 *chunk,
		     u32 alg, u32 *len, u32 *flags)
{
	return hibseal_stream_open(img, index, stream_copy(test, img, chunk, STREAM_LEN), alg,
				   len, flags);
}

/* hibseal_stream_metadata() of a fresh copy of a metadata @chunk. */
static int metadata_copy(struct kunit *test, struct hibseal_image *img, const u8 *chunk,
			 struct swsusp_info *out)
{
	return hibseal_stream_metadata(img, stream_copy(test, img, chunk, PAGE_SIZE), out);
}

static void refusal_table_complete(struct kunit *test)
{
	int why;

	for (why = 0; why < HIBSEAL_NR_REFUSALS; why++) {
		KUNIT_EXPECT_NOT_NULL_MSG(test, refusals[why].what, "reason %d has no line", why);
		if (refusals[why].what)
			KUNIT_EXPECT_GT_MSG(test, strlen(refusals[why].what), 0, "reason %d", why);
		KUNIT_EXPECT_LE_MSG(test, refusals[why].err, 0, "reason %d", why);
	}
	/* The stream's own reasons are EBADMSG, as the /dev/snapshot ABI documents them. */
	KUNIT_EXPECT_EQ(test, refusals[HIBSEAL_REFUSE_FORGED].err, -EBADMSG);
	KUNIT_EXPECT_EQ(test, refusals[HIBSEAL_REFUSE_SHORT].err, -EBADMSG);
	KUNIT_EXPECT_EQ(test, refusals[HIBSEAL_REFUSE_UNSEALED].err, -EPERM);
	/* One whose errno is the cause's returns the cause. */
	KUNIT_EXPECT_EQ(test, hibseal_refuse(HIBSEAL_REFUSE_OPEN, 7, -ENOMEM), -ENOMEM);
}

static void stream_size_bounds(struct kunit *test)
{
	struct hibseal_image *img;
	struct hibseal_chunk_header *hdr;
	size_t size = 0;
	u8 *chunk;

	img = test_image(test);
	chunk = stream_chunk(test, img, 1, HIBSEAL_CHUNK_LZO, STREAM_LEN, 0x5a);
	KUNIT_EXPECT_EQ(test, hibseal_stream_size(img, 1, chunk, &size), 0);
	KUNIT_EXPECT_EQ(test, size, hibseal_chunk_size(&img->sealer, STREAM_LEN));
	hdr = (struct hibseal_chunk_header *)chunk;
	hdr->len = cpu_to_le32(HIBSEAL_CHUNK_DATA_MAX);
	KUNIT_EXPECT_EQ(test, hibseal_stream_size(img, 1, chunk, &size), 0);
	hdr->len = cpu_to_le32(HIBSEAL_CHUNK_DATA_MAX + 1);
	KUNIT_EXPECT_EQ(test, hibseal_stream_size(img, 1, chunk, &size), -EBADMSG);
	hdr->len = 0;
	KUNIT_EXPECT_EQ(test, hibseal_stream_size(img, 1, chunk, &size), -EBADMSG);
	test_image_destroy(img);
}

static void stream_open_names_compression(struct kunit *test)
{
	struct hibseal_image *img;
	u32 len = 0, flags = 0;
	u8 *chunk;

	img = test_image(test);
	chunk = stream_chunk(test, img, 3, HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_FINAL, STREAM_LEN,
			     0x33);
	KUNIT_EXPECT_EQ(test, open_copy(test, img, 3, chunk, HIBSEAL_CHUNK_LZO, &len, &flags), 0);
	KUNIT_EXPECT_EQ(test, len, STREAM_LEN);
	KUNIT_EXPECT_EQ(test, flags, HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_FINAL);
	/* Authentic, but not the image's compression. */
	KUNIT_EXPECT_EQ(test, open_copy(test, img, 3, chunk, HIBSEAL_CHUNK_LZ4, &len, &flags),
			-EILSEQ);
	KUNIT_EXPECT_EQ(test, open_copy(test, img, 3, chunk, 0, &len, &flags), -EILSEQ);
	/* Another place in the stream. */
	KUNIT_EXPECT_EQ(test, open_copy(test, img, 4, chunk, HIBSEAL_CHUNK_LZO, &len, &flags),
			-EBADMSG);
	test_image_destroy(img);
}

static void stream_accept_outcomes(struct kunit *test)
{
	struct hibseal_image *img;
	u32 len = 0, flags = 0;
	u8 *chunk;

	img = test_image(test);
	chunk = stream_chunk(test, img, 0, HIBSEAL_CHUNK_LZO, STREAM_LEN, 0x11);
	/* A refused open is refused in stream order and adds nothing to the image. */
	KUNIT_EXPECT_EQ(test, hibseal_stream_accept(img, 0, -EBADMSG, chunk, STREAM_LEN),
			-EBADMSG);
	KUNIT_EXPECT_EQ(test, hibseal_stream_accept(img, 0, -EILSEQ, chunk, STREAM_LEN),
			-EBADMSG);
	KUNIT_EXPECT_EQ(test, hibseal_stream_accept(img, 0, -ENOMEM, chunk, STREAM_LEN),
			-ENOMEM);
	KUNIT_EXPECT_EQ(test, img->nr_chunks, 0);
	KUNIT_ASSERT_EQ(test, hibseal_stream_open(img, 0, chunk, HIBSEAL_CHUNK_LZO, &len,
						  &flags), 0);
	KUNIT_EXPECT_EQ(test, hibseal_stream_accept(img, 0, 0, chunk, len), 0);
	KUNIT_EXPECT_EQ(test, img->nr_chunks, 1);
	test_image_destroy(img);
}

static void stream_metadata_describes_image(struct kunit *test)
{
	struct swsusp_info *info, *out;
	struct hibseal_image *img;
	u8 *chunk, *lzo;

	info = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	out = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, info);
	KUNIT_ASSERT_NOT_NULL(test, out);
	img = test_image(test);
	chunk = stream_chunk(test, img, 0, 0, PAGE_SIZE, 0);
	info->pages = 5;
	memcpy(chunk + sizeof(struct hibseal_chunk_header), info, PAGE_SIZE);
	KUNIT_ASSERT_EQ(test, hibseal_chunk_seal(&img->sealer, 0, 0, chunk, PAGE_SIZE), 0);
	lzo = stream_chunk(test, img, 0, HIBSEAL_CHUNK_LZO, PAGE_SIZE, 0);

	/* The header counts other pages than the metadata chunk does. */
	img->hdr.image_pages = cpu_to_le64(6);
	KUNIT_EXPECT_EQ(test, metadata_copy(test, img, chunk, out),
			-EBADMSG);
	/* A chunk 0 that names a compression is not a metadata page. */
	img->hdr.image_pages = cpu_to_le64(5);
	KUNIT_EXPECT_EQ(test, hibseal_stream_metadata(img, lzo, out), -EBADMSG);
	KUNIT_EXPECT_EQ(test, img->nr_chunks, 0);
	KUNIT_EXPECT_EQ(test, metadata_copy(test, img, chunk, out), 0);
	KUNIT_EXPECT_EQ(test, out->pages, 5);
	KUNIT_EXPECT_EQ(test, img->nr_chunks, 1);
	test_image_destroy(img);
}

static struct kunit_case hibseal_stream_cases[] = {
	KUNIT_CASE(refusal_table_complete),
	KUNIT_CASE(stream_size_bounds),
	KUNIT_CASE(stream_open_names_compression),
	KUNIT_CASE(stream_accept_outcomes),
	KUNIT_CASE(stream_metadata_describes_image),
	{}
};

static struct kunit_suite hibseal_stream_suite = {
	.name = "hibseal_stream",
	.test_cases = hibseal_stream_cases,
};

kunit_test_suite(hibseal_stream_suite);
