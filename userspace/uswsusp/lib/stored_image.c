// SPDX-License-Identifier: GPL-2.0
/*
 * libhibseal, uswsusp part: the stored stream's header and map (lib/stored_image.h); the
 * configuration file's parser is lib/config.c. Every number read from a device is checked
 * before it is used, and every walk is bounded, so any bytes may be handed to the parsers
 * (fuzz/fuzz_uswsusp.c).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <ctype.h>
#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/evp.h>

#include "stored_image.h"

_Static_assert(sizeof(struct hs_us_header) == 1360, "hs_us_header layout");
_Static_assert(HS_US_HEADER_OFFSET + sizeof(struct hs_us_header) <= HS_SIG_OFFSET,
	       "hs_us_header fits before the signature");
_Static_assert(sizeof(struct hs_us_map) == HS_PAGE_SIZE, "hs_us_map is one page");

static int refuse(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (why && size)
		vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -EBADMSG;
}

int hs_sha256(const void *data, size_t len, uint8_t out[32])
{
	unsigned int n = 32;

	return EVP_Digest(data, len, out, &n, EVP_sha256(), NULL) == 1 && n == 32 ? 0 : -EIO;
}

static bool all_zero(const void *p, size_t len)
{
	const uint8_t *b = p;

	while (len--)
		if (*b++)
			return false;
	return true;
}

enum hs_us_found hs_us_probe(const uint8_t *page)
{
	if (!memcmp(page + HS_SIG_OFFSET, HS_SIG_SWAP, 10))
		return HS_US_SWAP;
	if (!memcmp(page + HS_SIG_OFFSET, HS_SIG_SUSPENDED, sizeof(HS_SIG_SUSPENDED)) &&
	    !memcmp(page + HS_US_HEADER_OFFSET, HS_US_MAGIC, sizeof(HS_US_MAGIC)))
		return HS_US_IMAGE;
	return HS_US_OTHER;
}

/* A swap page offset: page aligned, a whole page inside the source, not the header page. */
static bool page_ok(const struct hs_source *src, uint64_t off, uint64_t header_off)
{
	return off && !(off % HS_PAGE_SIZE) && off != header_off &&
	       off <= src->size && src->size - off >= HS_PAGE_SIZE;
}

static int check_header(const struct hs_source *src, uint64_t header_off,
			struct hs_us_header *h, char *why, size_t size)
{
	uint8_t digest[32];
	uint64_t pages;

	if (hs_sha256(h, offsetof(struct hs_us_header, digest), digest))
		return -EIO;
	if (memcmp(digest, h->digest, sizeof(digest)))
		return refuse(why, size, "its header's digest does not match (a torn or damaged write)");
	h->version = le32toh(h->version);
	h->header_size = le32toh(h->header_size);
	h->stream_bytes = le64toh(h->stream_bytes);
	h->stream_pages = le64toh(h->stream_pages);
	h->first_map = le64toh(h->first_map);
	h->nr_maps = le64toh(h->nr_maps);
	if (h->version != HS_US_VERSION)
		return refuse(why, size, "its header is version %" PRIu32 ", this is %d", h->version,
			      HS_US_VERSION);
	if (h->header_size != sizeof(*h))
		return refuse(why, size, "its header size is %" PRIu32 ", not %zu", h->header_size,
			      sizeof(*h));
	if (!all_zero(h->reserved, sizeof(h->reserved)))
		return refuse(why, size, "its header's reserved field is not zero");
	if (!h->stream_bytes || h->stream_bytes > HS_US_STREAM_MAX)
		return refuse(why, size, "its stream length %" PRIu64 " is out of range",
			      h->stream_bytes);
	pages = (h->stream_bytes + HS_PAGE_SIZE - 1) / HS_PAGE_SIZE;
	if (h->stream_pages != pages)
		return refuse(why, size, "its header gives %" PRIu64 " stream pages for %" PRIu64
			      " bytes", h->stream_pages, h->stream_bytes);
	if (pages > src->size / HS_PAGE_SIZE)
		return refuse(why, size, "its stream (%" PRIu64 " pages) is larger than the device",
			      pages);
	if (h->nr_maps != (pages + HS_US_MAP_ENTRIES - 1) / HS_US_MAP_ENTRIES)
		return refuse(why, size, "its header gives %" PRIu64 " map pages for %" PRIu64
			      " stream pages", h->nr_maps, pages);
	if (!page_ok(src, h->first_map, header_off))
		return refuse(why, size, "its first map page (offset %" PRIu64 ") is not on the device",
			      h->first_map);
	if (memcmp(h->image.magic, HIBSEAL_MAGIC, sizeof(h->image.magic)))
		return refuse(why, size, "it holds no sealed image header");
	return 0;
}

