/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sealed hibernation: what kernel/power/ calls in kernel/power/hibseal/, one section per file.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _KERNEL_POWER_HIBSEAL_H
#define _KERNEL_POWER_HIBSEAL_H

#include <linux/hibseal.h>
#include <linux/lzo.h>
#include <linux/printk.h>
#include <linux/types.h>
#include <uapi/linux/hibseal.h>

struct crypto_aead;
struct crypto_shash;
struct shash_desc;
struct swsusp_info;
struct tpm2_hibseal_blob;

/* hibseal/crypto.c: image keys, chunk sealing, image MAC */

#define HIBSEAL_AES_KEY_SIZE	32

/**
 * struct hibseal_keys - the keys of one image, each from its own HKDF label
 * @enc:   AES-256 key, then a 4-byte nonce (rfc3686 counter block or GCM IV prefix)
 * @auth:  HMAC-SHA256 key of the chunk tags (authenc only)
 * @image: HMAC-SHA256 key of the image MAC
 */
struct hibseal_keys {
	u8 enc[HIBSEAL_AES_KEY_SIZE + 4];
	u8 auth[32];
	u8 image[32];
};

/**
 * struct hibseal_sealer - chunk sealing state of one image, shared by the worker threads
 * @tfm:       the AEAD, keyed
 * @aead:      HIBSEAL_AEAD_*
 * @tag_size:  bytes of tag per chunk
 * @image_id:  the image's salt, bound into every chunk's associated data
 * @gcm_nonce: the IV prefix for GCM
 */
struct hibseal_sealer {
	struct crypto_aead *tfm;
	unsigned int aead;
	unsigned int tag_size;
	u8 image_id[HIBSEAL_SALT_SIZE];
	u8 gcm_nonce[4];
};

/**
 * struct hibseal_image_mac - running HMAC over the chunk tags, then the image header
 * @tfm:  hmac(sha256), keyed
 * @desc: its state
 */
struct hibseal_image_mac {
	struct crypto_shash *tfm;
	struct shash_desc *desc;
};

int __must_check hibseal_hkdf_sha256(const u8 *ikm, size_t ikm_len, const u8 *salt,
				     size_t salt_len, const u8 *info, size_t info_len,
				     u8 *okm, size_t okm_len);
int __must_check hibseal_derive_keys(const u8 *secret, const u8 *salt, unsigned int aead,
				     struct hibseal_keys *keys);
int __must_check hibseal_sealer_init(struct hibseal_sealer *s, unsigned int aead,
				     const struct hibseal_keys *keys, const u8 *salt);
void hibseal_sealer_destroy(struct hibseal_sealer *s);
unsigned int hibseal_aead_tag_size(unsigned int aead);
#ifdef CONFIG_HIBERNATION_SEAL
int __must_check hibseal_chunk_seal(const struct hibseal_sealer *s, u64 index, u32 flags,
				    u8 *chunk, u32 len);
#endif
int __must_check hibseal_image_mac_init(struct hibseal_image_mac *m,
					const struct hibseal_keys *keys);
int __must_check hibseal_image_mac_update(struct hibseal_image_mac *m, const u8 *tag,
					  unsigned int len);
int __must_check hibseal_image_mac_final(struct hibseal_image_mac *m,
					 const struct hibseal_image_header *hdr,
					 u8 mac[HIBSEAL_MAC_SIZE]);
void hibseal_image_mac_destroy(struct hibseal_image_mac *m);

/* Bytes a sealed chunk of @len plaintext bytes takes in the stream. */
static inline size_t hibseal_chunk_size(const struct hibseal_sealer *s, u32 len)
{
	return sizeof(struct hibseal_chunk_header) + len + s->tag_size;
}

/* hibseal/image.c: one image, written or read */

/**
 * struct hibseal_image - a sealed image being written or read
 * @hdr:       its header (on the read side, as read: checked, not yet authenticated)
 * @sealer:    chunk sealing with the image's keys
 * @mac:       the running image MAC
 * @nr_chunks: chunks sealed or opened so far, in stream order
 * @deferred:  read side: opened after the boot window, with the key the window unsealed
 * @chunk_alg: the swap image's compression as chunk flags (HIBSEAL_CHUNK_LZO, _LZ4, or 0:
 *             stored uncompressed)
 * @in_threads: swap image: chunks numbered and handed to threads, not yet taken back
 */
