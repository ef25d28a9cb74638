/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic sealed hibernation images for the parser's unit test and the fuzzer's seeds: the
 * layout of the kernel's swap writer (design.md 5.1), with made-up ciphertext, tags, salt,
 * key blob contents and MAC, since `hibseal inspect` checks no crypto.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef HIBSEAL_SYNTHETIC_IMAGE_H
#define HIBSEAL_SYNTHETIC_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SYNTH_MAX_DATA_CHUNKS	64
#define SYNTH_MAX_MAP_PAGES	8

/**
 * struct synth_spec - the image to build
 * @aead:          HIBSEAL_AEAD_*; the tag size follows from it
 * @compressed:    data chunks flagged LZO; otherwise raw pages and SF_NOCOMPRESS_MODE
 * @nr_data:       data chunks, 1..SYNTH_MAX_DATA_CHUNKS
 * @lens:          their ciphertext lengths
 * @image_pages:   the sealed header's image_pages
 * @key_blob_size: bytes of key blob, at least 20
 * @counter:       the anti-replay counter value
 * @extra_flags:   SF_* flags besides SF_SEALED and SF_NOCOMPRESS_MODE (SF_PLATFORM_MODE,
 *                 SF_HW_SIG); the sealed header copies them less SF_HW_SIG, as the kernel does
 * @header_page:   the swap header's page (a swap file's resume offset); pages before it are
 *                 filled with 0xa5 and the image is laid out after it
 * @seal_chunk:    optional: seal chunk @index for real, in place (header, @len bytes of
 *                 plaintext, room for the tag), before it is laid out; the salt is
 *                 SYNTH_SALT_BYTE repeated
 * @seal_header:   optional: called last with the sealed header's page (for its image MAC)
 * @seal_ctx:      passed to both
 */
struct synth_spec {
	unsigned int aead;
	bool compressed;
	unsigned int nr_data;
	const uint32_t *lens;
	uint64_t image_pages;
	uint32_t key_blob_size;
	uint64_t counter;
	uint32_t extra_flags;
	uint64_t header_page;
	int (*seal_chunk)(void *ctx, unsigned int index, uint8_t *chunk, uint32_t len,
			  uint32_t flags);
	int (*seal_header)(void *ctx, uint8_t *page);
	void *seal_ctx;
};

/* Every byte of a synthetic image's salt. */
#define SYNTH_SALT_BYTE		0x5a

/**
 * struct synth_image - a built image and where its parts are, for tests that damage them
 * @data:             the device's bytes (malloc'd)
 * @size:             their number, whole pages
 * @header_page:      the swap header's page
 * @seal_header_page: the sealed header's page
 * @map_page:         the swap map pages, in chain order
 * @nr_map_pages:     their number
 * @chunk_page:       the first page of each chunk (0: the metadata chunk)
 * @nr_chunks:        chunks, the metadata chunk included
 * @nr_entries:       swap map entries in use
 */
struct synth_image {
	uint8_t *data;
	size_t size;
	uint64_t header_page;
	uint64_t seal_header_page;
	uint64_t map_page[SYNTH_MAX_MAP_PAGES];
	unsigned int nr_map_pages;
	uint64_t chunk_page[SYNTH_MAX_DATA_CHUNKS + 1];
	unsigned int nr_chunks;
	uint64_t nr_entries;
};

/**
 * synth_build() - lay out an image as the kernel's swap writer would
 * @spec: what to build
 * @img:  receives it; free with synth_free()
 *
 * Return: 0; -EINVAL for a spec out of range; -ENOMEM.
 */
int synth_build(const struct synth_spec *spec, struct synth_image *img);

/* Free what synth_build() allocated. */
void synth_free(struct synth_image *img);

/* The bytes of page @page of @img. */
uint8_t *synth_page(const struct synth_image *img, uint64_t page);

/* Store @value little-endian in @size bytes (1, 2, 4 or 8) at @p. */
void synth_put_le(uint8_t *p, unsigned int size, uint64_t value);

#endif /* HIBSEAL_SYNTHETIC_IMAGE_H */
