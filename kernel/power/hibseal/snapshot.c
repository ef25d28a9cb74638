// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation through /dev/snapshot: the sealed uswsusp protocol ("The sealed
 * /dev/snapshot protocol" in Documentation/power/sealed-hibernation.rst; the ABI is in
 * include/uapi/linux/hibseal.h).
 *
 * Userspace never sees a page of the image. Hibernating, read() hands out the sealed chunk
 * stream: chunk 0 is the metadata page sealed alone, then LZO-compressed units of up to
 * HIBSEAL_CHUNK_PAGES pages, each sealed, the last one marked final; SNAPSHOT_SEAL_INFO then
 * gives the image header. Resuming, SNAPSHOT_SEAL takes that header (its key is the one the
 * boot window unsealed from the EFI copy of the blob), and write() takes the stream back
 * through the reader the swap reader uses too (stream.c): each chunk is authenticated before
 * it is decompressed or copied into the image, and the chunk count and image MAC are checked
 * once the snapshot is complete. SNAPSHOT_ATOMIC_RESTORE is refused
 * unless all of that passed. Any refusal is final for the descriptor.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/kernel.h>
#include <linux/lzo.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "hibseal_private.h"
#include "../power.h"

/* The stream is the swap writer's: LZO units of HIBSEAL_CHUNK_PAGES pages. */
#define HIBSEAL_UNC_SIZE	(HIBSEAL_CHUNK_PAGES * PAGE_SIZE)
#define HIBSEAL_RECORD_MAX	(sizeof(struct hibseal_chunk_header) + HIBSEAL_CHUNK_DATA_MAX + \
				 HIBSEAL_TAG_MAX)

/**
 * struct hibseal_snapshot - the sealed protocol on one /dev/snapshot descriptor
 * @resume:      opened for writing: the stream comes back
 * @img:         the image's keys, MAC and header
 * @started:     hibernating: the image was created (keys drawn)
 * @finished:    the final chunk was sealed (hibernating) or opened (resuming)
 * @verified:    resuming: every chunk, the count and the image MAC checked
 * @error:       the stream failed or was refused: returned by every later call
 * @rec:         the record (chunk) being handed out or taken back
 * @rec_len:     its bytes (hibernating) or the bytes received (resuming)
 * @rec_pos:     hibernating: bytes of it read already
 * @rec_need:    resuming: its full size, once its header is in (0 before)
 * @unc:         one unit of plaintext pages
 * @wrk:         LZO compression workspace (hibernating)
 * @image_pages: pages of the snapshot, the metadata page included
 * @pages_done:  data pages through the stream so far
 * @stream_bytes: bytes of stream read or written
 * @nr_chunks:   chunks handed out or taken back when the stream failed
 * @hdr:         hibernating: the finished image header
 */
struct hibseal_snapshot {
	bool resume;
	struct hibseal_image img;
	bool started;
	bool finished;
	bool verified;
	int error;
	u8 *rec;
	size_t rec_len;
	size_t rec_pos;
	size_t rec_need;
	u8 *unc;
	void *wrk;
	unsigned long image_pages;
	unsigned long pages_done;
	u64 stream_bytes;
	u64 nr_chunks;
	struct hibseal_image_header hdr;
};

static void snapshot_wipe(struct hibseal_snapshot *s)
{
	if (s->rec)
		memzero_explicit(s->rec, HIBSEAL_RECORD_MAX);
	if (s->unc)
		memzero_explicit(s->unc, HIBSEAL_UNC_SIZE);
}

/* The stream is over for this descriptor: remember why, and wipe what it held. */
static int snapshot_fail(struct hibseal_snapshot *s, int err)
{
	s->error = err;
	s->nr_chunks = s->img.nr_chunks;
	snapshot_wipe(s);
	hibseal_image_destroy(&s->img);
	return err;
}

/**
 * hibseal_snapshot_end() - SNAPSHOT_FREE: the image is gone, so is its stream
 * @s: the descriptor's sealed state, or NULL
 *
 * The descriptor stays sealed (so that SNAPSHOT_UNFREEZE and the rest still work under
 * lockdown) but makes no other image: read() and write() return -ECANCELED from now on.
 */