struct hibseal_image {
	struct hibseal_image_header hdr;
	struct hibseal_sealer sealer;
	struct hibseal_image_mac mac;
	u64 nr_chunks;
	bool deferred;
	u32 chunk_alg;
	unsigned int in_threads;
};

#ifdef CONFIG_HIBERNATION_SEAL
int __must_check hibseal_image_create(struct hibseal_image *img, unsigned int flags);
int __must_check hibseal_image_open(struct hibseal_image *img,
				    const struct hibseal_image_header *hdr, unsigned int flags);
int __must_check hibseal_image_add_tag(struct hibseal_image *img, const u8 *chunk, u32 len);
int __must_check hibseal_image_finish(struct hibseal_image *img, unsigned long image_pages,
				      unsigned int swsusp_flags, struct hibseal_image_header *hdr);
int __must_check hibseal_image_verify(struct hibseal_image *img, unsigned long image_pages,
				      unsigned int swsusp_flags);
void hibseal_image_destroy(struct hibseal_image *img);
#else
/*
 * Without CONFIG_HIBERNATION_SEAL no image is ever sealed, and a sealed one is refused before
 * any of these could run; they fail closed all the same.
 */
static inline int hibseal_image_create(struct hibseal_image *img, unsigned int flags)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_image_open(struct hibseal_image *img,
				     const struct hibseal_image_header *hdr, unsigned int flags)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_image_add_tag(struct hibseal_image *img, const u8 *chunk, u32 len)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_image_finish(struct hibseal_image *img, unsigned long image_pages,
				       unsigned int swsusp_flags,
				       struct hibseal_image_header *hdr)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_image_verify(struct hibseal_image *img, unsigned long image_pages,
				       unsigned int swsusp_flags)
{
	return -EOPNOTSUPP;
}

static inline void hibseal_image_destroy(struct hibseal_image *img) { }
static inline int hibseal_chunk_seal(const struct hibseal_sealer *s, u64 index, u32 flags,
				     u8 *chunk, u32 len)
{
	return -EOPNOTSUPP;
}
#endif

/* hibseal/stream.c: reading a sealed chunk stream; the reasons an image is refused for */

/*
 * Pages of plaintext a chunk carries at most (the unit the swap writer compresses, whose
 * UNC_PAGES swap.c checks against this), and the bytes of compressed data that may take.
 */
#define HIBSEAL_CHUNK_PAGES	32
#define HIBSEAL_CHUNK_DATA_MAX	lzo1x_worst_compress(HIBSEAL_CHUNK_PAGES * PAGE_SIZE)

/**
 * enum hibseal_refusal - why a reader refuses an image, after its header was accepted
 * @HIBSEAL_REFUSE_UNSEALED:      not sealed, and lockdown allows only sealed images
 * @HIBSEAL_REFUSE_CRC32:         sealed, and its swap header asks for a CRC32
 * @HIBSEAL_REFUSE_NO_HEADER:     sealed, and its swap header points to no sealed header
 * @HIBSEAL_REFUSE_METADATA:      chunk 0 does not authenticate, or is not one page
 * @HIBSEAL_REFUSE_METADATA_SIZE: chunk 0 describes another image than the header
 * @HIBSEAL_REFUSE_MALFORMED:     a chunk header's length is out of bounds
 * @HIBSEAL_REFUSE_FORGED:        a chunk does not authenticate
 * @HIBSEAL_REFUSE_OPEN:          a chunk could not be opened (out of memory, crypto error)
 * @HIBSEAL_REFUSE_COMPRESSION:   a chunk names another compression than its image
 * @HIBSEAL_REFUSE_PAGES:         a chunk does not decompress to whole pages
 * @HIBSEAL_REFUSE_PAST_END:      a chunk carries pages past the end of the image
 * @HIBSEAL_REFUSE_NOT_FINAL:     the image is complete and its last chunk is not the final one
 * @HIBSEAL_REFUSE_EARLY_FINAL:   the final chunk comes before the image is complete
 * @HIBSEAL_REFUSE_SHORT:         the stream ends before its final chunk
 * @HIBSEAL_REFUSE_TRAILING:      more stream after the final chunk
 * @HIBSEAL_REFUSE_HOLES:         the pages the stream carried end before the image does
 * @HIBSEAL_REFUSE_LIFTED:        lockdown was lifted while the image was being resumed
 * @HIBSEAL_REFUSE_ERASE:         its sealed header could not be erased before the restore
 * @HIBSEAL_REFUSE_WINDOW:        verified, but the boot window could not be closed before it
 *                                would run
 * @HIBSEAL_NR_REFUSALS:          the number of reasons
 *
 * The header's own checks (a malformed field, another kernel, TPM or window, a stale image)
 * are logged by hibseal_image_open() and hibseal_image_verify() with the values they found.
 */
