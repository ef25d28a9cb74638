// SPDX-License-Identifier: GPL-2.0
/*
 * mkseeds DIR: write the fuzzer's seed corpus, small synthetic images (seven pages or so):
 * two valid ones, one per construction, and a few damaged in different regions, so that
 * fuzzing starts from inputs that reach every stage of the parser.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/hibseal.h>

#include "libhibseal.h"
#include "synthetic_image.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const uint32_t tiny_lens[] = { 300, 100 };

static const struct synth_spec tiny = {
	.aead = HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
	.compressed = true,
	.nr_data = 2,
	.lens = tiny_lens,
	.image_pages = 3,
	.key_blob_size = 24,
	.counter = 1,
	.extra_flags = HS_SF_PLATFORM_MODE,
};

static const uint32_t raw_lens[] = { HS_PAGE_SIZE };

static const struct synth_spec tiny_gcm_raw = {
	.aead = HIBSEAL_AEAD_AES256_GCM,
	.compressed = false,
	.nr_data = 1,
	.lens = raw_lens,
	.image_pages = 2,
	.key_blob_size = 24,
	.counter = 2,
	.extra_flags = HS_SF_HW_SIG,
};

static void none(struct synth_image *img)
{
	(void)img;
}

static void final_missing(struct synth_image *img)
{
	synth_put_le(synth_page(img, img->chunk_page[img->nr_chunks - 1]) + 4, 4,
		     HIBSEAL_CHUNK_LZO);
}

static void map_loop(struct synth_image *img)
{
	synth_put_le(synth_page(img, img->map_page[0]) + 8 * 511, 8, img->map_page[0]);
}

static void reserved2(struct synth_image *img)
{
	struct hibseal_image_header *hdr =
		(struct hibseal_image_header *)synth_page(img, img->seal_header_page);

	hdr->reserved2[5] = 1;
}

static void key_blob_size_0(struct synth_image *img)
{
	struct hibseal_image_header *hdr =
		(struct hibseal_image_header *)synth_page(img, img->seal_header_page);

	memset(&hdr->key_blob_size, 0, sizeof(hdr->key_blob_size));
}

/* An image of format version 1, whose keys did not bind the construction: refused. */
static void version_1(struct synth_image *img)
{
	struct hibseal_image_header *hdr =
		(struct hibseal_image_header *)synth_page(img, img->seal_header_page);

	synth_put_le((uint8_t *)&hdr->version, 2, 1);
}

static void crc32_flag(struct synth_image *img)
{
	synth_page(img, img->header_page)[HS_PAGE_SIZE - 48 + 24] |= HS_SF_CRC32_MODE;
}

static void metadata_lzo(struct synth_image *img)
{
	synth_put_le(synth_page(img, img->chunk_page[0]) + 4, 4, HIBSEAL_CHUNK_LZO);
}

static const struct seed {
	const char *name;
	const struct synth_spec *spec;
	void (*damage)(struct synth_image *img);
} seeds[] = {
	{ "valid-ctr-hmac-lzo", &tiny, none },
	{ "valid-gcm-uncompressed", &tiny_gcm_raw, none },
	{ "damaged-final-missing", &tiny, final_missing },
	{ "damaged-map-loop", &tiny, map_loop },
	{ "damaged-reserved2", &tiny, reserved2 },
	{ "damaged-key-blob-size", &tiny_gcm_raw, key_blob_size_0 },
	{ "damaged-crc32-flag", &tiny, crc32_flag },
	{ "damaged-metadata-lzo", &tiny_gcm_raw, metadata_lzo },
	{ "damaged-version-1", &tiny, version_1 },
};

static int write_seed(const char *dir, const struct seed *seed)
{
	struct synth_image img;
	char path[4096];
	FILE *f = NULL;
	int err, ret = 1;

	err = synth_build(seed->spec, &img);
	if (err) {
		fprintf(stderr, "mkseeds: %s: %s\n", seed->name, strerror(-err));
		return 1;
	}
	seed->damage(&img);
	if (snprintf(path, sizeof(path), "%s/%s", dir, seed->name) >= (int)sizeof(path)) {
		fprintf(stderr, "mkseeds: %s: path too long\n", dir);
		goto out;
	}
	f = fopen(path, "wb");
	if (!f || fwrite(img.data, 1, img.size, f) != img.size) {
		fprintf(stderr, "mkseeds: %s: %s\n", path, strerror(errno));
		goto out;
	}
	ret = 0;
out:
	if (f && fclose(f) && !ret) {
		fprintf(stderr, "mkseeds: %s: %s\n", path, strerror(errno));
		ret = 1;
	}
	synth_free(&img);
	return ret;
}

int main(int argc, char *argv[])
{
	if (argc != 2) {
		fprintf(stderr, "Usage: mkseeds DIR\n");
		return 2;
	}
	for (size_t i = 0; i < ARRAY_SIZE(seeds); i++)
		if (write_seed(argv[1], &seeds[i]))
			return 1;
	return 0;
}
