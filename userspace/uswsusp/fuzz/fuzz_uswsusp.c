// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the parsers of the images hibseal suspend stores: hs_us_load() (what
 * hibseal resume runs) and hs_us_inspect() (what hibseal inspect runs) on the input as a whole
 * device (swap header page at page 0), and hs_us_config_parse() on it as a configuration file
 * (what suspend and resume read, and their -P lines). Besides the sanitizers' checks, the
 * results must be self-consistent: a loaded image has every stream page on the device, page
 * aligned and not the header page; a refusal has a reason.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stored_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hs_us_config cfg = { 0 };
	struct hs_us_image img;
	struct hs_source src;
	char why[256] = "", *text;
	uint64_t i;
	int ret;

	hs_source_memory(&src, data, size);
	ret = hs_us_load(&src, 0, &img, why, sizeof(why));
	if (ret == 0) {
		for (i = 0; i < img.hdr.stream_pages; i++)
			if (!img.pages[i] || img.pages[i] % HS_PAGE_SIZE ||
			    img.pages[i] + HS_PAGE_SIZE > size)
				abort();
		hs_us_image_free(&img);
	} else if (ret == -EBADMSG) {
		if (!why[0])
			abort();
	} else if (ret != -ENOENT && ret != -ENOMEM) {
		abort();
	}

	/* The same bytes through hibseal inspect's check of a stored stream. */
	{
		struct hs_image_info info;

		ret = hs_us_inspect(&src, 0, &info);
		if (ret == -EINVAL && (info.region == HS_REGION_NONE || !info.reason[0]))
			abort();
		if (ret && ret != -EINVAL && ret != -ENOENT && ret != -ENOMEM && ret != -EIO)
			abort();
		if (!ret && (info.chunks_found != info.nr_chunks || info.nr_chunks < 2))
			abort();
	}

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	ret = hs_us_config_parse(text, &cfg, why, sizeof(why));
	if (ret && ret != -EINVAL)
		abort();
	if (!ret && cfg.have_device && (!cfg.device[0] || strlen(cfg.device) >= sizeof(cfg.device)))
		abort();
	free(text);
	return 0;
}