int hs_us_load(const struct hs_source *src, uint64_t header_off, struct hs_us_image *img,
	       char *why, size_t why_size)
{
	struct hs_us_map *map = NULL;
	uint8_t *page = NULL, digest[32];
	EVP_MD_CTX *md = NULL;
	uint64_t off, i, n = 0;
	unsigned int dlen;
	int err;

	memset(img, 0, sizeof(*img));
	if (header_off % HS_PAGE_SIZE || header_off > src->size ||
	    src->size - header_off < HS_PAGE_SIZE)
		return refuse(why, why_size, "the resume offset is not a page on the device");
	page = malloc(HS_PAGE_SIZE);
	map = malloc(sizeof(*map));
	md = EVP_MD_CTX_new();
	if (!page || !map || !md) {
		err = -ENOMEM;
		goto out;
	}
	err = src->read(src->ctx, header_off, page, HS_PAGE_SIZE);
	if (err)
		goto out;
	/* A swap area, or anything else (a blank disk, another program's image): none of ours. */
	if (hs_us_probe(page) != HS_US_IMAGE) {
		err = -ENOENT;
		goto out;
	}
	memcpy(&img->hdr, page + HS_US_HEADER_OFFSET, sizeof(img->hdr));
	err = check_header(src, header_off, &img->hdr, why, why_size);
	if (err)
		goto out;
	img->pages = calloc(img->hdr.stream_pages, sizeof(*img->pages));
	if (!img->pages || EVP_DigestInit_ex(md, EVP_sha256(), NULL) != 1) {
		err = img->pages ? -EIO : -ENOMEM;
		goto out;
	}
	off = img->hdr.first_map;
	for (i = 0; i < img->hdr.nr_maps; i++) {
		uint64_t next, count, j, want;

		if (!page_ok(src, off, header_off)) {
			err = refuse(why, why_size, "map page %" PRIu64 " (offset %" PRIu64 ") is not on the device",
				     i, off);
			goto out;
		}
		err = src->read(src->ctx, off, map, sizeof(*map));
		if (err)
			goto out;
		if (EVP_DigestUpdate(md, map, sizeof(*map)) != 1) {
			err = -EIO;
			goto out;
		}
		next = le64toh(map->next);
		count = le32toh(map->count);
		want = img->hdr.stream_pages - n < HS_US_MAP_ENTRIES ?
			img->hdr.stream_pages - n : HS_US_MAP_ENTRIES;
		if (memcmp(map->magic, HS_US_MAP_MAGIC, sizeof(map->magic)) || map->reserved ||
		    count != want || !all_zero(map->entry + count,
						(HS_US_MAP_ENTRIES - count) * sizeof(map->entry[0])) ||
		    (i + 1 == img->hdr.nr_maps) != !next) {
			err = refuse(why, why_size, "map page %" PRIu64 " (offset %" PRIu64 ") is malformed",
				     i, off);
			goto out;
		}
		for (j = 0; j < count; j++) {
			uint64_t p = le64toh(map->entry[j]);

			if (!page_ok(src, p, header_off)) {
				err = refuse(why, why_size, "stream page %" PRIu64 " (offset %" PRIu64 ") is not on the device",
					     n, p);
				goto out;
			}
			img->pages[n++] = p;
		}
		off = next;
	}
	if (EVP_DigestFinal_ex(md, digest, &dlen) != 1 || dlen != sizeof(digest)) {
		err = -EIO;
		goto out;
	}
	if (memcmp(digest, img->hdr.map_digest, sizeof(digest))) {
		err = refuse(why, why_size, "its map does not match the digest in its header");
		goto out;
	}
	err = 0;
out:
	if (err)
		hs_us_image_free(img);
	EVP_MD_CTX_free(md);
	free(map);
	free(page);
	return err;
}

