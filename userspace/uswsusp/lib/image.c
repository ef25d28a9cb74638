// SPDX-License-Identifier: GPL-2.0
/*
 * The structure of a sealed hibernation image on swap, checked without its key
 * (docs/design.md section 5.1; include/uapi/linux/hibseal.h). In swap pages:
 *
 *   header page    struct swsusp_header: S1SUSPEND, SF_SEALED, the first swap map page
 *                  (image) and the sealed header's page (seal_header)
 *   swap map       pages of 511 little-endian page numbers and a link to the next map page;
 *                  their entries, in order, list the pages of the chunk stream
 *   chunk 0        the metadata page sealed alone: chunk header | 4096 bytes | tag
 *   chunks 1..n-1  chunk header | ciphertext (len) | tag, each padded to whole pages,
 *                  the last one flagged HIBSEAL_CHUNK_FINAL
 *   sealed header  struct hibseal_image_header, in a page of its own, outside the map
 *
 * Nothing on the disk is authenticated at this point, so every number is checked against the
 * source's size and the format's limits before it is used as a size or an offset, each page
 * may be used once only (which also ends any loop in the swap map), and the rules are the
 * writer's: whatever the kernel's swap writer cannot produce is reported as damage.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#define _FILE_OFFSET_BITS 64	/* pread() anywhere on a large device, also on 32-bit */

#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>
#include <linux/hibseal.h>

#include "lib_private.h"

/* A swap map page: 511 data page numbers, then the next map page's number (0: the last). */
#define MAP_ENTRIES		(HS_PAGE_SIZE / 8 - 1)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * The tail of the kernel's packed struct swsusp_header (kernel/power/swap.c, 64-bit sector_t):
 * seal_header, hw_sig, crc32, image, flags, orig_sig, sig, ending at the end of the page.
 */
#define SWSUSP_TAIL_SIZE	48
#define SWSUSP_TAIL_OFFSET	(HS_PAGE_SIZE - SWSUSP_TAIL_SIZE)
#define TAIL_SEAL_HEADER	0
#define TAIL_IMAGE		16
#define TAIL_FLAGS		24
#define TAIL_ORIG_SIG		28
#define TAIL_SIG		38
#define SIG_SIZE		10

/* A data chunk's plaintext: one compressed unit of up to 32 pages, or those pages as they are. */
#define UNC_SIZE		(32 * HS_PAGE_SIZE)
/* The kernel's bytes_worst_compress() of a full unit: the longest ciphertext a chunk may carry */
#define CHUNK_LEN_MAX		(UNC_SIZE + UNC_SIZE / 16 + 64 + 3 + 2)

#define CHUNK_PAGES_MAX		HS_CHUNK_PAGES_MAX
_Static_assert(CHUNK_PAGES_MAX == (16 + CHUNK_LEN_MAX + HIBSEAL_TAG_MAX + HS_PAGE_SIZE - 1) /
	       HS_PAGE_SIZE, "HS_CHUNK_PAGES_MAX");

/* The creation ticket's tag in the key blob (TPM2_ST_CREATION) */
#define TPM2_ST_CREATION	0x8021

_Static_assert(sizeof(struct hibseal_chunk_header) == 16, "chunk header layout");
_Static_assert(sizeof(struct hibseal_image_header) == 1208, "image header layout");
_Static_assert(sizeof(struct hibseal_image_header) <= HS_PAGE_SIZE, "header fits its page");