enum hibseal_refusal {
	HIBSEAL_REFUSE_UNSEALED,
	HIBSEAL_REFUSE_CRC32,
	HIBSEAL_REFUSE_NO_HEADER,
	HIBSEAL_REFUSE_METADATA,
	HIBSEAL_REFUSE_METADATA_SIZE,
	HIBSEAL_REFUSE_MALFORMED,
	HIBSEAL_REFUSE_FORGED,
	HIBSEAL_REFUSE_OPEN,
	HIBSEAL_REFUSE_COMPRESSION,
	HIBSEAL_REFUSE_PAGES,
	HIBSEAL_REFUSE_PAST_END,
	HIBSEAL_REFUSE_NOT_FINAL,
	HIBSEAL_REFUSE_EARLY_FINAL,
	HIBSEAL_REFUSE_SHORT,
	HIBSEAL_REFUSE_TRAILING,
	HIBSEAL_REFUSE_HOLES,
	HIBSEAL_REFUSE_LIFTED,
	HIBSEAL_REFUSE_ERASE,
	HIBSEAL_REFUSE_WINDOW,
	HIBSEAL_NR_REFUSALS
};

/**
 * enum hibseal_resume - what this boot's resume did (/sys/power/hibernate_seal_resume)
 * @HIBSEAL_RESUME_NOT_CHECKED: no image looked for yet: no resume device, or not yet
 * @HIBSEAL_RESUME_NO_IMAGE:    the resume device holds no hibernation image
 * @HIBSEAL_RESUME_FOUND:       an image is there, being read
 * @HIBSEAL_RESUME_REFUSED:     the image was refused; the reason is kept
 * @HIBSEAL_RESUME_STALE:       refused as stale (its anti-replay counter); the values are kept
 * @HIBSEAL_RESUME_DISCARDED:   "noresume": the sealed image was discarded
 * @HIBSEAL_RESUME_RESTORING:   verified, being restored (in the boot kernel, from
 *                              hibernation_restore() on; failed if it returns)
 * @HIBSEAL_RESUME_RESUMED:     this kernel is the one an image restored
 * @HIBSEAL_RESUME_FAILED:      found, neither refused nor restored (a read error, a failed
 *                              restore)
 * @HIBSEAL_NR_RESUME:          the number of outcomes
 */
enum hibseal_resume {
	HIBSEAL_RESUME_NOT_CHECKED,
	HIBSEAL_RESUME_NO_IMAGE,
	HIBSEAL_RESUME_FOUND,
	HIBSEAL_RESUME_REFUSED,
	HIBSEAL_RESUME_STALE,
	HIBSEAL_RESUME_DISCARDED,
	HIBSEAL_RESUME_RESTORING,
	HIBSEAL_RESUME_RESUMED,
	HIBSEAL_RESUME_FAILED,
	HIBSEAL_NR_RESUME
};

#ifdef CONFIG_HIBERNATION_SEAL
int hibseal_refuse(enum hibseal_refusal why, u64 index, int err);
void hibseal_resume_note(enum hibseal_resume what, const char *why);
int __must_check hibseal_stream_size(const struct hibseal_image *img, u64 index,
				     const u8 *chunk, size_t *size);
