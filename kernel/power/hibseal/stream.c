// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: reading a sealed chunk stream back, for both readers, the swap reader
 * (kernel/power/swap.c) and the sealed /dev/snapshot protocol (snapshot.c), and the one table
 * of the reasons either refuses an image for (Documentation/power/sealed-hibernation.rst,
 * "Why an image is refused"; the errno each read or write returns is under "Errors").
 *
 * A reader takes its chunks from wherever they are stored and calls, for each:
 *
 *  - hibseal_stream_size(): how many bytes of stream the chunk takes, from its header alone;
 *  - hibseal_stream_open(): authenticate and decrypt it (in a worker thread if the reader has
 *    them: it logs nothing);
 *  - hibseal_stream_accept(): in stream order, the outcome of the open, and the chunk's tag
 *    into the image MAC.
 *
 * Chunk 0, the metadata page, goes through hibseal_stream_metadata() instead. Once the
 * snapshot is complete, hibseal_image_verify() checks the count and the image MAC. Every
 * refusal is one line, "hibseal: image refused: ...", from hibseal_refuse() here or
 * hibseal_refused_err() (sysfs.c, which keeps the first of a boot for
 * /sys/power/hibernate_seal_resume). KUnit tests: tests/stream_kunit.c, included at the end
 * of this file.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/suspend.h>

#include "hibseal_private.h"
#include "../power.h"

/**
 * struct hibseal_refusal_text - how one refusal is logged and returned
 * @what:    the reason, after "image refused: " (and "chunk N " when @chunk)
 * @chunk:   the reason names the chunk it was found in
 * @err:     what the reader returns (0: the error that caused it)
 */
struct hibseal_refusal_text {
	const char *what;
	bool chunk;
	int err;
};

static const struct hibseal_refusal_text refusals[HIBSEAL_NR_REFUSALS] = {
	[HIBSEAL_REFUSE_UNSEALED] = {
		"it is not sealed, and lockdown allows only sealed images", false, -EPERM },
	[HIBSEAL_REFUSE_CRC32] = {
		"sealed, yet its swap header asks for a CRC32", false, -EINVAL },
	[HIBSEAL_REFUSE_NO_HEADER] = {
		"sealed, but its header is missing", false, -EINVAL },
	[HIBSEAL_REFUSE_METADATA] = {
		"its metadata chunk does not authenticate", false, -EBADMSG },
	[HIBSEAL_REFUSE_METADATA_SIZE] = {
		"its metadata chunk does not describe the image its header does", false, -EBADMSG },
	[HIBSEAL_REFUSE_MALFORMED] = { "is malformed", true, -EBADMSG },
	[HIBSEAL_REFUSE_FORGED] = { "does not authenticate", true, -EBADMSG },
	[HIBSEAL_REFUSE_OPEN] = { "cannot be opened", true, 0 },
	[HIBSEAL_REFUSE_COMPRESSION] = {
		"names another compression than its image", true, -EBADMSG },
	[HIBSEAL_REFUSE_PAGES] = { "does not hold whole pages", true, -EBADMSG },
	[HIBSEAL_REFUSE_PAST_END] = { "goes past the end of the image", true, -EBADMSG },
	[HIBSEAL_REFUSE_NOT_FINAL] = {
		"it does not end with its final chunk", false, -EBADMSG },
	[HIBSEAL_REFUSE_EARLY_FINAL] = {
		"its final chunk comes before its end", false, -EBADMSG },
	[HIBSEAL_REFUSE_SHORT] = { "it ends before its final chunk", false, -EBADMSG },
	[HIBSEAL_REFUSE_TRAILING] = { "data after its final chunk", false, -EBADMSG },
	[HIBSEAL_REFUSE_HOLES] = { "its pages end before the image does", false, -EBADMSG },
	[HIBSEAL_REFUSE_LIFTED] = {
		"lockdown was lifted during the resume", false, -EPERM },
	[HIBSEAL_REFUSE_ERASE] = { "cannot erase its sealed header", false, 0 },
	[HIBSEAL_REFUSE_WINDOW] = { "the boot window could not be closed", false, 0 },
};

/**
 * hibseal_refuse() - log why an image is refused, once, and keep the reason
 * @why:   the reason
 * @index: the chunk it was found in, for the reasons that name one
 * @err:   the error behind it, logged and returned (0: the reason's own errno)
 *
 * Return: @err, or the reason's errno: -EBADMSG for anything in the stream, -EPERM and
 * -EINVAL for what the swap header says.
 */
int hibseal_refuse(enum hibseal_refusal why, u64 index, int err)
{
	const struct hibseal_refusal_text *r;

	if (WARN_ON_ONCE(why >= HIBSEAL_NR_REFUSALS))
		return -EBADMSG;
	r = &refusals[why];
	if (r->chunk && err)
		hibseal_refused_err("chunk %llu %s (%d)", index, r->what, err);
	else if (r->chunk)
		hibseal_refused_err("chunk %llu %s", index, r->what);
	else if (err)
		hibseal_refused_err("%s (%d)", r->what, err);
	else
		hibseal_refused_err("%s", r->what);
	return err ?: r->err ?: -EBADMSG;
}