/* One inspection: the source, what is known so far, and where the swap map walk stands. */
struct parser {
	const struct hs_source *src;
	struct hs_image_info *info;
	uint64_t dev_pages;
	uint64_t header_page;
	uint8_t *used;			/* bitmap: page already belongs to the image */
	uint8_t *map;			/* bitmap: page is a swap map page */
	uint64_t map_page;		/* the map page being walked */
	uint64_t entries[MAP_ENTRIES + 1];
	unsigned int next_entry;	/* its next entry to hand out */
	bool data_ended;		/* an unused entry or the chain's end was reached */
	uint64_t raw_pages;		/* pages held by uncompressed data chunks */
	const struct hs_chunk_visitor *visitor;	/* NULL: structure only */
	uint64_t chunk_pages[CHUNK_PAGES_MAX];	/* the pages of the chunk being checked */
	unsigned int nr_chunk_pages;
};

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_le64(const uint8_t *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

static uint16_t get_be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static int __attribute__((format(printf, 4, 5)))
damaged(struct parser *p, enum hs_region region, uint64_t chunk, const char *fmt, ...)
{
	va_list ap;

	p->info->region = region;
	p->info->chunk = chunk;
	va_start(ap, fmt);
	vsnprintf(p->info->reason, sizeof(p->info->reason), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Read part of a page that the caller has already checked lies inside the source. */
static int read_page(struct parser *p, enum hs_region region, uint64_t chunk, uint64_t page,
		     size_t off, void *buf, size_t len)
{
	int err;

	if (page >= p->dev_pages || off > HS_PAGE_SIZE || len > HS_PAGE_SIZE - off) {
		/* A bug here, not damage: refuse rather than read outside the source. */
		err = -ERANGE;
	} else {
		err = p->src->read(p->src->ctx, page * HS_PAGE_SIZE + off, buf, len);
		if (!err)
			return 0;
	}
	p->info->region = region;
	p->info->chunk = chunk;
	p->info->io_error = err < 0 ? -err : EIO;
	snprintf(p->info->reason, sizeof(p->info->reason), "cannot read page %" PRIu64, page);
	return -EIO;
}

static bool page_used(const uint8_t *bits, uint64_t page)
{
	return bits[page / 8] & (1u << (page % 8));
}

static void mark_page(uint8_t *bits, uint64_t page)
{
	bits[page / 8] |= (uint8_t)(1u << (page % 8));
}

/* Render the 10 signature bytes for a message: printable ASCII, the rest as \xNN. */
static const char *show_sig(const uint8_t *sig, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	/* room for the widest rendering, \xNN, and the NUL */
	for (int i = 0; i < SIG_SIZE && n + 4 < size; i++) {
		if (sig[i] >= 0x20 && sig[i] < 0x7f && sig[i] != '"' && sig[i] != '\\')
			n += (size_t)snprintf(out + n, size - n, "%c", sig[i]);
		else
			n += (size_t)snprintf(out + n, size - n, "\\x%02x", sig[i]);
	}
	return out;
}

/*
 * A page number the swap header points at: the first swap map page or the sealed header.
 * Both are pages of the swap area, never its header page or page 0 of the device.
 */
static int check_header_pointer(struct parser *p, const char *what, uint64_t page)
{
	if (!page)
		return damaged(p, HS_REGION_SWAP_HEADER, 0, "%s is page 0", what);
	if (page == p->header_page)
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "%s is the swap header's own page %" PRIu64, what, page);
	if (page >= p->dev_pages)
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "%s is page %" PRIu64 ", beyond the end of the device (%" PRIu64
			       " pages)", what, page, p->dev_pages);
	return 0;
}

/* The swap header: the hibernation signature, the flags and the two pages it points at. */
static int check_swap_header(struct parser *p, uint64_t *first_map_page)
{
	static const uint8_t hibernate_sig[SIG_SIZE] = "S1SUSPEND";
	uint8_t tail[SWSUSP_TAIL_SIZE];
	struct hs_image_info *info = p->info;
	char shown[4 * SIG_SIZE + 1];
	uint32_t flags;
	int err;

	err = read_page(p, HS_REGION_SWAP_HEADER, 0, p->header_page, SWSUSP_TAIL_OFFSET, tail,
			sizeof(tail));
	if (err)
		return err;
	if (memcmp(tail + TAIL_SIG, hibernate_sig, SIG_SIZE))
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "no hibernation image: the signature is \"%s\", not S1SUSPEND",
			       show_sig(tail + TAIL_SIG, shown, sizeof(shown)));
	/* Resuming, or discarding, puts this signature back: it must be a swap signature. */
	if (memcmp(tail + TAIL_ORIG_SIG, "SWAPSPACE2", SIG_SIZE) &&
	    memcmp(tail + TAIL_ORIG_SIG, "SWAP-SPACE", SIG_SIZE))
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "the saved swap signature is \"%s\", not SWAPSPACE2 or SWAP-SPACE",
			       show_sig(tail + TAIL_ORIG_SIG, shown, sizeof(shown)));
	flags = get_le32(tail + TAIL_FLAGS);
	info->swap_flags = flags;
	if (flags & ~(uint32_t)HS_SF_KNOWN)
		return damaged(p, HS_REGION_SWAP_HEADER, 0, "unknown flags 0x%" PRIx32 " (flags 0x%"
			       PRIx32 ")", flags & ~(uint32_t)HS_SF_KNOWN, flags);
	if (!(flags & HS_SF_SEALED))
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "not a sealed image: SF_SEALED is clear (flags 0x%" PRIx32 ")",
			       flags);
	/* The image MAC replaces the CRC32; a sealed image never carries one. */
	if (flags & HS_SF_CRC32_MODE)
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "SF_CRC32_MODE is set on a sealed image (flags 0x%" PRIx32 ")",
			       flags);
	/* The writer names an algorithm only for compressed data. */
	if ((flags & HS_SF_NOCOMPRESS_MODE) && (flags & HS_SF_COMPRESSION_ALG_LZ4))
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "SF_COMPRESSION_ALG_LZ4 is set on an uncompressed image (flags 0x%"
			       PRIx32 ")", flags);
	info->compressed = !(flags & HS_SF_NOCOMPRESS_MODE);
	info->lz4 = flags & HS_SF_COMPRESSION_ALG_LZ4;

	*first_map_page = get_le64(tail + TAIL_IMAGE);
	info->seal_header_page = get_le64(tail + TAIL_SEAL_HEADER);
	err = check_header_pointer(p, "the first swap map page", *first_map_page);
	if (!err)
		err = check_header_pointer(p, "the sealed header", info->seal_header_page);
	if (err)
		return err;
	if (*first_map_page == info->seal_header_page)
		return damaged(p, HS_REGION_SWAP_HEADER, 0,
			       "the first swap map page and the sealed header are both page %"
			       PRIu64, *first_map_page);
	mark_page(p->used, info->seal_header_page);
	return 0;
}

