/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Sealed hibernation image format (on disk, and as userspace sees it).
 *
 * A sealed image is a stream of chunks, each a header, ciphertext and a tag:
 *
 *   struct hibseal_chunk_header | ciphertext (len bytes) | tag (tag_size bytes)
 *
 * sealed with an AEAD whose associated data is the image's salt, the chunk's index in the
 * stream (implicit: never stored) and the chunk header itself. Chunk 0 holds the image
 * metadata page (struct swsusp_info); the last chunk carries HIBSEAL_CHUNK_FINAL. The
 * image header records the salt, the sealed key blob, the chunk count and an image MAC over
 * all chunk tags in order and the header itself.
 *
 * All multi-byte fields are little-endian. Every reserved field and every unused flag bit
 * must be zero; readers refuse anything else.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef _UAPI_LINUX_HIBSEAL_H
#define _UAPI_LINUX_HIBSEAL_H

#include <linux/types.h>

#define HIBSEAL_MAGIC		"HIBSEAL"	/* 8 bytes with the NUL */
#define HIBSEAL_VERSION		2	/* 2: the construction is bound into the keys */

#define HIBSEAL_SALT_SIZE	32
#define HIBSEAL_MAC_SIZE	32
#define HIBSEAL_KEY_BLOB_MAX	1024
#define HIBSEAL_TAG_MAX		32

/* AEAD constructions for the chunks (hibseal_image_header.aead) */
/* authenc(hmac(sha256),rfc3686(ctr(aes))) */
#define HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256	1
#define HIBSEAL_AEAD_AES256_GCM			2	/* gcm(aes) */

/* hibseal_chunk_header.flags */
#define HIBSEAL_CHUNK_FINAL		0x1	/* the last chunk of the image */
#define HIBSEAL_CHUNK_LZO		0x2	/* the plaintext is LZO-1X compressed */
#define HIBSEAL_CHUNK_LZ4		0x4	/* the plaintext is LZ4 compressed */
#define HIBSEAL_CHUNK_FLAGS		(HIBSEAL_CHUNK_FINAL | HIBSEAL_CHUNK_LZO | \
					 HIBSEAL_CHUNK_LZ4)

#define HIBSEAL_CHUNK_MAGIC		0x4b435348	/* "HSCK" */

/* hibseal_image_header.flags */
#define HIBSEAL_IMAGE_SNAPSHOT		0x1	/* written through /dev/snapshot (uswsusp) */
#define HIBSEAL_IMAGE_FLAGS		HIBSEAL_IMAGE_SNAPSHOT

/**
 * struct hibseal_chunk_header - what precedes each sealed chunk
 * @magic:    %HIBSEAL_CHUNK_MAGIC
 * @flags:    HIBSEAL_CHUNK_*
 * @len:      bytes of ciphertext that follow (the plaintext length)
 * @reserved: zero
 */
struct hibseal_chunk_header {
	__le32 magic;
	__le32 flags;
	__le32 len;
	__le32 reserved;
};

/**
 * struct hibseal_image_header - the sealed image's header
 * @magic:         %HIBSEAL_MAGIC
 * @version:       %HIBSEAL_VERSION
 * @header_size:   sizeof(struct hibseal_image_header)
 * @aead:          HIBSEAL_AEAD_*
 * @tag_size:      bytes of tag after each chunk
 * @flags:         HIBSEAL_IMAGE_*: how the image was written; readers of the other kind
 *                 refuse it
 * @key_blob_size: bytes used in @key_blob
 * @nr_chunks:     chunks in the stream, the final one included
 * @image_pages:   pages of the snapshot image (struct swsusp_info.pages)
 * @swsusp_flags:  the swap header's SF_* flags as written (without SF_HW_SIG), authenticated
 *                 here because the swap header itself is not; zero for /dev/snapshot
 * @reserved1:     zero
 * @counter:       the TPM anti-replay counter's value when the image was written; the image
 *                 resumes only while the counter still holds it
 * @salt:          random, per image: the key derivation salt and the image id
 * @key_blob:      the boot secret, sealed by the TPM to the boot window
 * @reserved2:     zero
 * @image_mac:     HMAC-SHA256 over every chunk tag in order, then this header with
 *                 @image_mac zeroed
 */
struct hibseal_image_header {
	__u8	magic[8];
	__le16	version;
	__le16	header_size;
	__le16	aead;
	__le16	tag_size;
	__le32	flags;
	__le32	key_blob_size;
	__le64	nr_chunks;
	__le64	image_pages;
	__le32	swsusp_flags;
	__le32	reserved1;
	__le64	counter;
	__u8	salt[HIBSEAL_SALT_SIZE];
	__u8	key_blob[HIBSEAL_KEY_BLOB_MAX];
	__u8	reserved2[64];
	__u8	image_mac[HIBSEAL_MAC_SIZE];
};

