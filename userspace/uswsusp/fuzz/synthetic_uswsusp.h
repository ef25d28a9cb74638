/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Images built in memory the way hibseal suspend stores them (lib/stored_image.h): for the unit
 * test, which damages them field by field, and for the fuzzer's seeds.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef HIBSEAL_SYNTHETIC_USWSUSP_H
#define HIBSEAL_SYNTHETIC_USWSUSP_H

#include <stdint.h>
#include <stddef.h>

#include "stored_image.h"

/**
 * struct synth_us - a device holding one stored stream
 * @buf:          the device's bytes (calloc; free() it)
 * @pages:        its size in pages
 * @stream_pages: pages of stream
 * @stream_bytes: bytes of stream
 * @first_stream: stream page i is at device page first_stream + 2 * i (scattered on purpose)
 * @first_map:    map page j is at device page first_map + j
 * @nr_maps:      map pages
 */
struct synth_us {
	uint8_t *buf;
	size_t pages;
	uint64_t stream_pages;
	uint64_t stream_bytes;
	uint64_t first_stream;
	uint64_t first_map;
	uint64_t nr_maps;
};

/* Build a device with a stored stream of @stream_bytes bytes (stream page i filled with i). */
void synth_us_build(struct synth_us *d, uint64_t stream_bytes);

/*
 * Build a device holding a structurally valid sealed stream, as hibseal suspend stores what the
 * kernel hands out: chunk 0 (one page), then @nr_data LZO chunks of @data_len bytes each, the
 * last final, 32-byte tags; the image header filled in to match (written through /dev/snapshot).
 */
void synth_us_build_sealed(struct synth_us *d, unsigned int nr_data, uint32_t data_len);

/* The stored header and map page @j, in place. */
struct hs_us_header *synth_us_header(struct synth_us *d);
struct hs_us_map *synth_us_map(struct synth_us *d, uint64_t j);

/* Recompute both digests over what is there now, as anyone could. */
void synth_us_redigest(struct synth_us *d);

#endif