/* One TPM2B of the key blob at @pos: a big-endian u16 size and that many bytes. */
static int take_tpm2b(struct parser *p, const uint8_t *blob, uint32_t size, uint32_t *pos,
		      const char *what)
{
	uint32_t n;

	if (size - *pos < 2)
		return damaged(p, HS_REGION_KEY_BLOB, 0, "the %s's size runs past key_blob_size %"
			       PRIu32, what, size);
	n = get_be16(blob + *pos);
	*pos += 2;
	if (size - *pos < n)
		return damaged(p, HS_REGION_KEY_BLOB, 0, "the %s's %" PRIu32 " bytes run past "
			       "key_blob_size %" PRIu32, what, n, size);
	*pos += n;
	return 0;
}

/*
 * The key blob's framing, as the TPM returned it to TPM2_Create: TPM2B_PRIVATE, TPM2B_PUBLIC,
 * TPM2B_CREATION_DATA, TPM2B_DIGEST, then TPMT_TK_CREATION (tag, hierarchy, TPM2B digest),
 * filling exactly key_blob_size bytes; the rest of the field is zero. What the parts hold is
 * the TPM's to judge when it unseals.
 */
static int check_key_blob(struct parser *p, const struct hibseal_image_header *hdr)
{
	static const char *const parts[] = {
		"private area", "public area", "creation data", "creation hash",
	};
	uint32_t size = le32toh(hdr->key_blob_size), pos = 0;
	const uint8_t *blob = hdr->key_blob;
	int err = 0;

	p->info->key_blob_size = size;
	if (!size || size > HIBSEAL_KEY_BLOB_MAX)
		return damaged(p, HS_REGION_KEY_BLOB, 0, "key_blob_size is %" PRIu32
			       ", must be 1..%d", size, HIBSEAL_KEY_BLOB_MAX);
	for (size_t i = 0; !err && i < ARRAY_SIZE(parts); i++)
		err = take_tpm2b(p, blob, size, &pos, parts[i]);
	if (err)
		return err;
	/* the creation ticket: tag (2 bytes) and hierarchy (4) before its digest */
	if (size - pos < 6)
		return damaged(p, HS_REGION_KEY_BLOB, 0, "the creation ticket runs past "
			       "key_blob_size %" PRIu32, size);
	if (get_be16(blob + pos) != TPM2_ST_CREATION)
		return damaged(p, HS_REGION_KEY_BLOB, 0, "the creation ticket's tag is 0x%04x, "
			       "not 0x%04x", get_be16(blob + pos), TPM2_ST_CREATION);
	pos += 6;
	err = take_tpm2b(p, blob, size, &pos, "creation ticket's digest");
	if (err)
		return err;
	if (pos != size)
		return damaged(p, HS_REGION_KEY_BLOB, 0, "key_blob_size %" PRIu32 " leaves %" PRIu32
			       " stray bytes after the creation ticket", size, size - pos);
	for (pos = size; pos < HIBSEAL_KEY_BLOB_MAX; pos++)
		if (blob[pos])
			return damaged(p, HS_REGION_KEY_BLOB, 0, "byte %" PRIu32 " of the key blob "
				       "field, past key_blob_size %" PRIu32 ", is 0x%02x, not 0",
				       pos, size, blob[pos]);
	return 0;
}