int __must_check hibseal_stream_open(const struct hibseal_image *img, u64 index, u8 *chunk,
				     u32 alg, u32 *len, u32 *flags);
int __must_check hibseal_stream_accept(struct hibseal_image *img, u64 index, int opened,
				       const u8 *chunk, u32 len);
int __must_check hibseal_stream_metadata(struct hibseal_image *img, u8 *chunk,
					 struct swsusp_info *info);
#else
/* Without CONFIG_HIBERNATION_SEAL a sealed image, and under lockdown any image, is refused. */
static inline int hibseal_refuse(enum hibseal_refusal why, u64 index, int err)
{
	pr_err("image refused: sealed hibernation is not built into this kernel\n");
	return -EPERM;
}

static inline void hibseal_resume_note(enum hibseal_resume what, const char *why) { }

static inline int hibseal_stream_size(const struct hibseal_image *img, u64 index,
				      const u8 *chunk, size_t *size)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_stream_open(const struct hibseal_image *img, u64 index, u8 *chunk,
				      u32 alg, u32 *len, u32 *flags)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_stream_accept(struct hibseal_image *img, u64 index, int opened,
					const u8 *chunk, u32 len)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_stream_metadata(struct hibseal_image *img, u8 *chunk,
					  struct swsusp_info *info)
{
	return -EOPNOTSUPP;
}
#endif

/* hibseal/chunks.c: the swap image's chunks, in kernel/power/swap.c's threads */

struct crypto_comp;

/**
 * struct hibseal_chunk_work - what a swap compression or decompression thread knows of its chunk
 * @img:    the sealed image, or NULL for a plain one (then the calls below do nothing)
 * @index:  the chunk's place in the stream (hibseal_chunk_next())
 * @flags:  HIBSEAL_CHUNK_*: those it is sealed with; reading, those it carries once opened
 * @len:    reading: its plaintext length, once opened
 * @opened: reading: the verdict on its tag (hibseal_stream_open())
 * @ns:     nanoseconds the thread spent sealing or opening chunks (the image timing line)
 */
struct hibseal_chunk_work {
	struct hibseal_image *img;
	u64 index;
	u32 flags;
	u32 len;
	int opened;
	u64 ns;
};

#ifdef CONFIG_HIBERNATION_SEAL
int __must_check hibseal_swap_create(struct hibseal_image **imgp, unsigned int swsusp_flags);
int __must_check hibseal_swap_open(struct hibseal_image **imgp,
				   const struct hibseal_image_header *hdr,
				   unsigned int swsusp_flags);
void hibseal_swap_end(struct hibseal_image **imgp);
void hibseal_chunk_init(struct hibseal_chunk_work *w, struct hibseal_image *img);
bool hibseal_chunk_compressed(const struct hibseal_chunk_work *w);
void hibseal_chunk_next(struct hibseal_chunk_work *w, bool final);
int __must_check hibseal_chunk_seal_data(struct hibseal_chunk_work *w, struct crypto_comp *cc,
					 const u8 *data, unsigned int len, u8 *chunk,
					 size_t size, size_t *payload, size_t *bytes);
int __must_check hibseal_chunk_written(struct hibseal_chunk_work *w, const u8 *chunk,
				       size_t payload);
int __must_check hibseal_chunk_peek(const struct hibseal_image *img, const u8 *chunk,
				    size_t *bytes);
int __must_check hibseal_chunk_open_data(struct hibseal_chunk_work *w, struct crypto_comp *cc,
					 u8 *chunk, u8 *data, size_t *len);
int __must_check hibseal_chunk_loaded(struct hibseal_chunk_work *w, const u8 *chunk, int ret,
				      size_t len);
int __must_check hibseal_chunk_complete(const struct hibseal_chunk_work *w, bool at_end);
int __must_check hibseal_chunk_more(const struct hibseal_chunk_work *w);
int __must_check hibseal_swap_short(const struct hibseal_image *img, int err);
#else
/* Without CONFIG_HIBERNATION_SEAL every image is plain: a work item never has an image. */
static inline int hibseal_swap_create(struct hibseal_image **imgp, unsigned int swsusp_flags)
{
	*imgp = NULL;
	return swsusp_flags & SF_SEALED ? -EOPNOTSUPP : 0;
}

