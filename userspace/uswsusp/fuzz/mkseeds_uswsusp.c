// SPDX-License-Identifier: GPL-2.0
/*
 * mkseeds_uswsusp DIR: the seed corpus of fuzz_uswsusp: small stored streams (a few pages), one
 * valid, a few damaged past their digests, and a configuration file.
 */
#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synthetic_uswsusp.h"

static int put(const char *dir, const char *name, const void *data, size_t size)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
		perror(path);
		return 1;
	}
	return 0;
}

int main(int argc, char *argv[])
{
	static const char config[] = "# /etc/uswsusp.conf\nresume device = /dev/vdb\n"
				     "resume offset = 0\ncompress = y\n";
	struct synth_us d;
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: mkseeds_uswsusp DIR\n");
		return 2;
	}
	synth_us_build(&d, 2 * HS_PAGE_SIZE + 100);
	rc |= put(argv[1], "valid-three-pages", d.buf, d.pages * HS_PAGE_SIZE);
	synth_us_map(&d, 0)->count = htole32(2);
	synth_us_redigest(&d);
	rc |= put(argv[1], "damaged-map-count", d.buf, d.pages * HS_PAGE_SIZE);
	free(d.buf);
	synth_us_build(&d, HS_PAGE_SIZE);
	synth_us_header(&d)->reserved[5] = 1;
	synth_us_redigest(&d);
	rc |= put(argv[1], "damaged-reserved", d.buf, d.pages * HS_PAGE_SIZE);
	free(d.buf);
	synth_us_build_sealed(&d, 2, 300);
	rc |= put(argv[1], "valid-sealed-stream", d.buf, d.pages * HS_PAGE_SIZE);
	free(d.buf);
	rc |= put(argv[1], "config-suspend-utils", config, sizeof(config) - 1);
	return rc;
}
