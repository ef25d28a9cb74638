// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: the swap image's chunks, as kernel/power/swap.c hands them to its
 * compression and decompression threads (Documentation/power/sealed-hibernation.rst, "The
 * image on swap").
 *
 * swap.c keeps its threads, its I/O and its plain image format; for a sealed image it calls
 * in here at a few points, the way a filesystem calls fs-verity:
 *
 *  - hibseal_swap_create() and hibseal_swap_open() start the image, hibseal_swap_end() ends
 *    it;
 *  - hibseal_chunk_init() gives each thread its work item, hibseal_chunk_next() numbers a
 *    chunk as it is handed to the thread;
 *  - in the thread, hibseal_chunk_seal_data() compresses (or copies) and seals a chunk, and
 *    hibseal_chunk_open_data() authenticates, decrypts and decompresses one;
 *  - back in stream order, hibseal_chunk_written() and hibseal_chunk_loaded() take it into
 *    the image MAC, and hibseal_chunk_complete() and hibseal_chunk_more() check that the
 *    final chunk, and only it, ends the snapshot.
 *
 * A work item of a plain image has no image: then every call here but the first two does
 * nothing and returns 0, so swap.c makes the calls for both kinds of image. KUnit tests:
 * tests/chunks_kunit.c, included at the end of this file.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/crypto.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/suspend.h>

#include "hibseal_private.h"
#include "../power.h"

/* The chunk flags that name a compression: what the image's swap header flags say. */
static u32 swap_chunk_alg(unsigned int swsusp_flags)
{
	if (swsusp_flags & SF_NOCOMPRESS_MODE)
		return 0;
	return swsusp_flags & SF_COMPRESSION_ALG_LZ4 ? HIBSEAL_CHUNK_LZ4 : HIBSEAL_CHUNK_LZO;
}

/**
 * hibseal_swap_create() - start writing a sealed swap image, if @swsusp_flags ask for one
 * @imgp:         receives the image, or NULL when SF_SEALED is not set
 * @swsusp_flags: the SF_* flags the swap header will carry
 *
 * Return: 0, or -errno (logged).
 */
int hibseal_swap_create(struct hibseal_image **imgp, unsigned int swsusp_flags)
{
	struct hibseal_image *img;
	int err;

	*imgp = NULL;
	if (!(swsusp_flags & SF_SEALED))
		return 0;
	img = kzalloc(sizeof(*img), GFP_KERNEL);
	err = img ? hibseal_image_create(img, 0) : -ENOMEM;
	if (err) {
		pr_err("cannot start a sealed image (%d)\n", err);
		kfree(img);
		return err;
	}
	img->chunk_alg = swap_chunk_alg(swsusp_flags);
	*imgp = img;
	return 0;
}

/**
 * hibseal_swap_open() - start reading a sealed swap image, inside the boot window
 * @imgp:         receives the image
 * @hdr:          its header, as read from swap
 * @swsusp_flags: the SF_* flags of its swap header (authenticated by the image MAC at the end)
 *
 * Return: 0, or the refusal or error (hibseal_image_open() logs why).
 */
int hibseal_swap_open(struct hibseal_image **imgp, const struct hibseal_image_header *hdr,
		      unsigned int swsusp_flags)
{
	struct hibseal_image *img;
	int err;

	*imgp = NULL;
	img = kzalloc(sizeof(*img), GFP_KERNEL);
	err = img ? hibseal_image_open(img, hdr, 0) : -ENOMEM;
	if (err) {
		kfree(img);
		return err;
	}
	img->chunk_alg = swap_chunk_alg(swsusp_flags);
	*imgp = img;
	return 0;
}

/**
 * hibseal_swap_end() - end a sealed swap image, written or read, and forget its keys
 * @imgp: the image; NULL is allowed, and *@imgp is NULL afterwards
 */
void hibseal_swap_end(struct hibseal_image **imgp)
{
	if (!*imgp)
		return;
	hibseal_image_destroy(*imgp);
	kfree_sensitive(*imgp);
	*imgp = NULL;
}

/**
 * hibseal_chunk_init() - a thread's work item, for the image being written or read
 * @w:   the work item
 * @img: the sealed image, or NULL for a plain one
 */
void hibseal_chunk_init(struct hibseal_chunk_work *w, struct hibseal_image *img)
{
	memset(w, 0, sizeof(*w));
	w->img = img;
}

/**
 * hibseal_chunk_compressed() - whether the thread needs a compressor
 * @w: its work item
 *
 * Return: true for a plain image, and for a sealed one unless it is stored uncompressed.
 */
bool hibseal_chunk_compressed(const struct hibseal_chunk_work *w)
{
	return !w->img || w->img->chunk_alg;
}

/**
 * hibseal_chunk_next() - number the chunk a thread is about to be given
 * @w:     the thread's work item
 * @final: writing: it is the last chunk of the image
 *
 * Chunks are numbered in stream order as they are handed out: the image counts those it has
 * taken back (hibseal_chunk_written(), hibseal_chunk_loaded()) and those still in threads.
 */
void hibseal_chunk_next(struct hibseal_chunk_work *w, bool final)
{
	struct hibseal_image *img = w->img;

	if (!img)
		return;
	w->index = img->nr_chunks + img->in_threads++;
	w->flags = img->chunk_alg | (final ? HIBSEAL_CHUNK_FINAL : 0);
	w->opened = -EINPROGRESS;
}

/* Back in stream order: the next chunk the image expects is this one. */
static int chunk_taken(struct hibseal_chunk_work *w)
{
	struct hibseal_image *img = w->img;

	if (WARN_ON_ONCE(!img->in_threads || w->index != img->nr_chunks))
		return -EBADMSG;
	img->in_threads--;
	return 0;
}

/**
 * hibseal_chunk_seal_data() - compress (or copy) and seal one chunk, in a worker thread
 * @w:       the thread's work item, numbered
 * @cc:      the thread's compressor (NULL when the image is stored uncompressed)
 * @data:    the pages
 * @len:     their bytes
 * @chunk:   the buffer the chunk is made in
 * @size:    its bytes (at least HIBSEAL_CHUNK_DATA_MAX plus a chunk header and a tag)
 * @payload: receives the compressed (or copied) length, as the writer counts it
 * @bytes:   receives the bytes the chunk takes in the stream
 *
 * Return: 0, or -errno (logged).
 */
int hibseal_chunk_seal_data(struct hibseal_chunk_work *w, struct crypto_comp *cc,
			    const u8 *data, unsigned int len, u8 *chunk, size_t size,
			    size_t *payload, size_t *bytes)
{
	const size_t hdr = sizeof(struct hibseal_chunk_header);
	unsigned int out = size - hdr - HIBSEAL_TAG_MAX;
	u64 start;
	int err;

	if (WARN_ON_ONCE(size < hdr + HIBSEAL_TAG_MAX + HIBSEAL_CHUNK_DATA_MAX))
		return -EINVAL;
	if (w->img->chunk_alg) {
		err = crypto_comp_compress(cc, data, len, chunk + hdr, &out);
		*payload = err ? 0 : out;
		if (err)
			return err;
	} else {
		memcpy(chunk + hdr, data, len);
		out = len;
	}
	*payload = out;
	*bytes = hibseal_chunk_size(&w->img->sealer, out);
	start = ktime_get_ns();
	err = hibseal_chunk_seal(&w->img->sealer, w->index, w->flags, chunk, out);
	w->ns += ktime_get_ns() - start;
	if (err)
		pr_err("sealing image chunk %llu failed (%d)\n", w->index, err);
	return err;
}

/**
 * hibseal_chunk_written() - a sealed chunk back from its thread, in stream order
 * @w:       the thread's work item
 * @chunk:   the chunk hibseal_chunk_seal_data() made
 * @payload: its compressed (or copied) length
 *
 * Return: 0, its tag added to the image MAC (or a plain image), or -errno.
 */
int hibseal_chunk_written(struct hibseal_chunk_work *w, const u8 *chunk, size_t payload)
{
	if (!w->img)
		return 0;
	return chunk_taken(w) ?: hibseal_image_add_tag(w->img, chunk, payload);
}

/**
 * hibseal_chunk_peek() - the bytes the reader must gather for the next chunk
 * @img:   the image being read
 * @chunk: at least the chunk's header
 * @bytes: receives its size in the stream
 *
 * Return: 0, or -EBADMSG (logged) for a length no chunk can have.
 */
int hibseal_chunk_peek(const struct hibseal_image *img, const u8 *chunk, size_t *bytes)
{
	return hibseal_stream_size(img, img->nr_chunks + img->in_threads, chunk, bytes);
}

/**
 * hibseal_chunk_open_data() - authenticate, decrypt and decompress one chunk, in a thread
 * @w:     the thread's work item, numbered
 * @cc:    the thread's decompressor (NULL when the image is stored uncompressed)
 * @chunk: the whole chunk, as hibseal_chunk_peek() sized it; decrypted in place
 * @data:  receives the pages
 * @len:   receives their bytes (0 unless the chunk opened)
 *
 * Silent, and nothing of the chunk reaches @data before its tag is checked, and then only
 * through the compression the image's swap header names; hibseal_chunk_loaded() gives the
 * verdict in stream order.
 *
 * Return: 0, or -errno.
 */
int hibseal_chunk_open_data(struct hibseal_chunk_work *w, struct crypto_comp *cc, u8 *chunk,
			    u8 *data, size_t *len)
{
	const size_t hdr = sizeof(struct hibseal_chunk_header);
	unsigned int out = HIBSEAL_CHUNK_PAGES * PAGE_SIZE;
	u64 start = ktime_get_ns();
	int err;

	*len = 0;
	w->opened = hibseal_stream_open(w->img, w->index, chunk, w->img->chunk_alg, &w->len,
					&w->flags);
	w->ns += ktime_get_ns() - start;
	if (w->opened)
		return w->opened;
	if (w->img->chunk_alg) {
		err = crypto_comp_decompress(cc, chunk + hdr, w->len, data, &out);
		if (err)
			return err;
	} else {
		if (w->len > out)
			return -EBADMSG;
		memcpy(data, chunk + hdr, w->len);
		out = w->len;
	}
	*len = out;
	return 0;
}

/**
 * hibseal_chunk_loaded() - a chunk back from its thread, in stream order
 * @w:     the thread's work item
 * @chunk: the chunk
 * @ret:   what hibseal_chunk_open_data() returned
 * @len:   the bytes of pages it gave
 *
 * Return: 0 (or a plain image), its tag in the image MAC; else the refusal (logged): it does
 * not authenticate, names another compression, or does not hold whole pages.
 */
int hibseal_chunk_loaded(struct hibseal_chunk_work *w, const u8 *chunk, int ret, size_t len)
{
	int err;

	if (!w->img)
		return 0;
	err = chunk_taken(w) ?: hibseal_stream_accept(w->img, w->index, w->opened, chunk, w->len);
	if (!err && (ret < 0 || !len || len > HIBSEAL_CHUNK_PAGES * PAGE_SIZE ||
		     len & (PAGE_SIZE - 1)))
		err = hibseal_refuse(HIBSEAL_REFUSE_PAGES, w->index, 0);
	return err;
}

/**
 * hibseal_chunk_complete() - the snapshot is complete, at a page of this chunk
 * @w:      the work item of the chunk whose page completed it
 * @at_end: that page is the last of the last chunk handed out
 *
 * Return: 0 (or a plain image) if the final chunk ends there, else the refusal (logged).
 */
int hibseal_chunk_complete(const struct hibseal_chunk_work *w, bool at_end)
{
	if (!w->img || (at_end && (w->flags & HIBSEAL_CHUNK_FINAL)))
		return 0;
	return hibseal_refuse(HIBSEAL_REFUSE_NOT_FINAL, w->index, 0);
}

/**
 * hibseal_chunk_more() - every page of this chunk is restored, and the snapshot wants more
 * @w: its work item
 *
 * Return: 0 (or a plain image), or the refusal (logged) if it was the final chunk.
 */
int hibseal_chunk_more(const struct hibseal_chunk_work *w)
{
	if (!w->img || !(w->flags & HIBSEAL_CHUNK_FINAL))
		return 0;
	return hibseal_refuse(HIBSEAL_REFUSE_EARLY_FINAL, w->index, 0);
}

/**
 * hibseal_swap_short() - the swap reader ran out of image
 * @img: the image being read, or NULL for a plain one
 * @err: what a plain image's reader returns
 *
 * Return: @err for a plain image, else the refusal (logged).
 */
int hibseal_swap_short(const struct hibseal_image *img, int err)
{
	return img ? hibseal_refuse(HIBSEAL_REFUSE_SHORT, 0, 0) : err;
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/chunks_kunit.c"
#endif
