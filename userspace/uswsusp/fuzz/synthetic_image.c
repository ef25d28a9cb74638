// SPDX-License-Identifier: GPL-2.0
/*
 * Build synthetic sealed images in memory. Pages are handed out in the kernel swap writer's
 * order: the first swap map page, then each page of the chunk stream, a new map page whenever
 * one has all 511 entries in use (so a stream that fills a map page exactly ends with an empty
 * one), and the sealed header's page last.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/hibseal.h>

#include "libhibseal.h"
#include "synthetic_image.h"

#define MAP_ENTRIES		(HS_PAGE_SIZE / 8 - 1)
#define SWSUSP_TAIL_OFFSET	(HS_PAGE_SIZE - 48)
#define CHUNK_HEADER_SIZE	16
#define TPM2_ST_CREATION	0x8021
#define TPM2_RH_OWNER		0x40000001

void synth_put_le(uint8_t *p, unsigned int size, uint64_t value)
{
	for (unsigned int i = 0; i < size; i++)
		p[i] = (uint8_t)(value >> (8 * i));
}

static void put_be(uint8_t *p, unsigned int size, uint64_t value)
{
	for (unsigned int i = 0; i < size; i++)
		p[i] = (uint8_t)(value >> (8 * (size - 1 - i)));
}

uint8_t *synth_page(const struct synth_image *img, uint64_t page)
{
	return img->data + page * HS_PAGE_SIZE;
}

static unsigned int tag_size(unsigned int aead)
{
	return aead == HIBSEAL_AEAD_AES256_GCM ? 16 : 32;
}

static uint64_t pages_of(uint64_t bytes)
{
	return (bytes + HS_PAGE_SIZE - 1) / HS_PAGE_SIZE;
}

/* Chunk @index as the stream holds it: header, made-up ciphertext and tag, zero padding. */
static uint8_t *make_chunk(const struct synth_spec *spec, unsigned int index, uint32_t flags,
			   uint32_t len, uint64_t *pages)
{
	uint64_t size = CHUNK_HEADER_SIZE + (uint64_t)len + tag_size(spec->aead);
	uint8_t *chunk;

	*pages = pages_of(size);
	chunk = calloc(*pages, HS_PAGE_SIZE);
	if (!chunk)
		return NULL;
	synth_put_le(chunk, 4, HIBSEAL_CHUNK_MAGIC);
	synth_put_le(chunk + 4, 4, flags);
	synth_put_le(chunk + 8, 4, len);
	for (uint64_t i = CHUNK_HEADER_SIZE; i < size; i++)
		chunk[i] = (uint8_t)(index * 37 + i * 11 + 1);
	return chunk;
}

static void write_swap_header(struct synth_image *img, uint32_t flags)
{
	uint8_t *page = synth_page(img, img->header_page);
	uint8_t *tail = page + SWSUSP_TAIL_OFFSET;

	/* mkswap's part, which the kernel keeps: version 1 and the last page at byte 1024 */
	synth_put_le(page + 1024, 4, 1);
	synth_put_le(page + 1028, 4, img->size / HS_PAGE_SIZE - 1 - img->header_page);
	synth_put_le(tail, 8, img->seal_header_page);
	synth_put_le(tail + 8, 4, flags & HS_SF_HW_SIG ? 0x12345678 : 0);
	synth_put_le(tail + 16, 8, img->map_page[0]);
	synth_put_le(tail + 24, 4, flags);
	memcpy(tail + 28, "SWAPSPACE2", 10);
	memcpy(tail + 38, "S1SUSPEND", 10);
}

/* The key blob's framing: four TPM2Bs, then a creation ticket, @size bytes in all. */
static void write_key_blob(uint8_t *blob, uint32_t size)
{
	uint32_t private_size = size - 20, pos = 0;

	put_be(blob, 2, private_size);
	for (pos = 2; pos < 2 + private_size; pos++)
		blob[pos] = (uint8_t)(0xc0 + pos);
	put_be(blob + pos, 2, 4);			/* public area */
	memcpy(blob + pos + 2, "\x00\x08\x00\x0b", 4);
	pos += 6;
	put_be(blob + pos, 2, 0);			/* creation data */
	put_be(blob + pos + 2, 2, 0);			/* creation hash */
	pos += 4;
	put_be(blob + pos, 2, TPM2_ST_CREATION);
	put_be(blob + pos + 2, 4, TPM2_RH_OWNER);
	put_be(blob + pos + 6, 2, 0);			/* ticket digest */
}