/* The sealed header's fields that say what the image is, before its key blob. */
static int check_seal_fields(struct parser *p, const struct hibseal_image_header *hdr)
{
	struct hs_image_info *info = p->info;
	unsigned int want_tag;

	info->version = le16toh(hdr->version);
	if (info->version != HIBSEAL_VERSION)
		return damaged(p, HS_REGION_SEAL_HEADER, 0,
			       "version %u, this tool reads version %d (version 1 did not bind the construction into its keys: hibernate again)",
			       info->version, HIBSEAL_VERSION);
	if (le16toh(hdr->header_size) != sizeof(*hdr))
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "header_size %u, version %d's is %zu",
			       le16toh(hdr->header_size), HIBSEAL_VERSION, sizeof(*hdr));
	info->aead = le16toh(hdr->aead);
	if (info->aead == HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256)
		want_tag = 32;
	else if (info->aead == HIBSEAL_AEAD_AES256_GCM)
		want_tag = 16;
	else
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "unknown construction: aead %u",
			       info->aead);
	info->tag_size = le16toh(hdr->tag_size);
	if (info->tag_size != want_tag)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "tag_size %u, %s uses %u",
			       info->tag_size, hs_aead_name(info->aead), want_tag);
	if (hdr->flags)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "flags 0x%" PRIx32 ", none are defined",
			       le32toh(hdr->flags));
	if (hdr->reserved1)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "reserved1 is 0x%" PRIx32 ", not 0",
			       le32toh(hdr->reserved1));
	for (size_t i = 0; i < sizeof(hdr->reserved2); i++)
		if (hdr->reserved2[i])
			return damaged(p, HS_REGION_SEAL_HEADER, 0,
				       "reserved2 byte %zu is 0x%02x, not 0", i, hdr->reserved2[i]);
	return 0;
}

/* The sealed image header, in the page the swap header names. */
static int check_seal_header(struct parser *p)
{
	static const uint8_t magic[8] = HIBSEAL_MAGIC;
	struct hs_image_info *info = p->info;
	struct hibseal_image_header hdr;
	uint8_t page[HS_PAGE_SIZE];
	uint32_t swsusp_flags;
	int err;

	err = read_page(p, HS_REGION_SEAL_HEADER, 0, info->seal_header_page, 0, page,
			sizeof(page));
	if (err)
		return err;
	memcpy(&hdr, page, sizeof(hdr));
	if (memcmp(hdr.magic, magic, sizeof(magic)))
		return damaged(p, HS_REGION_SEAL_HEADER, 0,
			       "no sealed image header at page %" PRIu64 ": wrong magic",
			       info->seal_header_page);
	err = check_seal_fields(p, &hdr);
	if (err)
		return err;
	/* The writer zeroes the page before filling in the header. */
	for (size_t i = sizeof(hdr); i < sizeof(page); i++)
		if (page[i])
			return damaged(p, HS_REGION_SEAL_HEADER, 0, "byte %zu of the header page, "
				       "after the header, is 0x%02x, not 0", i, page[i]);

	info->nr_chunks = le64toh(hdr.nr_chunks);
	info->image_pages = le64toh(hdr.image_pages);
	info->counter = le64toh(hdr.counter);
	if (info->nr_chunks < 2)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "nr_chunks is %" PRIu64
			       ", but an image has a metadata chunk and at least one data chunk",
			       info->nr_chunks);
	if (!info->image_pages)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "image_pages is 0");
	/* The swap header is not authenticated: its flags are checked against the sealed copy. */
	swsusp_flags = le32toh(hdr.swsusp_flags);
	if (swsusp_flags != (info->swap_flags & ~(uint32_t)HS_SF_HW_SIG))
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "swsusp_flags 0x%" PRIx32
			       " differ from the swap header's flags 0x%" PRIx32
			       " (less SF_HW_SIG)", swsusp_flags,
			       info->swap_flags & ~(uint32_t)HS_SF_HW_SIG);
	return check_key_blob(p, &hdr);
}

