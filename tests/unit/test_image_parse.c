// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of `hibseal inspect`'s parser (userspace/uswsusp/lib/image.c): synthetic sealed
 * images laid out as the kernel's swap writer lays them out, accepted when intact, and each
 * damage refused with the region (and chunk) it is in.
 *
 * The default image, page by page: 0 swap header, 1 swap map, 2-3 chunk 0 (metadata),
 * 4 chunk 1, 5-6 chunk 2, 7 chunk 3 (final), 8 sealed header.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/hibseal.h>

#include "../../userspace/uswsusp/fuzz/synthetic_image.h"
#include "../../userspace/uswsusp/include/libhibseal.h"
#include "tap.h"

#define TAIL		(HS_PAGE_SIZE - 48)	/* struct swsusp_header's tail in its page */
#define SEAL(field)	offsetof(struct hibseal_image_header, field)
#define ANY_CHUNK	UINT64_MAX
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const uint32_t default_lens[] = { 1000, 5000, 200 };

static const struct synth_spec default_spec = {
	.aead = HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
	.compressed = true,
	.nr_data = 3,
	.lens = default_lens,
	.image_pages = 41,
	.key_blob_size = 64,
	.counter = 7,
	.extra_flags = HS_SF_PLATFORM_MODE | HS_SF_HW_SIG,
};

static int inspect(const uint8_t *data, size_t size, uint64_t header_page,
		   struct hs_image_info *info)
{
	struct hs_source src;

	hs_source_memory(&src, data, size);
	return hs_image_inspect(&src, header_page, info);
}

static int build(const struct synth_spec *spec, struct synth_image *img)
{
	int err = synth_build(spec, img);

	if (err)
		printf("# synth_build: %s\n", strerror(-err));
	return err;
}

/* Refused as damage in @region (and, unless ANY_CHUNK, chunk @chunk), with a reason. */
static int refused_in(int ret, const struct hs_image_info *info, enum hs_region region,
		      uint64_t chunk)
{
	int ok = ret == -EINVAL && info->region == region && info->reason[0] &&
		 (chunk == ANY_CHUNK || info->chunk == chunk);

	if (!ok || getenv("HIBSEAL_TEST_VERBOSE"))
		printf("# got %d, %s chunk %llu: %s\n", ret, hs_region_name(info->region),
		       (unsigned long long)info->chunk, info->reason);
	return ok;
}

enum area {
	SWAP_HEADER,	/* offset in the swap header's page */
	SEAL_HEADER,	/* offset in the sealed header's page */
	CHUNK_HEADER,	/* offset in chunk @index's first page */
	MAP_PAGE,	/* offset in swap map page @index */
};

/* One damage: store @value (little-endian, @size bytes) at @off of @area; expect a refusal. */
struct poke_case {
	const char *name;
	enum area area;
	unsigned int index;
	size_t off;
	unsigned int size;
	uint64_t value;
	enum hs_region region;
	uint64_t chunk;
};

#define SF_DEFAULT	(HS_SF_SEALED | HS_SF_PLATFORM_MODE | HS_SF_HW_SIG)
#define ENTRY(k)	(8 * (k))
#define NEXT_MAP	ENTRY(511)