/**
 * hibseal_stream_size() - the bytes a chunk takes in the stream, from its header alone
 * @img:   the image being read
 * @index: the chunk's place in the stream (for the log)
 * @chunk: at least the chunk's header
 * @size:  receives the chunk's size: header, ciphertext and tag
 *
 * Nothing in the header is trusted yet: a length outside what a chunk can hold refuses the
 * image.
 *
 * Return: 0, or -EBADMSG (logged).
 */
int hibseal_stream_size(const struct hibseal_image *img, u64 index, const u8 *chunk,
			size_t *size)
{
	u32 len;

	if (hibseal_chunk_len(&img->sealer, chunk, HIBSEAL_CHUNK_DATA_MAX, &len))
		return hibseal_refuse(HIBSEAL_REFUSE_MALFORMED, index, 0);
	*size = hibseal_chunk_size(&img->sealer, len);
	return 0;
}

/**
 * hibseal_stream_open() - authenticate and decrypt one chunk, in place
 * @img:   the image being read
 * @index: the chunk's place in the stream
 * @chunk: the whole chunk, hibseal_stream_size() bytes
 * @alg:   the compression its flags must name (HIBSEAL_CHUNK_LZO, _LZ4 or 0)
 * @len:   receives the plaintext length
 * @flags: receives its HIBSEAL_CHUNK_* flags
 *
 * Safe in worker threads, and silent: hibseal_stream_accept() logs the outcome in stream
 * order. Nothing of the chunk may be used unless this returns 0.
 *
 * Return: 0; -EBADMSG if it does not authenticate; -EILSEQ if it names another compression
 * than @alg; other -errno.
 */
int hibseal_stream_open(const struct hibseal_image *img, u64 index, u8 *chunk, u32 alg,
			u32 *len, u32 *flags)
{
	int err;

	err = hibseal_chunk_open(&img->sealer, index, chunk, HIBSEAL_CHUNK_DATA_MAX, len, flags);
	if (err)
		return err;
	if ((*flags & (HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_LZ4)) != alg)
		return -EILSEQ;
	return 0;
}

/**
 * hibseal_stream_accept() - take an opened chunk, in stream order
 * @img:    the image being read
 * @index:  the chunk's place in the stream: the next one, @img->nr_chunks
 * @opened: what hibseal_stream_open() returned for it
 * @chunk:  the chunk
 * @len:    its plaintext length
 *
 * Return: 0, its tag added to the image MAC; else the refusal (logged): -EBADMSG for a chunk
 * that does not authenticate or names another compression, the open's error otherwise.
 */
int hibseal_stream_accept(struct hibseal_image *img, u64 index, int opened, const u8 *chunk,
			  u32 len)
{
	if (WARN_ON_ONCE(index != img->nr_chunks))
		return -EBADMSG;
	if (opened == -EBADMSG)
		return hibseal_refuse(HIBSEAL_REFUSE_FORGED, index, 0);
	if (opened == -EILSEQ)
		return hibseal_refuse(HIBSEAL_REFUSE_COMPRESSION, index, 0);
	if (opened)
		return hibseal_refuse(HIBSEAL_REFUSE_OPEN, index, opened);
	return hibseal_image_add_tag(img, chunk, len);
}

/**
 * hibseal_stream_metadata() - open chunk 0, the image's metadata page
 * @img:   the image being read, no chunk taken yet
 * @chunk: the chunk, hibseal_chunk_size() of a page
 * @info:  receives the metadata page, authenticated
 *
 * The page must describe the image its header does before the snapshot core parses it.
 *
 * Return: 0; -EBADMSG (logged) if it does not authenticate or describes another image;
 * other -errno.
 */
int hibseal_stream_metadata(struct hibseal_image *img, u8 *chunk, struct swsusp_info *info)
{
	const void *page = chunk + sizeof(struct hibseal_chunk_header);
	const struct swsusp_info *meta = page;
	u32 len, flags;
	int err;

	if (WARN_ON_ONCE(img->nr_chunks))
		return -EBADMSG;
	err = hibseal_chunk_open(&img->sealer, 0, chunk, PAGE_SIZE, &len, &flags);
	if (err == -EBADMSG || (!err && (len != PAGE_SIZE || flags)))
		return hibseal_refuse(HIBSEAL_REFUSE_METADATA, 0, 0);
	if (err)
		return hibseal_refuse(HIBSEAL_REFUSE_OPEN, 0, err);
	if (meta->pages < 2 || meta->pages != le64_to_cpu(img->hdr.image_pages))
		return hibseal_refuse(HIBSEAL_REFUSE_METADATA_SIZE, 0, 0);
	err = hibseal_image_add_tag(img, chunk, len);
	if (!err)
		memcpy(info, page, PAGE_SIZE);
	return err;
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/stream_kunit.c"
#endif