/*
 * The sealed /dev/snapshot protocol (uswsusp): see Documentation/power/sealed-hibernation.rst.
 *
 * Hibernation (the device opened O_RDONLY): SNAPSHOT_SEAL with a zeroed header, then the usual
 * SNAPSHOT_FREEZE and SNAPSHOT_CREATE_IMAGE; read() then returns the sealed chunk stream, a byte
 * stream of chunks (struct hibseal_chunk_header, ciphertext, tag), and 0 after the final chunk;
 * SNAPSHOT_SEAL_INFO then returns the image header, which userspace stores with the stream.
 *
 * Resume (O_WRONLY): SNAPSHOT_SEAL with that header, write() the chunk stream back in order,
 * SNAPSHOT_FREEZE, SNAPSHOT_ATOMIC_RESTORE. The kernel authenticates each chunk before it uses
 * it and the whole image before the restore; ATOMIC_RESTORE is refused (EBADMSG) otherwise.
 *
 * Under lockdown every other ioctl, read() and write() is refused (EPERM) until SNAPSHOT_SEAL
 * has succeeded on the descriptor.
 */
#define HIBSEAL_SNAPSHOT_VERSION	1
#define HIBSEAL_REASON_SIZE		128

/**
 * struct hibseal_snapshot_seal - argument of SNAPSHOT_SEAL (all of it in)
 * @version:  %HIBSEAL_SNAPSHOT_VERSION
 * @size:     sizeof(struct hibseal_snapshot_seal)
 * @flags:    zero (none defined)
 * @reserved: zero
 * @header:   resume: the image header SNAPSHOT_SEAL_INFO gave at hibernation; hibernation:
 *            all zero
 */
struct hibseal_snapshot_seal {
	__u32	version;
	__u32	size;
	__u32	flags;
	__u32	reserved[5];
	struct hibseal_image_header header;
};

/* hibseal_snapshot_info.flags */
#define HIBSEAL_INFO_REQUIRED	0x01	/* lockdown: only the sealed protocol is allowed */
#define HIBSEAL_INFO_READY	0x02	/* this boot can write sealed images */
#define HIBSEAL_INFO_PENDING	0x04	/* a pending image's key, unsealed at boot, awaits it */
#define HIBSEAL_INFO_SEALED	0x08	/* SNAPSHOT_SEAL succeeded on this descriptor */
#define HIBSEAL_INFO_HEADER	0x10	/* @header holds the image header (stream read) */
#define HIBSEAL_INFO_VERIFIED	0x20	/* the stream written back is complete and authentic */
#define HIBSEAL_INFO_FAILED	0x40	/* the stream was refused; see @error */

/**
 * struct hibseal_snapshot_info - argument of SNAPSHOT_SEAL_INFO
 * @version:    in: %HIBSEAL_SNAPSHOT_VERSION (every other byte in must be zero)
 * @size:       in: sizeof(struct hibseal_snapshot_info); out: the same
 * @flags:      out: HIBSEAL_INFO_*
 * @aead:       out: the construction new images use (HIBSEAL_AEAD_*)
 * @max_record: out: the largest chunk (header, ciphertext, tag) the stream can hold
 * @error:      out: with %HIBSEAL_INFO_FAILED, the positive errno the stream was refused with
 * @reserved1:  zero
 * @counter:    out: the anti-replay counter value a new image carries or, with
 *              %HIBSEAL_INFO_PENDING, the value the pending image must carry
 * @stream_bytes: out: bytes of chunk stream read or written on this descriptor
 * @nr_chunks:  out: chunks read or written on this descriptor
 * @reserved2:  zero
 * @reason:     out: why sealed hibernation is unavailable, or empty; NUL-terminated
 * @header:     out: with %HIBSEAL_INFO_HEADER, the image header to store with the stream
 */
struct hibseal_snapshot_info {
	__u32	version;
	__u32	size;
	__u32	flags;
	__u32	aead;
	__u32	max_record;
	__u32	error;
	__u32	reserved1[2];
	__u64	counter;
	__u64	stream_bytes;
	__u64	nr_chunks;
	__u64	reserved2[3];
	char	reason[HIBSEAL_REASON_SIZE];
	struct hibseal_image_header header;
};

#endif /* _UAPI_LINUX_HIBSEAL_H */