void hibseal_snapshot_end(struct hibseal_snapshot *s)
{
	if (s && !s->error)
		snapshot_fail(s, -ECANCELED);
}

/**
 * hibseal_snapshot_used() - whether the descriptor's one image has been started
 * @s: the descriptor's sealed state, or NULL
 *
 * Return: true once an image was created (hibernating) or a header taken (resuming), or the
 * stream ended: SNAPSHOT_CREATE_IMAGE may not make another.
 */
bool hibseal_snapshot_used(const struct hibseal_snapshot *s)
{
	return s && (s->started || s->error);
}

/**
 * hibseal_snapshot_free() - end the sealed protocol on a descriptor
 * @s: its state, or NULL
 */
void hibseal_snapshot_free(struct hibseal_snapshot *s)
{
	if (!s)
		return;
	snapshot_wipe(s);
	hibseal_image_destroy(&s->img);
	vfree(s->rec);
	vfree(s->unc);
	vfree(s->wrk);
	kfree_sensitive(s);
}

static int seal_args(const struct hibseal_snapshot_seal *req, bool resume)
{
	if (req->version != HIBSEAL_SNAPSHOT_VERSION || req->size != sizeof(*req) ||
	    req->flags || memchr_inv(req->reserved, 0, sizeof(req->reserved)))
		return -EINVAL;
	/* Hibernating there is no header yet: the field must be zero. */
	if (!resume && memchr_inv(&req->header, 0, sizeof(req->header)))
		return -EINVAL;
	return 0;
}

/**
 * hibseal_snapshot_seal() - SNAPSHOT_SEAL: switch a descriptor to the sealed protocol
 * @sp:     where the descriptor's state goes; must be NULL (once per descriptor)
 * @resume: the descriptor was opened for writing
 * @arg:    struct hibseal_snapshot_seal, from userspace
 *
 * Resuming, the image header is checked and its key taken now, so that a foreign, stale or
 * malformed image is refused before a byte of its stream is written.
 *
 * Return: 0; -EBUSY if already sealed or the image is already being made or loaded; -EFAULT;
 * -EINVAL for a malformed argument or a header that is not a sealed image header; -EPERM if
 * sealing is unavailable (hibernating); -EBADMSG, -ESTALE, -ENOKEY for a refused header
 * (resuming); -ENOMEM.
 */
int hibseal_snapshot_seal(struct hibseal_snapshot **sp, bool resume, const void __user *arg)
{
	struct hibseal_snapshot_seal *req;
	struct hibseal_snapshot *s;
	int err;

	if (*sp)
		return -EBUSY;
	req = memdup_user(arg, sizeof(*req));
	if (IS_ERR(req))
		return PTR_ERR(req);
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s) {
		err = -ENOMEM;
		goto out;
	}
	err = seal_args(req, resume);
	if (err)
		goto out;
	s->resume = resume;
	if (!resume && !hibseal_ready()) {
		pr_err("/dev/snapshot: cannot seal: sealed hibernation unavailable: %s\n",
		       hibseal_unavailable_reason());
		err = -EPERM;
		goto out;
	}
	if (resume) {
		hibseal_resume_note(HIBSEAL_RESUME_FOUND, NULL);
		err = hibseal_image_open(&s->img, &req->header, HIBSEAL_IMAGE_SNAPSHOT);
		if (err == -EINVAL)
			hibseal_refused_err("/dev/snapshot was given no sealed image header");
		if (err)
			goto out;
		s->started = true;
	}
	s->rec = vzalloc(HIBSEAL_RECORD_MAX);
	s->unc = vzalloc(HIBSEAL_UNC_SIZE);
	if (!resume)
		s->wrk = vzalloc(LZO1X_1_MEM_COMPRESS);
	if (!s->rec || !s->unc || (!resume && !s->wrk)) {
		err = -ENOMEM;
		goto out;
	}
	*sp = s;
	s = NULL;
	if (resume)
		pr_info("/dev/snapshot: sealed resume: header accepted, %llu chunks to come\n",
			le64_to_cpu((*sp)->img.hdr.nr_chunks));
