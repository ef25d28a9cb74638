// SPDX-License-Identifier: GPL-2.0
/*
 * Stored s2disk images built in memory (fuzz/synthetic_uswsusp.h).
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

void synth_us_build(struct synth_us *d, uint64_t stream_bytes)
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
	for (i = 0; i < d->stream_pages; i++)
		memset(d->buf + (d->first_stream + 2 * i) * PG, (int)(i & 0xff), PG);
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
	memcpy(h.image.magic, HIBSEAL_MAGIC, sizeof(h.image.magic));
	h.image.tag_size = htole16(32);
	hs_us_header_seal(&h);
	hs_us_mark(d->buf, &h);
}
