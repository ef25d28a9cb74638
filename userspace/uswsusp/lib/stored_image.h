/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libhibseal, uswsusp part: how hibseal suspend stores a sealed /dev/snapshot stream in a swap
 * area, and how hibseal resume finds it again (Documentation/power/sealed-hibernation.rst).
 * hibseal inspect checks such an image through hs_us_inspect() (include/libhibseal.h).
 *
 * In swap pages of the resume device, every one allocated by the kernel
 * (SNAPSHOT_ALLOC_SWAP_PAGE) except the swap header page:
 *
 *   swap header page   mkswap's data as it was, the signature "ULSUSPEND" in place of
 *   (resume offset)    "SWAPSPACE2" (so blkid and initramfs tools see a suspended image), and
 *                      at byte 2048 struct hs_us_header: the stream's length, where its map is,
 *                      the SHA-256 of the map, the kernel's sealed image header, and the
 *                      SHA-256 of all of that
 *   stream pages       the sealed chunk stream read from /dev/snapshot, 4096 bytes a page
 *   map pages          struct hs_us_map, chained: the stream pages' offsets, in order
 *
 * Nothing here is a security boundary: the kernel authenticates the stream and its header.
 * The digests name damage (a torn write, a corrupted map) before the kernel is asked.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef LIBHIBSEAL_USWSUSP_H
#define LIBHIBSEAL_USWSUSP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/hibseal.h>

#include "libhibseal.h"

#define HS_US_MAGIC		"HIBSEAL-USWSUSP"	/* 16 bytes with the NUL */
#define HS_US_VERSION		1
#define HS_US_HEADER_OFFSET	2048
#define HS_SIG_OFFSET		(HS_PAGE_SIZE - 10)
#define HS_SIG_SUSPENDED	"ULSUSPEND"
#define HS_SIG_SWAP		"SWAPSPACE2"
#define HS_US_MAP_MAGIC		"HSUSMAP1"
#define HS_US_MAP_ENTRIES	509
/* The longest stream resume takes: 64 GiB, far above any image of a machine it runs on. */
#define HS_US_STREAM_MAX	(64ULL << 30)

/**
 * struct hs_us_header - at byte %HS_US_HEADER_OFFSET of the swap header page, little-endian
 * @magic:        %HS_US_MAGIC
 * @version:      %HS_US_VERSION
 * @header_size:  sizeof(struct hs_us_header)
 * @stream_bytes: bytes of sealed chunk stream
 * @stream_pages: swap pages it takes (stream_bytes rounded up to pages)
 * @first_map:    byte offset on the device of the first map page
 * @nr_maps:      map pages in the chain
 * @map_digest:   SHA-256 of the map pages, in chain order
 * @reserved:     zero
 * @image:        the kernel's sealed image header (SNAPSHOT_SEAL_INFO)
 * @digest:       SHA-256 of everything above
 */
struct hs_us_header {
	char magic[16];
	uint32_t version;
	uint32_t header_size;
	uint64_t stream_bytes;
	uint64_t stream_pages;
	uint64_t first_map;
	uint64_t nr_maps;
	uint8_t map_digest[32];
	uint8_t reserved[32];
	struct hibseal_image_header image;
	uint8_t digest[32];
};

/**
 * struct hs_us_map - one map page, little-endian
 * @magic:    %HS_US_MAP_MAGIC
 * @next:     byte offset of the next map page; 0 in the last
 * @count:    entries used (1 to %HS_US_MAP_ENTRIES)
 * @reserved: zero
 * @entry:    byte offsets of stream pages, in stream order; unused ones zero
 */
struct hs_us_map {
	char magic[8];
	uint64_t next;
	uint32_t count;
	uint32_t reserved;
	uint64_t entry[HS_US_MAP_ENTRIES];
};

/**
 * struct hs_us_image - a stored stream as resume finds it
 * @hdr:   the header (host byte order for the numbers; @hdr.image as stored)
 * @pages: @hdr.stream_pages byte offsets of the stream pages, in order
 */
struct hs_us_image {
	struct hs_us_header hdr;
	uint64_t *pages;
};