/* Move the walk to swap map page @page, which @from links to (0: the swap header does). */
static int load_map_page(struct parser *p, uint64_t page, uint64_t from)
{
	uint8_t raw[HS_PAGE_SIZE];
	int err;

	if (page >= p->dev_pages)
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "map page %" PRIu64 " links to page %" PRIu64 ", beyond the end of "
			       "the device (%" PRIu64 " pages)", from, page, p->dev_pages);
	if (page_used(p->map, page))
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "the swap map loops: map page %" PRIu64 " links back to map page %"
			       PRIu64, from, page);
	if (page_used(p->used, page))
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "map page %" PRIu64 " links to page %" PRIu64
			       ", which holds other image data", from, page);
	err = read_page(p, HS_REGION_SWAP_MAP, p->info->chunks_found, page, 0, raw, sizeof(raw));
	if (err)
		return err;
	mark_page(p->used, page);
	mark_page(p->map, page);
	for (unsigned int k = 0; k <= MAP_ENTRIES; k++)
		p->entries[k] = get_le64(raw + 8 * k);
	p->map_page = page;
	p->next_entry = 0;
	p->info->map_pages++;
	return 0;
}

/*
 * The next page of the chunk stream, or 0 once the data ends: at the first unused entry, as
 * the kernel's reader stops there, or at the end of the chain.
 */
static int next_data_page(struct parser *p, uint64_t *page)
{
	unsigned int k;
	uint64_t entry;
	int err;

	*page = 0;
	while (!p->data_ended && p->next_entry == MAP_ENTRIES) {
		if (!p->entries[MAP_ENTRIES]) {
			p->data_ended = true;
			break;
		}
		err = load_map_page(p, p->entries[MAP_ENTRIES], p->map_page);
		if (err)
			return err;
	}
	if (p->data_ended)
		return 0;
	k = p->next_entry;
	entry = p->entries[k];
	if (!entry) {
		p->data_ended = true;
		return 0;
	}
	if (entry >= p->dev_pages)
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "entry %u of map page %" PRIu64 " is page %" PRIu64
			       ", beyond the end of the device (%" PRIu64 " pages)",
			       k, p->map_page, entry, p->dev_pages);
	if (page_used(p->used, entry))
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "entry %u of map page %" PRIu64 " is page %" PRIu64
			       ", which the image already uses", k, p->map_page, entry);
	mark_page(p->used, entry);
	p->next_entry++;
	p->info->chunk_pages++;
	*page = entry;
	return 0;
}

/*
 * Take the pages of chunk @index after its first (@first): a chunk's pages are consecutive
 * entries. Then hand the whole chunk to the visitor, if there is one.
 */
static int take_chunk_pages(struct parser *p, enum hs_region region, uint64_t index,
			    uint64_t first, uint64_t pages, uint32_t len)
{
	uint64_t page;
	int err;

	if (pages > CHUNK_PAGES_MAX)
		return damaged(p, region, index, "takes %" PRIu64 " pages, more than any chunk",
			       pages);
	p->chunk_pages[0] = first;
	for (uint64_t i = 1; i < pages; i++) {
		err = next_data_page(p, &page);
		if (err)
			return err;
		if (!page)
			return damaged(p, region, index, "cut off: it needs %" PRIu64 " pages, the "
				       "swap map ends after %" PRIu64, pages, i);
		p->chunk_pages[i] = page;
	}
	p->nr_chunk_pages = (unsigned int)pages;
	if (!p->visitor)
		return 0;
	err = p->visitor->chunk(p->visitor->ctx, p->info, index, p->chunk_pages,
				p->nr_chunk_pages, len);
	if (err && !p->info->region) {
		p->info->region = region;
		p->info->chunk = index;
	}
	return err;
}