static const struct poke_case poke_cases[] = {
	/* the swap header */
	{ "swap-signature", SWAP_HEADER, 0, TAIL + 38, 1, 'X', HS_REGION_SWAP_HEADER, 0 },
	{ "swap-signature-nul", SWAP_HEADER, 0, TAIL + 47, 1, '!', HS_REGION_SWAP_HEADER, 0 },
	{ "swap-orig-signature", SWAP_HEADER, 0, TAIL + 28, 1, 'X', HS_REGION_SWAP_HEADER, 0 },
	/*
	 * The name is 6.1's, kept as a TAP contract: there 32 was the first flag no writer sets.
	 * Since 6.9, 16 is SF_COMPRESSION_ALG_LZ4 and SF_SEALED moved to 32; 64 is that flag now.
	 */
	{ "swap-flag-unknown-32", SWAP_HEADER, 0, TAIL + 24, 4, SF_DEFAULT | 64,
	  HS_REGION_SWAP_HEADER, 0 },
	{ "swap-flag-unknown-high", SWAP_HEADER, 0, TAIL + 24, 4, SF_DEFAULT | 0x80000000u,
	  HS_REGION_SWAP_HEADER, 0 },
	{ "swap-not-sealed", SWAP_HEADER, 0, TAIL + 24, 4, SF_DEFAULT & ~HS_SF_SEALED,
	  HS_REGION_SWAP_HEADER, 0 },
	{ "swap-crc32-on-sealed", SWAP_HEADER, 0, TAIL + 24, 4, SF_DEFAULT | HS_SF_CRC32_MODE,
	  HS_REGION_SWAP_HEADER, 0 },
	{ "swap-image-page-0", SWAP_HEADER, 0, TAIL + 16, 8, 0, HS_REGION_SWAP_HEADER, 0 },
	{ "swap-image-beyond-device", SWAP_HEADER, 0, TAIL + 16, 8, 9, HS_REGION_SWAP_HEADER, 0 },
	{ "swap-image-huge", SWAP_HEADER, 0, TAIL + 16, 8, UINT64_MAX, HS_REGION_SWAP_HEADER, 0 },
	{ "swap-seal-header-page-0", SWAP_HEADER, 0, TAIL, 8, 0, HS_REGION_SWAP_HEADER, 0 },
	{ "swap-seal-header-beyond-device", SWAP_HEADER, 0, TAIL, 8, 1000, HS_REGION_SWAP_HEADER,
	  0 },
	{ "swap-seal-header-is-map-page", SWAP_HEADER, 0, TAIL, 8, 1, HS_REGION_SWAP_HEADER, 0 },
	{ "swap-seal-header-wrong-page", SWAP_HEADER, 0, TAIL, 8, 4, HS_REGION_SEAL_HEADER, 0 },

	/* the sealed header */
	{ "seal-magic", SEAL_HEADER, 0, SEAL(magic), 1, 'h', HS_REGION_SEAL_HEADER, 0 },
	{ "seal-magic-nul", SEAL_HEADER, 0, SEAL(magic) + 7, 1, '!', HS_REGION_SEAL_HEADER, 0 },
	{ "seal-version-0", SEAL_HEADER, 0, SEAL(version), 2, 0, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-version-1", SEAL_HEADER, 0, SEAL(version), 2, 1, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-version-3", SEAL_HEADER, 0, SEAL(version), 2, 3, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-header-size-short", SEAL_HEADER, 0, SEAL(header_size), 2,
	  sizeof(struct hibseal_image_header) - 8, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-header-size-page", SEAL_HEADER, 0, SEAL(header_size), 2, 4096,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-aead-0", SEAL_HEADER, 0, SEAL(aead), 2, 0, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-aead-3", SEAL_HEADER, 0, SEAL(aead), 2, 3, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-tag-size-16-for-ctr-hmac", SEAL_HEADER, 0, SEAL(tag_size), 2, 16,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-tag-size-32-for-gcm", SEAL_HEADER, 0, SEAL(aead), 2, HIBSEAL_AEAD_AES256_GCM,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-flags-bit-0", SEAL_HEADER, 0, SEAL(flags), 4, 1, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-flags-bit-31", SEAL_HEADER, 0, SEAL(flags), 4, 0x80000000u,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-reserved1", SEAL_HEADER, 0, SEAL(reserved1), 4, 1, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-reserved1-high", SEAL_HEADER, 0, SEAL(reserved1) + 3, 1, 0x80,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-reserved2-byte-0", SEAL_HEADER, 0, SEAL(reserved2), 1, 1, HS_REGION_SEAL_HEADER,
	  0 },
	{ "seal-reserved2-byte-31", SEAL_HEADER, 0, SEAL(reserved2) + 31, 1, 0x10,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-reserved2-byte-63", SEAL_HEADER, 0, SEAL(reserved2) + 63, 1, 0xff,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-page-after-header", SEAL_HEADER, 0, sizeof(struct hibseal_image_header), 1, 1,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-page-last-byte", SEAL_HEADER, 0, HS_PAGE_SIZE - 1, 1, 1, HS_REGION_SEAL_HEADER,
	  0 },
	{ "seal-nr-chunks-0", SEAL_HEADER, 0, SEAL(nr_chunks), 8, 0, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-nr-chunks-1", SEAL_HEADER, 0, SEAL(nr_chunks), 8, 1, HS_REGION_SEAL_HEADER, 0 },
	{ "seal-nr-chunks-too-few", SEAL_HEADER, 0, SEAL(nr_chunks), 8, 3, HS_REGION_SEAL_HEADER,
	  0 },
	{ "seal-nr-chunks-too-many", SEAL_HEADER, 0, SEAL(nr_chunks), 8, 5,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-nr-chunks-huge", SEAL_HEADER, 0, SEAL(nr_chunks), 8, UINT64_MAX,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-image-pages-0", SEAL_HEADER, 0, SEAL(image_pages), 8, 0, HS_REGION_SEAL_HEADER,
	  0 },
	{ "seal-image-pages-too-few", SEAL_HEADER, 0, SEAL(image_pages), 8, 3,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-image-pages-too-many", SEAL_HEADER, 0, SEAL(image_pages), 8, 1 + 3 * 32 + 1,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-image-pages-huge", SEAL_HEADER, 0, SEAL(image_pages), 8, UINT64_MAX,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-swsusp-flags-with-hw-sig", SEAL_HEADER, 0, SEAL(swsusp_flags), 4, SF_DEFAULT,
	  HS_REGION_SEAL_HEADER, 0 },
	{ "seal-swsusp-flags-differ", SEAL_HEADER, 0, SEAL(swsusp_flags), 4, HS_SF_SEALED,
	  HS_REGION_SEAL_HEADER, 0 },

	/* the key blob (64 bytes: private area 44, public 4, two empty, ticket) */
	{ "key-blob-size-0", SEAL_HEADER, 0, SEAL(key_blob_size), 4, 0, HS_REGION_KEY_BLOB, 0 },
	{ "key-blob-size-1025", SEAL_HEADER, 0, SEAL(key_blob_size), 4, HIBSEAL_KEY_BLOB_MAX + 1,
	  HS_REGION_KEY_BLOB, 0 },
	{ "key-blob-size-huge", SEAL_HEADER, 0, SEAL(key_blob_size), 4, UINT32_MAX,
	  HS_REGION_KEY_BLOB, 0 },
	{ "key-blob-size-short", SEAL_HEADER, 0, SEAL(key_blob_size), 4, 63, HS_REGION_KEY_BLOB,
	  0 },
	{ "key-blob-size-long", SEAL_HEADER, 0, SEAL(key_blob_size), 4, 65, HS_REGION_KEY_BLOB,
	  0 },
	{ "key-blob-private-size", SEAL_HEADER, 0, SEAL(key_blob), 2, 0xffff, HS_REGION_KEY_BLOB,
	  0 },
	{ "key-blob-ticket-tag", SEAL_HEADER, 0, SEAL(key_blob) + 56, 1, 0x7f, HS_REGION_KEY_BLOB,
	  0 },
	{ "key-blob-unused-byte", SEAL_HEADER, 0, SEAL(key_blob) + 64, 1, 1, HS_REGION_KEY_BLOB,
	  0 },
	{ "key-blob-unused-last-byte", SEAL_HEADER, 0, SEAL(key_blob) + HIBSEAL_KEY_BLOB_MAX - 1,
	  1, 1, HS_REGION_KEY_BLOB, 0 },

	/* chunk 0, the metadata page */
	{ "metadata-magic", CHUNK_HEADER, 0, 0, 4, 0x4b435349, HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-flag-lzo", CHUNK_HEADER, 0, 4, 4, HIBSEAL_CHUNK_LZO,
	  HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-flag-final", CHUNK_HEADER, 0, 4, 4, HIBSEAL_CHUNK_FINAL,
	  HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-flag-unknown", CHUNK_HEADER, 0, 4, 4, 4, HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-len-0", CHUNK_HEADER, 0, 8, 4, 0, HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-len-4095", CHUNK_HEADER, 0, 8, 4, 4095, HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-len-8192", CHUNK_HEADER, 0, 8, 4, 8192, HS_REGION_METADATA_CHUNK, 0 },
	{ "metadata-reserved", CHUNK_HEADER, 0, 12, 4, 1, HS_REGION_METADATA_CHUNK, 0 },

	/* data chunks 1..3 */
	{ "data-magic", CHUNK_HEADER, 2, 0, 4, 0, HS_REGION_DATA_CHUNK, 2 },
	{ "data-reserved", CHUNK_HEADER, 1, 12, 4, 1, HS_REGION_DATA_CHUNK, 1 },
	{ "data-reserved-high", CHUNK_HEADER, 3, 15, 1, 0x80, HS_REGION_DATA_CHUNK, 3 },
	{ "data-flag-unknown-4", CHUNK_HEADER, 1, 4, 4, HIBSEAL_CHUNK_LZO | 4,
	  HS_REGION_DATA_CHUNK, 1 },
	{ "data-flag-unknown-high", CHUNK_HEADER, 3, 4, 4,
	  HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_FINAL | 0x80000000u, HS_REGION_DATA_CHUNK, 3 },
	{ "data-len-0", CHUNK_HEADER, 2, 8, 4, 0, HS_REGION_DATA_CHUNK, 2 },
	{ "data-len-above-lzo-worst", CHUNK_HEADER, 1, 8, 4, 131072 + 131072 / 16 + 64 + 3 + 1,
	  HS_REGION_DATA_CHUNK, 1 },
	{ "data-len-huge", CHUNK_HEADER, 1, 8, 4, UINT32_MAX, HS_REGION_DATA_CHUNK, 1 },
	{ "data-len-needs-more-pages", CHUNK_HEADER, 3, 8, 4, 8000, HS_REGION_DATA_CHUNK, 3 },
	{ "data-final-missing", CHUNK_HEADER, 3, 4, 4, HIBSEAL_CHUNK_LZO, HS_REGION_DATA_CHUNK,
	  3 },
	{ "data-final-early", CHUNK_HEADER, 1, 4, 4, HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_FINAL,
	  HS_REGION_DATA_CHUNK, 1 },
	{ "data-lzo-missing", CHUNK_HEADER, 2, 4, 4, 0, HS_REGION_DATA_CHUNK, 2 },

	/* the swap map: entries 0-1 chunk 0, 2 chunk 1, 3-4 chunk 2, 5 chunk 3 */
	{ "map-empty", MAP_PAGE, 0, ENTRY(0), 8, 0, HS_REGION_METADATA_CHUNK, 0 },
	{ "map-metadata-cut", MAP_PAGE, 0, ENTRY(1), 8, 0, HS_REGION_METADATA_CHUNK, 0 },
	{ "map-only-metadata", MAP_PAGE, 0, ENTRY(2), 8, 0, HS_REGION_DATA_CHUNK, 1 },
	{ "map-hole", MAP_PAGE, 0, ENTRY(3), 8, 0, HS_REGION_DATA_CHUNK, 1 },
	{ "map-chunk-cut", MAP_PAGE, 0, ENTRY(4), 8, 0, HS_REGION_DATA_CHUNK, 2 },
	{ "map-last-chunk-dropped", MAP_PAGE, 0, ENTRY(5), 8, 0, HS_REGION_DATA_CHUNK, 2 },
	{ "map-entry-beyond-device", MAP_PAGE, 0, ENTRY(2), 8, 9, HS_REGION_SWAP_MAP, 1 },
	{ "map-entry-huge", MAP_PAGE, 0, ENTRY(4), 8, UINT64_MAX, HS_REGION_SWAP_MAP, 2 },
	{ "map-entry-seal-header", MAP_PAGE, 0, ENTRY(4), 8, 8, HS_REGION_SWAP_MAP, 2 },
	{ "map-entry-repeated", MAP_PAGE, 0, ENTRY(3), 8, 4, HS_REGION_SWAP_MAP, 2 },
	{ "map-entry-is-map-page", MAP_PAGE, 0, ENTRY(5), 8, 1, HS_REGION_SWAP_MAP, 3 },
	{ "map-entry-after-end", MAP_PAGE, 0, ENTRY(7), 8, 5, HS_REGION_SWAP_MAP, 4 },
	{ "map-entry-last-slot", MAP_PAGE, 0, ENTRY(510), 8, 5, HS_REGION_SWAP_MAP, 4 },
	{ "map-loop-to-itself", MAP_PAGE, 0, NEXT_MAP, 8, 1, HS_REGION_SWAP_MAP, 4 },
	{ "map-next-beyond-device", MAP_PAGE, 0, NEXT_MAP, 8, 1000, HS_REGION_SWAP_MAP, 4 },
	{ "map-next-after-end", MAP_PAGE, 0, NEXT_MAP, 8, 8, HS_REGION_SWAP_MAP, 4 },
};

static void run_poke_case(const struct synth_image *good, const struct poke_case *c)
{
	struct hs_image_info info;
	uint8_t *data = malloc(good->size), *at;
	uint64_t page = 0;

	if (!data) {
		tap(0, "unit.image-parse.%s # out of memory", c->name);
		return;
	}
	memcpy(data, good->data, good->size);
	switch (c->area) {
	case SWAP_HEADER:
		page = good->header_page;
		break;
	case SEAL_HEADER:
		page = good->seal_header_page;
		break;
	case CHUNK_HEADER:
		page = good->chunk_page[c->index];
		break;
	case MAP_PAGE:
		page = good->map_page[c->index];
		break;
	}
	at = data + page * HS_PAGE_SIZE + c->off;
	for (unsigned int i = 0; i < c->size; i++)
		at[i] = (uint8_t)(c->value >> (8 * i));
	tap(refused_in(inspect(data, good->size, 0, &info), &info, c->region, c->chunk),
	    "unit.image-parse.%s", c->name);
	free(data);
}

static void test_valid_default(const struct synth_image *img)
{
	struct hs_image_info info;
	int ret = inspect(img->data, img->size, 0, &info);

	if (ret)
		printf("# %d: %s: %s\n", ret, hs_region_name(info.region), info.reason);
	tap(!ret && info.region == HS_REGION_NONE && !info.reason[0] &&
	    info.aead == HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256 && info.tag_size == 32 &&
	    info.version == HIBSEAL_VERSION && info.nr_chunks == 4 && info.chunks_found == 4 &&
	    info.image_pages == 41 && info.counter == 7 && info.key_blob_size == 64 &&
	    info.compressed && info.map_pages == 1 && info.chunk_pages == 6 &&
	    info.pages_used == 8 && info.compressed_bytes == 6200 && info.seal_header_page == 8 &&
	    info.swap_flags == SF_DEFAULT, "unit.image-parse.valid-ctr-hmac-lzo");
}

/* Build @spec, expect it to parse, and let @check look at the facts (NULL: none). */
static void expect_valid(const char *name, const struct synth_spec *spec,
			 int (*check)(const struct synth_image *, const struct hs_image_info *))
{
	struct synth_image img;
	struct hs_image_info info;
	int ret, ok = 0;

	if (!build(spec, &img)) {
		ret = inspect(img.data, img.size, spec->header_page, &info);
		if (ret)
			printf("# %d: %s: %s\n", ret, hs_region_name(info.region), info.reason);
		ok = !ret && (!check || check(&img, &info));
		synth_free(&img);
	}
	tap(ok, "unit.image-parse.%s", name);
}

static int check_gcm_raw(const struct synth_image *img, const struct hs_image_info *info)
{
	(void)img;
	return info->aead == HIBSEAL_AEAD_AES256_GCM && info->tag_size == 16 &&
	       !info->compressed && info->nr_chunks == 3 && info->compressed_bytes == 12288 &&
	       info->chunk_pages == 2 + 3 + 2;
}

static int check_two_map_pages(const struct synth_image *img, const struct hs_image_info *info)
{
	return info->map_pages == 2 && img->nr_map_pages == 2 &&
	       info->pages_used == 2 + img->nr_entries + 1;
}

/* Damage a valid image of @spec with @damage and expect a refusal in @region (and @chunk). */
static void expect_refused(const char *name, const struct synth_spec *spec,
			   void (*damage)(struct synth_image *), enum hs_region region,
			   uint64_t chunk)
{
	struct synth_image img;
	struct hs_image_info info;
	int ok = 0;

	if (!build(spec, &img)) {
		damage(&img);
		ok = refused_in(inspect(img.data, img.size, spec->header_page, &info), &info,
				region, chunk);
		synth_free(&img);
	}
	tap(ok, "unit.image-parse.%s", name);
}

static void put_map(struct synth_image *img, unsigned int map, unsigned int k, uint64_t value)
{
	synth_put_le(synth_page(img, img->map_page[map]) + 8 * k, 8, value);
}

static void map_second_loops_to_first(struct synth_image *img)
{
	put_map(img, 1, 511, img->map_page[0]);
}

static void map_first_loops_to_itself(struct synth_image *img)
{
	put_map(img, 0, 511, img->map_page[0]);
}

static void map_first_links_beyond(struct synth_image *img)
{
	put_map(img, 0, 511, img->size / HS_PAGE_SIZE);
}

static void map_first_links_to_chunk(struct synth_image *img)
{
	put_map(img, 0, 511, img->chunk_page[1]);
}

static void raw_chunk_len_not_pages(struct synth_image *img)
{
	synth_put_le(synth_page(img, img->chunk_page[1]) + 8, 4, 8191);
}

static void raw_chunk_flagged_lzo(struct synth_image *img)
{
	synth_put_le(synth_page(img, img->chunk_page[2]) + 4, 4,
		     HIBSEAL_CHUNK_LZO | HIBSEAL_CHUNK_FINAL);
}

static void raw_chunk_len_33_pages(struct synth_image *img)
{
	synth_put_le(synth_page(img, img->chunk_page[1]) + 8, 4, 33 * HS_PAGE_SIZE);
}

static void raw_image_pages_off_by_one(struct synth_image *img)
{
	struct hibseal_image_header *hdr =
		(struct hibseal_image_header *)synth_page(img, img->seal_header_page);

	synth_put_le((uint8_t *)&hdr->image_pages, 8, 5);
}

/* Every cut of the default image's bytes is refused, and as damage, not as a read error. */
static void test_every_truncation(const struct synth_image *img)
{
	struct hs_image_info info;
	size_t bad = SIZE_MAX;

	for (size_t cut = 0; cut < img->size && bad == SIZE_MAX; cut++)
		if (inspect(img->data, cut, 0, &info) != -EINVAL ||
		    info.region == HS_REGION_NONE)
			bad = cut;
	if (bad != SIZE_MAX)
		printf("# accepted or misreported at %zu bytes: %s\n", bad, info.reason);
	tap(bad == SIZE_MAX, "unit.image-parse.every-truncation");

	tap(refused_in(inspect(img->data, img->size - HS_PAGE_SIZE, 0, &info), &info,
		       HS_REGION_SWAP_HEADER, 0), "unit.image-parse.truncated-device");
	tap(refused_in(inspect(img->data, 0, 0, &info), &info, HS_REGION_SWAP_HEADER, 0),
	    "unit.image-parse.empty-device");
}

/*
 * Flipping bit 0 of any byte of a field with one valid value (signatures, magics, versions,
 * sizes, flags, reserved fields, counts, page numbers) is refused.
 */
static void test_fixed_field_flips(const struct synth_image *img)
{
	static const struct { int area; size_t off, len; } fields[] = {
		{ SWAP_HEADER, TAIL, 8 },			/* seal_header */
		{ SWAP_HEADER, TAIL + 16, 8 + 4 + 10 + 10 },	/* image, flags, signatures */
		{ SEAL_HEADER, 0, SEAL(image_pages) },		/* magic .. nr_chunks */
		{ SEAL_HEADER, SEAL(swsusp_flags), 8 },		/* swsusp_flags, reserved1 */
		{ SEAL_HEADER, SEAL(reserved2), SEAL(image_mac) - SEAL(reserved2) },
		{ SEAL_HEADER, SEAL(key_blob), 2 },		/* the private area's size */
		{ SEAL_HEADER, SEAL(key_blob) + 46, 2 },	/* the public area's size */
		{ SEAL_HEADER, SEAL(key_blob) + 52, 6 },	/* two sizes and the ticket tag */
		{ SEAL_HEADER, SEAL(key_blob) + 62, 2 },	/* the ticket digest's size */
	};
	uint8_t *data = malloc(img->size);
	struct hs_image_info info;
	int ok = !!data;

	for (size_t f = 0; ok && f < ARRAY_SIZE(fields); f++) {
		uint64_t page = fields[f].area == SWAP_HEADER ? 0 : img->seal_header_page;

		for (size_t i = 0; ok && i < fields[f].len; i++) {
			size_t at = page * HS_PAGE_SIZE + fields[f].off + i;

			memcpy(data, img->data, img->size);
			data[at] ^= 1;
			ok = inspect(data, img->size, 0, &info) == -EINVAL;
			if (!ok)
				printf("# flip at page %llu byte %zu accepted\n",
				       (unsigned long long)page, fields[f].off + i);
		}
	}
	/* each chunk's magic, flags and reserved; chunk 0's len too */
	for (unsigned int c = 0; ok && c < img->nr_chunks; c++) {
		for (size_t i = 0; ok && i < 16; i++) {
			if (c && i >= 8 && i < 12)
				continue;
			memcpy(data, img->data, img->size);
			data[img->chunk_page[c] * HS_PAGE_SIZE + i] ^= 1;
			ok = inspect(data, img->size, 0, &info) == -EINVAL;
			if (!ok)
				printf("# flip in chunk %u header byte %zu accepted\n", c, i);
		}
	}
	free(data);
	tap(ok, "unit.image-parse.every-fixed-field-bit-flip");
}

/* A source whose reads of page @fail_page fail. */
struct failing_source {
	const uint8_t *data;
	uint64_t fail_page;
};

static int failing_read(void *ctx, uint64_t off, void *buf, size_t len)
{
	const struct failing_source *s = ctx;

	if (off / HS_PAGE_SIZE == s->fail_page)
		return -ENXIO;
	memcpy(buf, s->data + off, len);
	return 0;
}

static void test_read_error(const struct synth_image *img)
{
	struct failing_source fs = { .data = img->data, .fail_page = img->chunk_page[2] };
	struct hs_source src = { .read = failing_read, .size = img->size, .ctx = &fs };
	struct hs_image_info info;
	int ret = hs_image_inspect(&src, 0, &info);

	tap(ret == -EIO && info.io_error == ENXIO && info.region == HS_REGION_DATA_CHUNK &&
	    info.chunk == 2, "unit.image-parse.read-error-in-chunk");
	fs.fail_page = 0;
	ret = hs_image_inspect(&src, 0, &info);
	tap(ret == -EIO && info.io_error == ENXIO && info.region == HS_REGION_SWAP_HEADER,
	    "unit.image-parse.read-error-in-swap-header");
}

/* The fd source: a regular file parses like memory; a directory and a pipe are refused. */
static void test_fd_source(const struct synth_image *img)
{
	char path[] = "/tmp/hibseal-test-image-XXXXXX";
	struct hs_image_info info;
	struct hs_source src;
	int fd, pipefd[2], ok;

	fd = mkstemp(path);
	ok = fd >= 0 && write(fd, img->data, img->size) == (ssize_t)img->size &&
	     !hs_source_fd(&src, fd) && src.size == img->size &&
	     !hs_image_inspect(&src, 0, &info) && info.nr_chunks == 4;
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	tap(ok, "unit.image-parse.fd-source-file");

	fd = open("/tmp", O_RDONLY | O_DIRECTORY);
	tap(fd >= 0 && hs_source_fd(&src, fd) == -EISDIR, "unit.image-parse.fd-source-directory");
	if (fd >= 0)
		close(fd);
	ok = !pipe(pipefd);
	tap(ok && hs_source_fd(&src, pipefd[0]) == -ENOTBLK, "unit.image-parse.fd-source-pipe");
	if (ok) {
		close(pipefd[0]);
		close(pipefd[1]);
	}
}

static void test_resume_offset(void)
{
	struct synth_spec spec = default_spec;
	struct synth_image img;
	struct hs_image_info info;
	int ok = 0;

	spec.header_page = 3;
	if (!build(&spec, &img)) {
		ok = !inspect(img.data, img.size, 3, &info) && info.nr_chunks == 4 &&
		     refused_in(inspect(img.data, img.size, 0, &info), &info,
				HS_REGION_SWAP_HEADER, 0) &&
		     refused_in(inspect(img.data, img.size, img.size / HS_PAGE_SIZE, &info), &info,
				HS_REGION_SWAP_HEADER, 0);
		/* the swap header's page listed as a chunk page */
		synth_put_le(synth_page(&img, img.map_page[0]) + 8 * 2, 8, spec.header_page);
		ok = ok && refused_in(inspect(img.data, img.size, 3, &info), &info,
				      HS_REGION_SWAP_MAP, 1);
		synth_free(&img);
	}
	tap(ok, "unit.image-parse.resume-offset");
}

static void test_extra_pages_after_image(const struct synth_image *good)
{
	struct hs_image_info info;
	size_t size = good->size + 2 * HS_PAGE_SIZE;
	uint8_t *data = calloc(1, size);
	int ok = 0;

	if (data) {
		memcpy(data, good->data, good->size);
		ok = !inspect(data, size, 0, &info);
		/* a free page listed after the final chunk */
		synth_put_le(data + good->map_page[0] * HS_PAGE_SIZE + 8 * 6, 8, 9);
		tap(refused_in(inspect(data, size, 0, &info), &info, HS_REGION_DATA_CHUNK, 3),
		    "unit.image-parse.map-page-after-final-chunk");
		free(data);
	}
	tap(ok, "unit.image-parse.valid-with-free-pages-after");
}

int main(void)
{
	static const uint32_t gcm_raw_lens[] = { 2 * HS_PAGE_SIZE, HS_PAGE_SIZE };
	static uint32_t full_lens[16], exact_lens[16];
	struct synth_spec gcm_raw = default_spec, two_maps = default_spec, exact = default_spec;
	struct synth_image good;

	if (build(&default_spec, &good)) {
		tap(0, "unit.image-parse.build");
		return tap_exit();
	}
	test_valid_default(&good);

	gcm_raw.aead = HIBSEAL_AEAD_AES256_GCM;
	gcm_raw.compressed = false;
	gcm_raw.nr_data = 2;
	gcm_raw.lens = gcm_raw_lens;
	gcm_raw.image_pages = 1 + 3;
	gcm_raw.extra_flags = 0;
	expect_valid("valid-gcm-uncompressed", &gcm_raw, check_gcm_raw);

	/* 16 raw chunks of 32 pages: 2 + 16 * 33 = 530 entries over two map pages */
	for (unsigned int i = 0; i < 16; i++)
		full_lens[i] = 32 * HS_PAGE_SIZE;
	two_maps.aead = HIBSEAL_AEAD_AES256_GCM;
	two_maps.compressed = false;
	two_maps.nr_data = 16;
	two_maps.lens = full_lens;
	two_maps.image_pages = 1 + 16 * 32;
	expect_valid("valid-two-map-pages", &two_maps, check_two_map_pages);

	/* 2 + 15 * 33 + 14 = 511 entries: the first map page full, the second one empty */
	for (unsigned int i = 0; i < 15; i++)
		exact_lens[i] = 32 * HS_PAGE_SIZE;
	exact_lens[15] = 13 * HS_PAGE_SIZE;
	exact = two_maps;
	exact.lens = exact_lens;
	exact.image_pages = 1 + 15 * 32 + 13;
	expect_valid("valid-map-page-exactly-full", &exact, check_two_map_pages);

	for (size_t i = 0; i < ARRAY_SIZE(poke_cases); i++)
		run_poke_case(&good, &poke_cases[i]);

	expect_refused("map-loop-second-to-first", &two_maps, map_second_loops_to_first,
		       HS_REGION_SWAP_MAP, 17);
	expect_refused("map-loop-mid-data", &two_maps, map_first_loops_to_itself,
		       HS_REGION_SWAP_MAP, ANY_CHUNK);
	expect_refused("map-loop-after-exactly-full", &exact, map_second_loops_to_first,
		       HS_REGION_SWAP_MAP, 17);
	expect_refused("map-next-beyond-device-mid-data", &two_maps, map_first_links_beyond,
		       HS_REGION_SWAP_MAP, ANY_CHUNK);
	expect_refused("map-next-is-a-chunk-page", &two_maps, map_first_links_to_chunk,
		       HS_REGION_SWAP_MAP, ANY_CHUNK);
	expect_refused("raw-len-not-whole-pages", &gcm_raw, raw_chunk_len_not_pages,
		       HS_REGION_DATA_CHUNK, 1);
	expect_refused("raw-len-33-pages", &gcm_raw, raw_chunk_len_33_pages,
		       HS_REGION_DATA_CHUNK, 1);
	expect_refused("raw-chunk-flagged-lzo", &gcm_raw, raw_chunk_flagged_lzo,
		       HS_REGION_DATA_CHUNK, 2);
	expect_refused("raw-image-pages-mismatch", &gcm_raw, raw_image_pages_off_by_one,
		       HS_REGION_SEAL_HEADER, 0);

	test_every_truncation(&good);
	test_fixed_field_flips(&good);
	test_read_error(&good);
	test_fd_source(&good);
	test_resume_offset();
	test_extra_pages_after_image(&good);
	synth_free(&good);
	return tap_exit();
}