/**
 * enum hs_us_found - what a swap header page holds
 */
enum hs_us_found {
	HS_US_SWAP,		/* a swap area with no image ("SWAPSPACE2") */
	HS_US_IMAGE,		/* our image ("ULSUSPEND" and struct hs_us_header) */
	HS_US_OTHER,		/* neither: some other signature, or none */
};

/**
 * hs_us_probe() - what the page at the resume offset holds
 * @page: HS_PAGE_SIZE bytes
 */
enum hs_us_found hs_us_probe(const uint8_t *page);

/**
 * hs_us_load() - find and check a stored stream's header and map
 * @src:         the resume device (or an image file)
 * @header_off:  byte offset of the swap header page
 * @img:         filled in; hs_us_image_free() it after a 0 return
 * @why:         receives the reason of a refusal
 * @why_size:    its size
 *
 * Checks the signature, every header field, the header's digest, the chain of map pages
 * (bounded by @nr_maps, each inside @src, page aligned, none twice), the map digest, and every
 * stream page offset (inside @src, page aligned, not the header page).
 *
 * Return: 0; -ENOENT when there is no image of ours (a swap area, a blank device, another
 * program's image: hs_us_probe() tells them apart); -EBADMSG for a damaged one;
 * -ENOMEM; or the -errno of @src's read.
 */
int hs_us_load(const struct hs_source *src, uint64_t header_off, struct hs_us_image *img,
	       char *why, size_t why_size);

/**
 * hs_us_image_free() - free what hs_us_load() allocated
 * @img: the image
 */
void hs_us_image_free(struct hs_us_image *img);

/**
 * hs_us_header_seal() - fill in a header's fixed fields and its digest
 * @h:            header with stream_bytes, first_map, nr_maps, map_digest and image set (host
 *                byte order); the rest is overwritten
 *
 * Converts the numbers to little-endian in place.
 */
void hs_us_header_seal(struct hs_us_header *h);

/**
 * hs_us_mark() - turn a swap header page into one announcing an image
 * @page: the swap header page as mkswap left it ("SWAPSPACE2")
 * @h:    the finished header
 */
void hs_us_mark(uint8_t *page, const struct hs_us_header *h);

/**
 * hs_us_unmark() - give a swap header page back to swap: "SWAPSPACE2", our header zeroed
 * @page: the swap header page
 */
void hs_us_unmark(uint8_t *page);

/**
 * hs_sha256() - SHA-256 of a buffer (OpenSSL)
 * @data: bytes
 * @len:  their number
 * @out:  32 bytes
 *
 * Return: 0, or -EIO if OpenSSL fails.
 */
int hs_sha256(const void *data, size_t len, uint8_t out[32]);

/**
 * struct hs_us_config - where hibseal suspend and resume find the image
 * @device:      the resume device (a block device path)
 * @offset:      the swap header's page on it (a swap file's resume offset), in pages
 * @have_device: @device was given
 * @have_offset: @offset was given
 * @ignored:     the keys read but not used, for the caller's warning
 */
struct hs_us_config {
	char device[256];
	unsigned long long offset;
	bool have_device;
	bool have_offset;
	char ignored[256];
};

/**
 * hs_us_config_parse() - read suspend-utils' configuration file format
 * @text:     the file's contents, NUL-terminated
 * @cfg:      updated with "resume device" and "resume offset" (@cfg->have_device and
 *            @cfg->have_offset set when they are there); the other keys (suspend-utils'
 *            compress, encrypt, splash, ...) are ignored, their names listed in @cfg->ignored
 *            (", " between them, "..." when the list is cut) for the caller to warn about
 * @why:      receives the reason of a refusal
 * @why_size: its size
 *
 * Lines are "key = value" or "key : value", '#' starts a comment, keys are matched without
 * regard to case.
 *
 * Return: 0, or -EINVAL for a line that is not "key = value" or a bad offset (@why says
 * which line).
 */
int hs_us_config_parse(const char *text, struct hs_us_config *cfg, char *why, size_t why_size);

#endif /* LIBHIBSEAL_USWSUSP_H */