static uint64_t chunk_pages(const struct parser *p, uint32_t len)
{
	uint64_t bytes = sizeof(struct hibseal_chunk_header) + (uint64_t)len + p->info->tag_size;

	return (bytes + HS_PAGE_SIZE - 1) / HS_PAGE_SIZE;
}

static int read_chunk_header(struct parser *p, enum hs_region region, uint64_t index,
			     uint64_t page, struct hibseal_chunk_header *hdr)
{
	int err = read_page(p, region, index, page, 0, hdr, sizeof(*hdr));

	if (err)
		return err;
	if (le32toh(hdr->magic) != HIBSEAL_CHUNK_MAGIC)
		return damaged(p, region, index, "wrong magic 0x%08" PRIx32 " at page %" PRIu64
			       ", not 0x%08x (HSCK)", le32toh(hdr->magic), page,
			       HIBSEAL_CHUNK_MAGIC);
	if (hdr->reserved)
		return damaged(p, region, index, "reserved is 0x%" PRIx32 ", not 0",
			       le32toh(hdr->reserved));
	return 0;
}

/* Chunk 0: the metadata page, sealed alone: neither compressed nor final, exactly one page. */
static int check_metadata_chunk(struct parser *p)
{
	const enum hs_region region = HS_REGION_METADATA_CHUNK;
	struct hibseal_chunk_header hdr;
	uint64_t page;
	int err;

	err = next_data_page(p, &page);
	if (err)
		return err;
	if (!page)
		return damaged(p, region, 0, "missing: the swap map lists no pages");
	err = read_chunk_header(p, region, 0, page, &hdr);
	if (err)
		return err;
	if (hdr.flags)
		return damaged(p, region, 0, "flags 0x%" PRIx32 ", the metadata chunk has none",
			       le32toh(hdr.flags));
	if (le32toh(hdr.len) != HS_PAGE_SIZE)
		return damaged(p, region, 0, "len %" PRIu32
			       ", the metadata chunk holds one %d-byte page", le32toh(hdr.len),
			       HS_PAGE_SIZE);
	err = take_chunk_pages(p, region, 0, page, chunk_pages(p, HS_PAGE_SIZE), HS_PAGE_SIZE);
	if (!err)
		p->info->chunks_found = 1;
	return err;
}

#define COMPRESSION_FLAGS	(HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_LZ4)

/* What a data chunk's compression flags, or a swap header's, say. */
static const char *compression_name(uint32_t chunk_flags)
{
	switch (chunk_flags) {
	case 0:
		return "not compressed";
	case HIBSEAL_CHUNK_LZO:
		return "LZO-compressed";
	case HIBSEAL_CHUNK_LZ4:
		return "LZ4-compressed";
	default:
		return "flagged both LZO and LZ4";
	}
}

/* Data chunk @index, whose first page is @page. Sets @final if it ends the stream. */
static int check_data_chunk(struct parser *p, uint64_t index, uint64_t page, bool *final)
{
	const enum hs_region region = HS_REGION_DATA_CHUNK;
	const uint32_t want = !p->info->compressed ? 0 :
			      p->info->lz4 ? HIBSEAL_CHUNK_LZ4 : HIBSEAL_CHUNK_LZO;
	struct hibseal_chunk_header hdr;
	uint32_t flags, len;
	int err;

	err = read_chunk_header(p, region, index, page, &hdr);
	if (err)
		return err;
	flags = le32toh(hdr.flags);
	len = le32toh(hdr.len);
	if (flags & ~(uint32_t)HIBSEAL_CHUNK_FLAGS)
		return damaged(p, region, index, "unknown flags 0x%" PRIx32 " (flags 0x%" PRIx32
			       ")", flags & ~(uint32_t)HIBSEAL_CHUNK_FLAGS, flags);
	if (!len || len > CHUNK_LEN_MAX)
		return damaged(p, region, index, "len %" PRIu32 ", must be 1..%d (the largest "
			       "compressed output of 32 pages)", len, CHUNK_LEN_MAX);
	/* The writer compresses every data chunk with the header's algorithm, or none. */
	if ((flags & COMPRESSION_FLAGS) != want)
		return damaged(p, region, index, "%s, but the swap header says %s",
			       compression_name(flags & COMPRESSION_FLAGS),
			       compression_name(want));
	if (!want && (len % HS_PAGE_SIZE || len > UNC_SIZE))
		return damaged(p, region, index, "uncompressed len %" PRIu32 " is not 1..32 whole "
			       "pages", len);
	err = take_chunk_pages(p, region, index, page, chunk_pages(p, len), len);
	if (err)
		return err;
	if (!want)
		p->raw_pages += len / HS_PAGE_SIZE;
	p->info->compressed_bytes += len;
	p->info->chunks_found = index + 1;
	*final = flags & HIBSEAL_CHUNK_FINAL;
	return 0;
}