static inline int hibseal_swap_open(struct hibseal_image **imgp,
				    const struct hibseal_image_header *hdr,
				    unsigned int swsusp_flags)
{
	*imgp = NULL;
	return -EOPNOTSUPP;
}

static inline void hibseal_swap_end(struct hibseal_image **imgp) { }

static inline void hibseal_chunk_init(struct hibseal_chunk_work *w, struct hibseal_image *img)
{
	w->img = NULL;
}

static inline bool hibseal_chunk_compressed(const struct hibseal_chunk_work *w)
{
	return true;
}

static inline void hibseal_chunk_next(struct hibseal_chunk_work *w, bool final) { }

static inline int hibseal_chunk_seal_data(struct hibseal_chunk_work *w, struct crypto_comp *cc,
					  const u8 *data, unsigned int len, u8 *chunk,
					  size_t size, size_t *payload, size_t *bytes)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_chunk_written(struct hibseal_chunk_work *w, const u8 *chunk,
					size_t payload)
{
	return 0;
}

static inline int hibseal_chunk_peek(const struct hibseal_image *img, const u8 *chunk,
				     size_t *bytes)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_chunk_open_data(struct hibseal_chunk_work *w, struct crypto_comp *cc,
					  u8 *chunk, u8 *data, size_t *len)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_chunk_loaded(struct hibseal_chunk_work *w, const u8 *chunk, int ret,
				       size_t len)
{
	return 0;
}

static inline int hibseal_chunk_complete(const struct hibseal_chunk_work *w, bool at_end)
{
	return 0;
}

static inline int hibseal_chunk_more(const struct hibseal_chunk_work *w)
{
	return 0;
}

static inline int hibseal_swap_short(const struct hibseal_image *img, int err)
{
	return err;
}
#endif

/* hibseal/snapshot.c: the sealed /dev/snapshot protocol */

struct hibseal_snapshot;
struct snapshot_handle;

#ifdef CONFIG_HIBERNATION_SEAL
int hibseal_snapshot_seal(struct hibseal_snapshot **sp, bool resume, const void __user *arg);
int hibseal_snapshot_info(struct hibseal_snapshot *s, bool required, void __user *arg);
ssize_t hibseal_snapshot_read(struct hibseal_snapshot *s, struct snapshot_handle *h,
			      char __user *buf, size_t count);
ssize_t hibseal_snapshot_write(struct hibseal_snapshot *s, struct snapshot_handle *h,
			       const char __user *buf, size_t count);
int hibseal_snapshot_restore_ok(struct hibseal_snapshot *s);
void hibseal_snapshot_end(struct hibseal_snapshot *s);
bool hibseal_snapshot_used(const struct hibseal_snapshot *s);
void hibseal_snapshot_free(struct hibseal_snapshot *s);
#else
static inline int hibseal_snapshot_seal(struct hibseal_snapshot **sp, bool resume,
					const void __user *arg)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_snapshot_info(struct hibseal_snapshot *s, bool required,
					void __user *arg)
{
	return -EOPNOTSUPP;
}

static inline ssize_t hibseal_snapshot_read(struct hibseal_snapshot *s,
					    struct snapshot_handle *h, char __user *buf,
					    size_t count)
{
	return -EOPNOTSUPP;
}

static inline ssize_t hibseal_snapshot_write(struct hibseal_snapshot *s,
					     struct snapshot_handle *h,
					     const char __user *buf, size_t count)
{
	return -EOPNOTSUPP;
}

static inline int hibseal_snapshot_restore_ok(struct hibseal_snapshot *s)
{
	return -EOPNOTSUPP;
}

static inline void hibseal_snapshot_end(struct hibseal_snapshot *s) { }
static inline bool hibseal_snapshot_used(const struct hibseal_snapshot *s) { return false; }
static inline void hibseal_snapshot_free(struct hibseal_snapshot *s) { }
#endif

#endif /* _KERNEL_POWER_HIBSEAL_H */