out:
	hibseal_snapshot_free(s);
	kfree_sensitive(req);
	return err;
}

/* Hibernating: seal the next chunk of the snapshot into s->rec. */
static int seal_next(struct hibseal_snapshot *s, struct snapshot_handle *h)
{
	const size_t hdr = sizeof(struct hibseal_chunk_header);
	u32 flags = HIBSEAL_CHUNK_LZO;
	size_t len, off = 0;
	int ret;

	/* Sealing ends with a lift or a TPM reset: then nothing more may be sealed. */
	if (!hibseal_ready()) {
		pr_err("/dev/snapshot: sealed hibernation became unavailable: %s\n",
		       hibseal_unavailable_reason());
		return -EPERM;
	}
	if (!s->started) {
		ret = hibseal_image_create(&s->img, HIBSEAL_IMAGE_SNAPSHOT);
		if (ret)
			return ret;
		s->started = true;
		s->image_pages = snapshot_get_image_size();
		/* Chunk 0: the metadata page, sealed alone. */
		ret = snapshot_read_next(h);
		if (ret != PAGE_SIZE)
			return ret < 0 ? ret : -ENODATA;
		memcpy(s->rec + hdr, data_of(*h), PAGE_SIZE);
		len = PAGE_SIZE;
		flags = 0;
	} else {
		while (off < HIBSEAL_UNC_SIZE && s->pages_done + 1 < s->image_pages) {
			ret = snapshot_read_next(h);
			if (ret <= 0)
				return ret ?: -ENODATA;
			memcpy(s->unc + off, data_of(*h), PAGE_SIZE);
			off += PAGE_SIZE;
			s->pages_done++;
		}
		if (!off)
			return -ENODATA;
		ret = lzo1x_1_compress(s->unc, off, s->rec + hdr, &len, s->wrk);
		memzero_explicit(s->unc, off);
		if (ret != LZO_E_OK || !len || len > HIBSEAL_CHUNK_DATA_MAX)
			return -EIO;
		if (s->pages_done + 1 == s->image_pages)
			flags |= HIBSEAL_CHUNK_FINAL;
	}
	ret = hibseal_chunk_seal(&s->img.sealer, s->img.nr_chunks, flags, s->rec, len) ?:
	      hibseal_image_add_tag(&s->img, s->rec, len);
	if (ret)
		return ret;
	s->rec_len = hibseal_chunk_size(&s->img.sealer, len);
	s->rec_pos = 0;
	if (flags & HIBSEAL_CHUNK_FINAL) {
		ret = hibseal_image_finish(&s->img, s->image_pages, 0, &s->hdr);
		if (ret)
			return ret;
		s->finished = true;
		pr_info("/dev/snapshot: sealed image of %lu pages in %llu chunks\n",
			s->image_pages, s->img.nr_chunks);
	}
	return 0;
}

/**
 * hibseal_snapshot_read() - read() of the sealed stream while hibernating
 * @s:     the descriptor's sealed state
 * @h:     the snapshot handle
 * @buf:   userspace buffer
 * @count: its size
 *
 * Return: bytes read, 0 after the final chunk, or -errno (then for good).
 */
ssize_t hibseal_snapshot_read(struct hibseal_snapshot *s, struct snapshot_handle *h,
			      char __user *buf, size_t count)
{
	size_t n;
	int err;

	if (s->resume)
		return -EPERM;
	if (s->error)
		return s->error;
	if (!count)
		return 0;
	if (s->rec_pos == s->rec_len) {
		if (s->finished)
			return 0;
		err = seal_next(s, h);
		if (err) {
			pr_err("/dev/snapshot: cannot seal the image (%d)\n", err);
			return snapshot_fail(s, err);
		}
	}
	n = min(count, s->rec_len - s->rec_pos);
	if (copy_to_user(buf, s->rec + s->rec_pos, n))
		return -EFAULT;
	s->rec_pos += n;
	s->stream_bytes += n;
	return n;
}