/* After the data: the writer leaves no entry in use and links no further map page. */
static int check_map_end(struct parser *p)
{
	uint64_t next = p->entries[MAP_ENTRIES];

	for (unsigned int k = p->next_entry; k < MAP_ENTRIES; k++)
		if (p->entries[k])
			return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
				       "entry %u of map page %" PRIu64 " lists page %" PRIu64
				       " after the end of the data", k, p->map_page, p->entries[k]);
	if (next && next < p->dev_pages && page_used(p->map, next))
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "the swap map loops: map page %" PRIu64 " links back to map page %"
			       PRIu64, p->map_page, next);
	if (next)
		return damaged(p, HS_REGION_SWAP_MAP, p->info->chunks_found,
			       "map page %" PRIu64 " links to page %" PRIu64
			       " after the end of the data", p->map_page, next);
	return 0;
}

/* The chunk stream over the swap map: chunk 0, then data chunks up to the final one. */
static int walk_chunks(struct parser *p, uint64_t first_map_page)
{
	uint64_t index, page;
	bool final = false;
	int err;

	err = load_map_page(p, first_map_page, 0);
	if (!err)
		err = check_metadata_chunk(p);
	if (err)
		return err;
	/* Each chunk takes at least one fresh page, so the walk ends within the device. */
	for (index = 1; !final; index++) {
		err = next_data_page(p, &page);
		if (err)
			return err;
		if (!page && index == 1)
			return damaged(p, HS_REGION_DATA_CHUNK, 1,
				       "missing: the swap map ends after the metadata chunk");
		if (!page)
			return damaged(p, HS_REGION_DATA_CHUNK, index - 1,
				       "not marked final, but the swap map ends after it");
		err = check_data_chunk(p, index, page, &final);
		if (err)
			return err;
	}
	err = next_data_page(p, &page);
	if (err)
		return err;
	if (page)
		return damaged(p, HS_REGION_DATA_CHUNK, index - 1,
			       "marked final, but the swap map lists page %" PRIu64 " after it",
			       page);
	return check_map_end(p);
}

/* The sealed header's counts against the stream found. */
static int check_totals(struct parser *p)
{
	struct hs_image_info *info = p->info;
	uint64_t data_chunks = info->chunks_found - 1, data_pages = info->image_pages - 1;

	if (info->chunks_found != info->nr_chunks)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "nr_chunks is %" PRIu64
			       ", but the image holds %" PRIu64 " chunks", info->nr_chunks,
			       info->chunks_found);
	/* The snapshot must complete exactly at the final chunk's last page. */
	if (!info->compressed && p->raw_pages != data_pages)
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "image_pages is %" PRIu64 ", but the "
			       "chunks hold the metadata page and %" PRIu64 " pages",
			       info->image_pages, p->raw_pages);
	/* No overflow: data_chunks is below the device's page count, itself below 2^52. */
	if (info->compressed && (data_pages < data_chunks || data_pages > data_chunks * 32))
		return damaged(p, HS_REGION_SEAL_HEADER, 0, "image_pages is %" PRIu64 ", but %"
			       PRIu64 " data chunks of 1..32 pages each hold %" PRIu64 "..%" PRIu64
			       " pages besides the metadata page", info->image_pages, data_chunks,
			       data_chunks, data_chunks * 32);
	info->pages_used = info->map_pages + info->chunk_pages + 1;
	return 0;
}

