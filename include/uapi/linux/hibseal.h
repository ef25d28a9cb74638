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
#define HIBSEAL_VERSION		1

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
#define HIBSEAL_CHUNK_FLAGS		(HIBSEAL_CHUNK_FINAL | HIBSEAL_CHUNK_LZO)

#define HIBSEAL_CHUNK_MAGIC		0x4b435348	/* "HSCK" */

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
 * @flags:         zero (none defined)
 * @key_blob_size: bytes used in @key_blob
 * @nr_chunks:     chunks in the stream, the final one included
 * @image_pages:   pages of the snapshot image (struct swsusp_info.pages)
 * @swsusp_flags:  the swap header's SF_* flags as written (without SF_HW_SIG), authenticated
 *                 here because the swap header itself is not
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

#endif /* _UAPI_LINUX_HIBSEAL_H */