/* Resuming: a whole chunk is in s->rec; open it and put its pages into the image. */
static int open_record(struct hibseal_snapshot *s, struct snapshot_handle *h)
{
	const size_t hdr = sizeof(struct hibseal_chunk_header);
	u64 index = s->img.nr_chunks;
	size_t unc_len = HIBSEAL_UNC_SIZE, off;
	u32 len = 0, flags = 0;
	bool complete;
	int ret;

	if (!index) {
		ret = hibseal_stream_metadata(&s->img, s->rec, (struct swsusp_info *)s->unc);
		if (ret)
			return ret;
		s->image_pages = ((struct swsusp_info *)s->unc)->pages;
		ret = snapshot_write_next(h);
		if (ret == PAGE_SIZE)
			memcpy(data_of(*h), s->unc, PAGE_SIZE);
		memzero_explicit(s->unc, PAGE_SIZE);
		if (ret != PAGE_SIZE)
			return ret < 0 ? ret : -EINVAL;
		return 0;
	}
	ret = hibseal_stream_open(&s->img, index, s->rec, HIBSEAL_CHUNK_LZO, &len, &flags);
	ret = hibseal_stream_accept(&s->img, index, ret, s->rec, len);
	if (ret)
		return ret;
	ret = lzo1x_decompress_safe(s->rec + hdr, len, s->unc, &unc_len);
	if (ret != LZO_E_OK || !unc_len || unc_len % PAGE_SIZE)
		return hibseal_refuse(HIBSEAL_REFUSE_PAGES, index, 0);
	for (off = 0; off < unc_len; off += PAGE_SIZE) {
		if (s->pages_done + 1 >= s->image_pages)
			return hibseal_refuse(HIBSEAL_REFUSE_PAST_END, index, 0);
		ret = snapshot_write_next(h);
		if (ret <= 0)
			return ret ?: -EINVAL;
		memcpy(data_of(*h), s->unc + off, PAGE_SIZE);
		s->pages_done++;
	}
	memzero_explicit(s->unc, unc_len);
	complete = s->pages_done + 1 == s->image_pages;
	if (complete && !(flags & HIBSEAL_CHUNK_FINAL))
		return hibseal_refuse(HIBSEAL_REFUSE_NOT_FINAL, index, 0);
	if (!complete && (flags & HIBSEAL_CHUNK_FINAL))
		return hibseal_refuse(HIBSEAL_REFUSE_EARLY_FINAL, index, 0);
	if (!complete)
		return 0;
	/*
	 * The stream leaves zero pages out: one more call restores those after the last page
	 * it carried, and says the image is complete.
	 */
	ret = snapshot_write_next(h);
	if (ret)
		return ret < 0 ? ret : hibseal_refuse(HIBSEAL_REFUSE_HOLES, index, 0);
	s->finished = true;
	ret = hibseal_image_verify(&s->img, s->image_pages, 0);
	if (ret)
		return ret;
	s->verified = true;
	return 0;
}

/**
 * hibseal_snapshot_write() - write() of the sealed stream while resuming
 * @s:     the descriptor's sealed state
 * @h:     the snapshot handle
 * @buf:   userspace buffer, any part of the stream (chunks may span calls)
 * @count: its size
 *
 * Return: @count, or -errno: -EBADMSG for a chunk that is malformed, does not authenticate or
 * does not fit the image, for bytes after the final chunk, or a failed count or image MAC;
 * -ESTALE, -ENOKEY (the final freshness check); -EFAULT; other errors of the snapshot core.
 * Every error but -EFAULT ends the stream for this descriptor.
 */