int hs_image_inspect(const struct hs_source *src, uint64_t header_page,
		     struct hs_image_info *info)
{
	return hs_image_walk(src, header_page, NULL, info);
}

int hs_image_walk(const struct hs_source *src, uint64_t header_page,
		  const struct hs_chunk_visitor *visitor, struct hs_image_info *info)
{
	struct parser *p;
	uint64_t first_map_page = 0;
	size_t bitmap_bytes;
	int err;

	memset(info, 0, sizeof(*info));
	p = calloc(1, sizeof(*p));
	if (!p) {
		snprintf(info->reason, sizeof(info->reason), "out of memory");
		return -ENOMEM;
	}
	p->src = src;
	p->info = info;
	p->visitor = visitor;
	p->header_page = header_page;
	p->dev_pages = src->size / HS_PAGE_SIZE;
	if (header_page >= p->dev_pages) {
		err = damaged(p, HS_REGION_SWAP_HEADER, 0, "the device holds %" PRIu64
			      " whole pages, no swap header at page %" PRIu64, p->dev_pages,
			      header_page);
		goto out;
	}
	/* One bit per page of the device: each page may belong to the image once. */
	bitmap_bytes = p->dev_pages / 8 + 1;
	if (bitmap_bytes != p->dev_pages / 8 + 1) {
		err = -ENOMEM;
	} else {
		p->used = calloc(1, bitmap_bytes);
		p->map = calloc(1, bitmap_bytes);
		err = p->used && p->map ? 0 : -ENOMEM;
	}
	if (err) {
		snprintf(info->reason, sizeof(info->reason), "out of memory for a bitmap of %"
			 PRIu64 " pages", p->dev_pages);
		goto out;
	}
	mark_page(p->used, header_page);
	err = check_swap_header(p, &first_map_page);
	if (!err)
		err = check_seal_header(p);
	if (!err)
		err = walk_chunks(p, first_map_page);
	if (!err)
		err = check_totals(p);
out:
	free(p->map);
	free(p->used);
	free(p);
	return err;
}

static int memory_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	memcpy(buf, (const uint8_t *)ctx + off, len);
	return 0;
}

void hs_source_memory(struct hs_source *src, const void *data, size_t size)
{
	src->read = memory_read;
	src->size = size;
	src->ctx = (void *)(uintptr_t)data;
}

static int fd_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	int fd = (int)(intptr_t)ctx;
	uint8_t *p = buf;
	ssize_t n;

	while (len) {
		if (off > INT64_MAX)
			return -EOVERFLOW;
		n = pread(fd, p, len, (off_t)off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (!n)		/* shrank since its size was taken */
			return -EIO;
		p += n;
		off += (uint64_t)n;
		len -= (size_t)n;
	}
	return 0;
}

int hs_source_fd(struct hs_source *src, int fd)
{
	struct stat st;
	uint64_t size;

	if (fstat(fd, &st))
		return -errno;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (S_ISREG(st.st_mode)) {
		size = (uint64_t)st.st_size;
	} else if (S_ISBLK(st.st_mode)) {
		if (ioctl(fd, BLKGETSIZE64, &size))
			return -errno;
	} else {
		return -ENOTBLK;
	}
	src->read = fd_read;
	src->size = size;
	src->ctx = (void *)(intptr_t)fd;
	return 0;
}

const char *hs_region_name(enum hs_region region)
{
	switch (region) {
	case HS_REGION_NONE:
		return "none";
	case HS_REGION_SWAP_HEADER:
		return "swap-header";
	case HS_REGION_SEAL_HEADER:
		return "seal-header";
	case HS_REGION_KEY_BLOB:
		return "key-blob";
	case HS_REGION_SWAP_MAP:
		return "swap-map";
	case HS_REGION_METADATA_CHUNK:
		return "metadata-chunk";
	case HS_REGION_DATA_CHUNK:
		return "data-chunk";
	case HS_REGION_IMAGE_MAC:
		return "image-mac";
	}
	return "unknown";
}

const char *hs_aead_name(unsigned int aead)
{
	switch (aead) {
	case HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256:
		return "AES-256-CTR + HMAC-SHA256";
	case HIBSEAL_AEAD_AES256_GCM:
		return "AES-256-GCM";
	}
	return "unknown";
}