static int __attribute__((format(printf, 4, 5)))
inspect_damaged(struct hs_image_info *info, enum hs_region region, uint64_t chunk,
		const char *fmt, ...)
{
	va_list ap;

	info->region = region;
	info->chunk = chunk;
	va_start(ap, fmt);
	vsnprintf(info->reason, sizeof(info->reason), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* @len bytes of the stream from @off, through the map. */
static int stream_read(const struct hs_source *src, const struct hs_us_image *img, uint64_t off,
		       void *buf, size_t len)
{
	uint8_t *out = buf;

	while (len) {
		uint64_t page = off / HS_PAGE_SIZE, in = off % HS_PAGE_SIZE;
		size_t n = HS_PAGE_SIZE - in < len ? HS_PAGE_SIZE - in : len;
		int err = src->read(src->ctx, img->pages[page] + in, out, n);

		if (err)
			return err;
		out += n;
		off += n;
		len -= n;
	}
	return 0;
}

/* The sealed image header's fields, as hibseal inspect checks a swap writer's. */
static int inspect_image_header(const struct hibseal_image_header *hdr,
				struct hs_image_info *info)
{
	const enum hs_region region = HS_REGION_SEAL_HEADER;
	unsigned int want_tag;
	size_t i;

	info->version = le16toh(hdr->version);
	info->aead = le16toh(hdr->aead);
	info->tag_size = le16toh(hdr->tag_size);
	info->key_blob_size = le32toh(hdr->key_blob_size);
	info->nr_chunks = le64toh(hdr->nr_chunks);
	info->image_pages = le64toh(hdr->image_pages);
	info->counter = le64toh(hdr->counter);
	info->compressed = true;
	if (info->version != HIBSEAL_VERSION || le16toh(hdr->header_size) != sizeof(*hdr))
		return inspect_damaged(info, region, 0, "version %u, size %u: not version %d's",
				       info->version, le16toh(hdr->header_size), HIBSEAL_VERSION);
	want_tag = info->aead == HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256 ? 32 :
		   info->aead == HIBSEAL_AEAD_AES256_GCM ? 16 : 0;
	if (!want_tag || info->tag_size != want_tag)
		return inspect_damaged(info, region, 0, "aead %u with %u-byte tags", info->aead,
				       info->tag_size);
	if (le32toh(hdr->flags) != HIBSEAL_IMAGE_SNAPSHOT)
		return inspect_damaged(info, region, 0, "flags 0x%" PRIx32
				       ", an image written through /dev/snapshot has 0x%x",
				       le32toh(hdr->flags), HIBSEAL_IMAGE_SNAPSHOT);
	if (hdr->reserved1 || hdr->swsusp_flags)
		return inspect_damaged(info, region, 0, "reserved1 or swsusp_flags is not 0");
	for (i = 0; i < sizeof(hdr->reserved2); i++)
		if (hdr->reserved2[i])
			return inspect_damaged(info, region, 0, "reserved2 byte %zu is not 0", i);
	if (!info->key_blob_size || info->key_blob_size > sizeof(hdr->key_blob))
		return inspect_damaged(info, HS_REGION_KEY_BLOB, 0, "key_blob_size %" PRIu32
				       " is out of range", info->key_blob_size);
	if (info->nr_chunks < 2 || !info->image_pages)
		return inspect_damaged(info, region, 0, "nr_chunks %" PRIu64 ", image_pages %" PRIu64
				       ": too few", info->nr_chunks, info->image_pages);
	return 0;
}

/* Every chunk header along the stream. */
static int inspect_stream(const struct hs_source *src, const struct hs_us_image *img,
			  struct hs_image_info *info)
{
	const uint64_t len_max = 32 * HS_PAGE_SIZE + 32 * HS_PAGE_SIZE / 16 + 67;
	uint64_t off = 0, index;

	for (index = 0; off < img->hdr.stream_bytes; index++) {
		enum hs_region region = index ? HS_REGION_DATA_CHUNK : HS_REGION_METADATA_CHUNK;
		struct hibseal_chunk_header ch;
		uint32_t flags, len;
		uint64_t size;
		int err;

		if (index == info->nr_chunks)
			return inspect_damaged(info, region, index, "more chunks than the header's %"
					       PRIu64, info->nr_chunks);
		if (img->hdr.stream_bytes - off < sizeof(ch))
			return inspect_damaged(info, region, index, "the stream ends inside its header");
		err = stream_read(src, img, off, &ch, sizeof(ch));
		if (err) {
			info->io_error = -err;
			return -EIO;
		}
		flags = le32toh(ch.flags);
		len = le32toh(ch.len);
		if (le32toh(ch.magic) != HIBSEAL_CHUNK_MAGIC || ch.reserved ||
		    flags & ~(uint32_t)HIBSEAL_CHUNK_FLAGS)
			return inspect_damaged(info, region, index, "malformed chunk header at stream byte %"
					       PRIu64, off);
		if (!index && (flags || len != HS_PAGE_SIZE))
			return inspect_damaged(info, region, 0, "flags 0x%" PRIx32 ", len %" PRIu32
					       ": not one page, sealed alone", flags, len);
		if (index && (!(flags & HIBSEAL_CHUNK_LZO) || !len || len > len_max))
			return inspect_damaged(info, region, index, "flags 0x%" PRIx32 ", len %" PRIu32
					       ": not an LZO unit", flags, len);
		size = sizeof(ch) + (uint64_t)len + info->tag_size;
		if (img->hdr.stream_bytes - off < size)
			return inspect_damaged(info, region, index, "the stream ends inside it");
		off += size;
		info->chunks_found = index + 1;
		if (index)
			info->compressed_bytes += len;
		if (!(flags & HIBSEAL_CHUNK_FINAL) != (off != img->hdr.stream_bytes))
			return inspect_damaged(info, region, index, "%s", flags & HIBSEAL_CHUNK_FINAL ?
					       "final, but the stream goes on" :
					       "the stream ends without a final chunk");
	}
	if (info->chunks_found != info->nr_chunks)
		return inspect_damaged(info, HS_REGION_DATA_CHUNK, info->chunks_found,
				       "%" PRIu64 " chunks, the header says %" PRIu64,
				       info->chunks_found, info->nr_chunks);
	return 0;
}

int hs_us_inspect(const struct hs_source *src, uint64_t header_page, struct hs_image_info *info)
{
	struct hs_us_image img;
	char why[HS_REASON_MAX];
	int err;

	memset(info, 0, sizeof(*info));
	/* No page there holds no image of ours: hs_image_inspect() says what is wrong with it. */
	if (header_page >= src->size / HS_PAGE_SIZE)
		return -ENOENT;
	err = hs_us_load(src, header_page * HS_PAGE_SIZE, &img, why, sizeof(why));
	if (err == -EBADMSG) {
		info->region = strstr(why, "map") || strstr(why, "stream page") ?
			HS_REGION_SWAP_MAP : HS_REGION_SWAP_HEADER;
		snprintf(info->reason, sizeof(info->reason), "%s", why);
		return -EINVAL;
	}
	if (err == -EIO || (err < 0 && err != -ENOENT && err != -ENOMEM)) {
		info->io_error = -err;
		return -EIO;
	}
	if (err)
		return err;
	info->map_pages = img.hdr.nr_maps;
	info->chunk_pages = img.hdr.stream_pages;
	info->pages_used = img.hdr.nr_maps + img.hdr.stream_pages;
	err = inspect_image_header(&img.hdr.image, info) ?: inspect_stream(src, &img, info);
	hs_us_image_free(&img);
	return err;
}

void hs_us_image_free(struct hs_us_image *img)
{
	free(img->pages);
	img->pages = NULL;
}

void hs_us_header_seal(struct hs_us_header *h)
{
	memset(h->magic, 0, sizeof(h->magic));
	memcpy(h->magic, HS_US_MAGIC, sizeof(HS_US_MAGIC));
	h->version = htole32(HS_US_VERSION);
	h->header_size = htole32(sizeof(*h));
	h->stream_pages = htole64((h->stream_bytes + HS_PAGE_SIZE - 1) / HS_PAGE_SIZE);
	h->stream_bytes = htole64(h->stream_bytes);
	h->first_map = htole64(h->first_map);
	h->nr_maps = htole64(h->nr_maps);
	memset(h->reserved, 0, sizeof(h->reserved));
	hs_sha256(h, offsetof(struct hs_us_header, digest), h->digest);
}

void hs_us_mark(uint8_t *page, const struct hs_us_header *h)
{
	memcpy(page + HS_US_HEADER_OFFSET, h, sizeof(*h));
	memset(page + HS_SIG_OFFSET, 0, 10);
	memcpy(page + HS_SIG_OFFSET, HS_SIG_SUSPENDED, sizeof(HS_SIG_SUSPENDED));
}

void hs_us_unmark(uint8_t *page)
{
	memset(page + HS_US_HEADER_OFFSET, 0, sizeof(struct hs_us_header));
	memcpy(page + HS_SIG_OFFSET, HS_SIG_SWAP, 10);
}