static void write_seal_header(const struct synth_spec *spec, struct synth_image *img,
			      uint32_t flags)
{
	uint8_t *page = synth_page(img, img->seal_header_page);
	struct hibseal_image_header *hdr = (struct hibseal_image_header *)page;

	memcpy(hdr->magic, HIBSEAL_MAGIC, sizeof(hdr->magic));
	synth_put_le((uint8_t *)&hdr->version, 2, HIBSEAL_VERSION);
	synth_put_le((uint8_t *)&hdr->header_size, 2, sizeof(*hdr));
	synth_put_le((uint8_t *)&hdr->aead, 2, spec->aead);
	synth_put_le((uint8_t *)&hdr->tag_size, 2, tag_size(spec->aead));
	synth_put_le((uint8_t *)&hdr->key_blob_size, 4, spec->key_blob_size);
	synth_put_le((uint8_t *)&hdr->nr_chunks, 8, spec->nr_data + 1);
	synth_put_le((uint8_t *)&hdr->image_pages, 8, spec->image_pages);
	synth_put_le((uint8_t *)&hdr->swsusp_flags, 4, flags & ~(uint32_t)HS_SF_HW_SIG);
	synth_put_le((uint8_t *)&hdr->counter, 8, spec->counter);
	memset(hdr->salt, SYNTH_SALT_BYTE, sizeof(hdr->salt));
	write_key_blob(hdr->key_blob, spec->key_blob_size);
	memset(hdr->image_mac, 0x3c, sizeof(hdr->image_mac));
}

/* Hand out the next page of the stream, starting a new map page when this one is full. */
static uint64_t next_stream_page(struct synth_image *img, uint64_t *free_page, unsigned int *k)
{
	uint8_t *map = synth_page(img, img->map_page[img->nr_map_pages - 1]);
	uint64_t page = (*free_page)++;

	synth_put_le(map + 8 * *k, 8, page);
	img->nr_entries++;
	if (++*k == MAP_ENTRIES) {
		img->map_page[img->nr_map_pages++] = *free_page;
		synth_put_le(map + 8 * MAP_ENTRIES, 8, (*free_page)++);
		*k = 0;
	}
	return page;
}

static int spec_pages(const struct synth_spec *spec, uint64_t *entries)
{
	uint64_t n = pages_of(CHUNK_HEADER_SIZE + HS_PAGE_SIZE + tag_size(spec->aead));

	if (!spec->nr_data || spec->nr_data > SYNTH_MAX_DATA_CHUNKS ||
	    spec->key_blob_size < 20 || spec->key_blob_size > HIBSEAL_KEY_BLOB_MAX)
		return -EINVAL;
	for (unsigned int i = 0; i < spec->nr_data; i++)
		n += pages_of(CHUNK_HEADER_SIZE + (uint64_t)spec->lens[i] + tag_size(spec->aead));
	if (n / MAP_ENTRIES + 1 > SYNTH_MAX_MAP_PAGES)
		return -EINVAL;
	*entries = n;
	return 0;
}

int synth_build(const struct synth_spec *spec, struct synth_image *img)
{
	uint32_t flags = HS_SF_SEALED | spec->extra_flags |
			 (spec->compressed ? 0 : HS_SF_NOCOMPRESS_MODE);
	uint64_t entries, free_page, pages, total;
	unsigned int k = 0;
	uint8_t *chunk;
	int err;

	memset(img, 0, sizeof(*img));
	err = spec_pages(spec, &entries);
	if (err)
		return err;
	/* header, map pages (one more whenever one fills up), stream, sealed header */
	total = spec->header_page + 1 + (entries / MAP_ENTRIES + 1) + entries + 1;
	img->size = total * HS_PAGE_SIZE;
	img->data = calloc(total, HS_PAGE_SIZE);
	if (!img->data)
		return -ENOMEM;
	memset(img->data, 0xa5, spec->header_page * HS_PAGE_SIZE);
	img->header_page = spec->header_page;
	free_page = spec->header_page + 1;
	img->map_page[img->nr_map_pages++] = free_page++;
	for (unsigned int i = 0; i <= spec->nr_data; i++) {
		uint32_t cflags = 0, len = HS_PAGE_SIZE;

		if (i) {
			len = spec->lens[i - 1];
			cflags = (spec->compressed ? HIBSEAL_CHUNK_LZO : 0) |
				 (i == spec->nr_data ? HIBSEAL_CHUNK_FINAL : 0);
		}
		chunk = make_chunk(spec, i, cflags, len, &pages);
		if (!chunk) {
			synth_free(img);
			return -ENOMEM;
		}
		if (spec->seal_chunk && spec->seal_chunk(spec->seal_ctx, i, chunk, len, cflags)) {
			free(chunk);
			synth_free(img);
			return -EIO;
		}
		for (uint64_t pg = 0; pg < pages; pg++) {
			uint64_t page = next_stream_page(img, &free_page, &k);

			if (!pg)
				img->chunk_page[img->nr_chunks++] = page;
			memcpy(synth_page(img, page), chunk + pg * HS_PAGE_SIZE, HS_PAGE_SIZE);
		}
		free(chunk);
	}
	img->seal_header_page = free_page;
	write_swap_header(img, flags);
	write_seal_header(spec, img, flags);
	if (spec->seal_header &&
	    spec->seal_header(spec->seal_ctx, synth_page(img, img->seal_header_page))) {
		synth_free(img);
		return -EIO;
	}
	return 0;
}

void synth_free(struct synth_image *img)
{
	free(img->data);
	img->data = NULL;
	img->size = 0;
}
