// SPDX-License-Identifier: GPL-2.0
/*
 * Images hibseal suspend would store, built in memory (fuzz/synthetic_uswsusp.h).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <endian.h>
#include <stdlib.h>
#include <string.h>

#include "synthetic_uswsusp.h"

#define PG HS_PAGE_SIZE

struct hs_us_header *synth_us_header(struct synth_us *d)
{
	return (struct hs_us_header *)(d->buf + HS_US_HEADER_OFFSET);
}

struct hs_us_map *synth_us_map(struct synth_us *d, uint64_t j)
{
	return (struct hs_us_map *)(d->buf + (d->first_map + j) * PG);
}

void synth_us_redigest(struct synth_us *d)
{
	struct hs_us_header *h = synth_us_header(d);

	hs_sha256(synth_us_map(d, 0), d->nr_maps * PG, h->map_digest);
	hs_sha256(h, offsetof(struct hs_us_header, digest), h->digest);
}

static void build(struct synth_us *d, uint64_t stream_bytes, const uint8_t *stream,
		  const struct hibseal_image_header *image);

void synth_us_build(struct synth_us *d, uint64_t stream_bytes)
{
	struct hibseal_image_header image;

	memset(&image, 0, sizeof(image));
	memcpy(image.magic, HIBSEAL_MAGIC, sizeof(image.magic));
	image.tag_size = htole16(32);
	build(d, stream_bytes, NULL, &image);
}

static uint8_t *put_chunk(uint8_t *p, uint32_t flags, uint32_t len)
{
	struct hibseal_chunk_header ch = {
		.magic = htole32(HIBSEAL_CHUNK_MAGIC),
		.flags = htole32(flags),
		.len = htole32(len),
	};

	memcpy(p, &ch, sizeof(ch));
	memset(p + sizeof(ch), 0xc5, len + 32);
	return p + sizeof(ch) + len + 32;
}

void synth_us_build_sealed(struct synth_us *d, unsigned int nr_data, uint32_t data_len)
{
	size_t chunk = sizeof(struct hibseal_chunk_header) + 32;
	size_t len = chunk + PG + nr_data * (chunk + data_len);
	struct hibseal_image_header image;
	uint8_t *stream = calloc(1, len), *p;
	unsigned int i;

	if (!stream)
		abort();
	p = put_chunk(stream, 0, PG);
	for (i = 0; i < nr_data; i++)
		p = put_chunk(p, HIBSEAL_CHUNK_LZO | (i + 1 == nr_data ? HIBSEAL_CHUNK_FINAL : 0),
			      data_len);
	memset(&image, 0, sizeof(image));
	memcpy(image.magic, HIBSEAL_MAGIC, sizeof(image.magic));
	image.version = htole16(HIBSEAL_VERSION);
	image.header_size = htole16(sizeof(image));
	image.aead = htole16(HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256);
	image.tag_size = htole16(32);
	image.flags = htole32(HIBSEAL_IMAGE_SNAPSHOT);
	image.key_blob_size = htole32(24);
	image.nr_chunks = htole64(nr_data + 1);
	image.image_pages = htole64(1 + 32 * nr_data);
	image.counter = htole64(7);
	build(d, len, stream, &image);
	free(stream);
}

static void build(struct synth_us *d, uint64_t stream_bytes, const uint8_t *stream,
		  const struct hibseal_image_header *image)
{
	struct hs_us_header h;
	uint64_t i, j;

	memset(d, 0, sizeof(*d));
	d->stream_bytes = stream_bytes;
	d->stream_pages = (stream_bytes + PG - 1) / PG;
	d->nr_maps = (d->stream_pages + HS_US_MAP_ENTRIES - 1) / HS_US_MAP_ENTRIES;
	d->first_stream = 3;
	d->first_map = d->first_stream + 2 * d->stream_pages + 1;
	d->pages = d->first_map + d->nr_maps + 2;
	d->buf = calloc(d->pages, PG);
	if (!d->buf)
		abort();
	memcpy(d->buf + HS_SIG_OFFSET, HS_SIG_SWAP, 10);
	for (i = 0; i < d->stream_pages; i++) {
		uint8_t *to = d->buf + (d->first_stream + 2 * i) * PG;
		uint64_t n = stream_bytes - i * PG < PG ? stream_bytes - i * PG : PG;

		if (stream)
			memcpy(to, stream + i * PG, n);
		else
			memset(to, (int)(i & 0xff), PG);
	}
	for (j = 0; j < d->nr_maps; j++) {
		struct hs_us_map *m = synth_us_map(d, j);
		uint64_t first = j * HS_US_MAP_ENTRIES, n = d->stream_pages - first;

		if (n > HS_US_MAP_ENTRIES)
			n = HS_US_MAP_ENTRIES;
		memcpy(m->magic, HS_US_MAP_MAGIC, sizeof(m->magic));
		m->next = htole64(j + 1 < d->nr_maps ? (d->first_map + j + 1) * PG : 0);
		m->count = htole32(n);
		for (i = 0; i < n; i++)
			m->entry[i] = htole64((d->first_stream + 2 * (first + i)) * PG);
	}
	memset(&h, 0, sizeof(h));
	h.stream_bytes = stream_bytes;
	h.first_map = d->first_map * PG;
	h.nr_maps = d->nr_maps;
	hs_sha256(synth_us_map(d, 0), d->nr_maps * PG, h.map_digest);
	h.image = *image;
	hs_us_header_seal(&h);
	hs_us_mark(d->buf, &h);
}
