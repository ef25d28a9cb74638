// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for hs_image_inspect(): the input is a whole swap device, swap header at
 * page 0. Besides the sanitizers' own checks, the result must be self-consistent: valid with
 * no region and no reason, or refused as damage with both. A memory source cannot fail a read.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "libhibseal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hs_image_info info;
	struct hs_source src;
	int ret;

	hs_source_memory(&src, data, size);
	ret = hs_image_inspect(&src, 0, &info);
	if (ret == 0 && (info.region != HS_REGION_NONE || info.reason[0] ||
			 info.chunks_found != info.nr_chunks || info.nr_chunks < 2))
		abort();
	if (ret == -EINVAL && (info.region == HS_REGION_NONE || !info.reason[0]))
		abort();
	if (ret != 0 && ret != -EINVAL && ret != -ENOMEM)
		abort();
	return 0;
}