ssize_t hibseal_snapshot_write(struct hibseal_snapshot *s, struct snapshot_handle *h,
			       const char __user *buf, size_t count)
{
	const size_t hdr = sizeof(struct hibseal_chunk_header);
	size_t done = 0, need, n;
	int err;

	if (!s->resume)
		return -EPERM;
	if (s->error)
		return s->error;
	while (done < count) {
		if (s->finished)
			return snapshot_fail(s, hibseal_refuse(HIBSEAL_REFUSE_TRAILING, 0, 0));
		need = s->rec_need ?: hdr;
		n = min(count - done, need - s->rec_len);
		/* What was taken so far counts; the caller writes the rest again. */
		if (copy_from_user(s->rec + s->rec_len, buf + done, n))
			return done ?: -EFAULT;
		s->rec_len += n;
		done += n;
		s->stream_bytes += n;
		if (s->rec_len < need)
			break;
		if (!s->rec_need) {
			/* Only sizes from the header, to know how much follows. */
			err = hibseal_stream_size(&s->img, s->img.nr_chunks, s->rec, &s->rec_need);
			if (err)
				return snapshot_fail(s, err);
			continue;
		}
		err = open_record(s, h);
		s->rec_len = 0;
		s->rec_need = 0;
		if (err)
			return snapshot_fail(s, err);
	}
	return done;
}

/**
 * hibseal_snapshot_restore_ok() - the check before SNAPSHOT_ATOMIC_RESTORE
 * @s: the descriptor's sealed state
 *
 * Return: 0 if the stream written back was complete and authentic; -EBADMSG otherwise (or the
 * error it was refused with).
 */
int hibseal_snapshot_restore_ok(struct hibseal_snapshot *s)
{
	/* After a lift, verified pages may have been changed in memory since. */
	if (!s->error && hibseal_lifted())
		snapshot_fail(s, hibseal_refuse(HIBSEAL_REFUSE_LIFTED, 0, 0));
	if (s->verified && !s->error)
		return 0;
	if (!s->error)
		snapshot_fail(s, hibseal_refuse(HIBSEAL_REFUSE_SHORT, 0, 0));
	return s->error;
}

/**
 * hibseal_snapshot_info() - SNAPSHOT_SEAL_INFO
 * @s:        the descriptor's sealed state, or NULL before SNAPSHOT_SEAL
 * @required: lockdown requires the sealed protocol
 * @arg:      struct hibseal_snapshot_info, in and out
 *
 * Return: 0; -EFAULT; -EINVAL if the argument's version or size is not this one, or any other
 * byte of it is not zero; -ENOMEM.
 */
int hibseal_snapshot_info(struct hibseal_snapshot *s, bool required, void __user *arg)
{
	struct hibseal_snapshot_info *info;
	const char *why;
	u64 pending;
	int err = 0;

	info = memdup_user(arg, sizeof(*info));
	if (IS_ERR(info))
		return PTR_ERR(info);
	if (info->version != HIBSEAL_SNAPSHOT_VERSION || info->size != sizeof(*info) ||
	    memchr_inv((u8 *)info + 2 * sizeof(u32), 0, sizeof(*info) - 2 * sizeof(u32))) {
		err = -EINVAL;
		goto out;
	}
	info->aead = IS_ENABLED(CONFIG_HIBERNATION_SEAL_AES_GCM) ?
		HIBSEAL_AEAD_AES256_GCM : HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256;
	info->max_record = HIBSEAL_RECORD_MAX;
	info->counter = hibseal_counter();
	if (required)
		info->flags |= HIBSEAL_INFO_REQUIRED;
	if (hibseal_ready())
		info->flags |= HIBSEAL_INFO_READY;
	if (hibseal_window_pending(&pending)) {
		info->flags |= HIBSEAL_INFO_PENDING;
		info->counter = pending;
	}
	why = hibseal_unavailable_reason();
	if (why)
		strscpy(info->reason, why, sizeof(info->reason));
	if (s) {
		info->flags |= HIBSEAL_INFO_SEALED;
		info->stream_bytes = s->stream_bytes;
		info->nr_chunks = s->error ? s->nr_chunks : s->img.nr_chunks;
		if (!s->resume && s->finished && !s->error) {
			info->flags |= HIBSEAL_INFO_HEADER;
			info->header = s->hdr;
		}
		if (s->verified && !s->error)
			info->flags |= HIBSEAL_INFO_VERIFIED;
		if (s->error) {
			info->flags |= HIBSEAL_INFO_FAILED;
			info->error = -s->error;
		}
	}
	if (copy_to_user(arg, info, sizeof(*info)))
		err = -EFAULT;
out:
	kfree(info);
	return err;
}
