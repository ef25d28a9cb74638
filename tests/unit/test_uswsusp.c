// SPDX-License-Identifier: GPL-2.0
/*
 * The stored-stream format of hibseal suspend and resume (userspace/uswsusp/lib/stored_image.c):
 * images built in memory the way it writes them, loaded back by hs_us_load(), then damaged one
 * field at a time. A damaged field is refused even when the digests are recomputed over it (an attacker
 * can do that; only the kernel's MACs are keyed), and every reserved byte is tried nonzero.
 * Also the configuration file parser.
 */
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../userspace/uswsusp/lib/stored_image.h"
#include "../../userspace/uswsusp/fuzz/synthetic_uswsusp.h"
#include "tap.h"

#define PG HS_PAGE_SIZE

static int load(struct synth_us *d, struct hs_us_image *img, char *why, size_t size)
{
	struct hs_source src;

	hs_source_memory(&src, d->buf, d->pages * PG);
	return hs_us_load(&src, 0, img, why, size);
}

/* Loads, and gives every stream page where synth_us_build() put it. */
static bool loads_as_built(struct synth_us *d)
{
	struct hs_us_image img;
	char why[256] = "";
	uint64_t i;
	bool ok;

	if (load(d, &img, why, sizeof(why))) {
		printf("# refused: %s\n", why);
		return false;
	}
	ok = img.hdr.stream_bytes == d->stream_bytes && img.hdr.stream_pages == d->stream_pages;
	for (i = 0; ok && i < d->stream_pages; i++)
		ok = img.pages[i] == (d->first_stream + 2 * i) * PG;
	hs_us_image_free(&img);
	return ok;
}

/* Refused as damaged, with a reason that contains @says. */
static bool refused(struct synth_us *d, const char *says)
{
	struct hs_us_image img;
	char why[256] = "";
	int rc = load(d, &img, why, sizeof(why));

	if (!rc)
		hs_us_image_free(&img);
	if (rc != -EBADMSG || !strstr(why, says)) {
		printf("# rc %d, reason '%s', wanted '%s'\n", rc, why, says);
		return false;
	}
	return true;
}

typedef void (*damage_fn)(struct synth_us *d);

struct damage {
	const char *name;
	damage_fn fn;
	const char *says;
};

static void d_version(struct synth_us *d) { synth_us_header(d)->version = htole32(2); }
static void d_size(struct synth_us *d) { synth_us_header(d)->header_size = htole32(1359); }
static void d_bytes0(struct synth_us *d) { synth_us_header(d)->stream_bytes = 0; }
static void d_bytes_big(struct synth_us *d) { synth_us_header(d)->stream_bytes = htole64(HS_US_STREAM_MAX + 1); }
static void d_pages(struct synth_us *d) { synth_us_header(d)->stream_pages = htole64(d->stream_pages + 1); }
static void d_maps(struct synth_us *d) { synth_us_header(d)->nr_maps = htole64(d->nr_maps + 1); }
static void d_map_unaligned(struct synth_us *d) { synth_us_header(d)->first_map = htole64(d->first_map * PG + 8); }
static void d_map_outside(struct synth_us *d) { synth_us_header(d)->first_map = htole64(d->pages * PG); }
static void d_map_header(struct synth_us *d) { synth_us_header(d)->first_map = 0; }
static void d_image_magic(struct synth_us *d) { synth_us_header(d)->image.magic[0] ^= 1; }
static void d_bigger_than_dev(struct synth_us *d)
{
	uint64_t bytes = (uint64_t)(d->pages + 1) * PG;

	synth_us_header(d)->stream_bytes = htole64(bytes);
	synth_us_header(d)->stream_pages = htole64(d->pages + 1);
}

static void d_map_magic(struct synth_us *d) { synth_us_map(d, 0)->magic[0] ^= 1; }
static void d_map_reserved(struct synth_us *d) { synth_us_map(d, 0)->reserved = htole32(1); }
static void d_map_count(struct synth_us *d) { synth_us_map(d, 0)->count = htole32(le32toh(synth_us_map(d, 0)->count) - 1); }
static void d_map_next(struct synth_us *d) { synth_us_map(d, d->nr_maps - 1)->next = htole64(d->first_map * PG); }
static void d_entry_unaligned(struct synth_us *d) { synth_us_map(d, 0)->entry[1] = htole64(le64toh(synth_us_map(d, 0)->entry[1]) + 1); }
static void d_entry_outside(struct synth_us *d) { synth_us_map(d, 0)->entry[1] = htole64(d->pages * PG); }
static void d_entry_header(struct synth_us *d) { synth_us_map(d, 0)->entry[0] = 0; }
static void d_entry_unused(struct synth_us *d)
{
	struct hs_us_map *m = synth_us_map(d, d->nr_maps - 1);

	m->entry[le32toh(m->count)] = htole64(PG);
}

static const struct damage damages[] = {
	{ "header.version", d_version, "version 2" },
	{ "header.size", d_size, "header size is 1359" },
	{ "header.stream-bytes-zero", d_bytes0, "stream length 0 is out of range" },
	{ "header.stream-bytes-huge", d_bytes_big, "out of range" },
	{ "header.stream-pages", d_pages, "stream pages for" },
	{ "header.stream-larger-than-device", d_bigger_than_dev, "larger than the device" },
	{ "header.nr-maps", d_maps, "map pages for" },
	{ "header.first-map-unaligned", d_map_unaligned, "first map page" },
	{ "header.first-map-outside", d_map_outside, "first map page" },
	{ "header.first-map-header-page", d_map_header, "first map page" },
	{ "header.image-magic", d_image_magic, "no sealed image header" },
	{ "map.magic", d_map_magic, "map page 0" },
	{ "map.reserved", d_map_reserved, "map page 0" },
	{ "map.count", d_map_count, "map page 0" },
	{ "map.next-on-last", d_map_next, "is malformed" },
	{ "map.unused-entry", d_entry_unused, "is malformed" },
	{ "map.entry-unaligned", d_entry_unaligned, "stream page 1" },
	{ "map.entry-outside", d_entry_outside, "stream page 1" },
	{ "map.entry-header-page", d_entry_header, "stream page 0" },
};

static void test_valid(void)
{
	struct hs_us_image img;
	struct synth_us d;
	char why[256];

	synth_us_build(&d, 5 * PG + 123);
	tap(hs_us_probe(d.buf) == HS_US_IMAGE, "unit.uswsusp.probe.image");
	tap(loads_as_built(&d), "unit.uswsusp.load.valid");
	free(d.buf);

	/* Two map pages: 600 stream pages. */
	synth_us_build(&d, 600 * PG);
	tap(d.nr_maps == 2 && loads_as_built(&d), "unit.uswsusp.load.valid-two-maps");
	/* The next pointer of a map page that is not the last may not be zero. */
	synth_us_map(&d, 0)->next = 0;
	synth_us_redigest(&d);
	tap(refused(&d, "map page 0"), "unit.uswsusp.refused.map.next-missing");
	free(d.buf);

	synth_us_build(&d, PG);
	hs_us_unmark(d.buf);
	tap(hs_us_probe(d.buf) == HS_US_SWAP && !memcmp(d.buf + HS_SIG_OFFSET, "SWAPSPACE2", 10),
	    "unit.uswsusp.unmark.swap-signature");
	tap(load(&d, &img, why, sizeof(why)) == -ENOENT, "unit.uswsusp.load.swap-area-is-no-image");
	memset(d.buf, 0, PG);
	tap(hs_us_probe(d.buf) == HS_US_OTHER && load(&d, &img, why, sizeof(why)) == -ENOENT,
	    "unit.uswsusp.load.blank-is-no-image");
	memcpy(d.buf + HS_SIG_OFFSET, "S1SUSPEND", 10);
	tap(hs_us_probe(d.buf) == HS_US_OTHER, "unit.uswsusp.probe.kernel-image-not-ours");
	free(d.buf);
}

static void test_damage(void)
{
	size_t i;
	struct synth_us d;

	for (i = 0; i < sizeof(damages) / sizeof(damages[0]); i++) {
		synth_us_build(&d, 3 * PG + 7);
		damages[i].fn(&d);
		synth_us_redigest(&d);
		tap(refused(&d, damages[i].says), "unit.uswsusp.refused.%s", damages[i].name);
		free(d.buf);
	}
	/* Damage without recomputing the digests: named by them. */
	synth_us_build(&d, 3 * PG);
	synth_us_header(&d)->stream_bytes ^= 1;
	tap(refused(&d, "header's digest does not match"), "unit.uswsusp.refused.header-digest");
	free(d.buf);
	synth_us_build(&d, 3 * PG);
	synth_us_map(&d, 0)->entry[0] = htole64((d.first_stream + 1) * PG);
	tap(refused(&d, "does not match the digest"), "unit.uswsusp.refused.map-digest");
	free(d.buf);
	/* Every reserved byte of the header, one at a time. */
	for (i = 0; i < sizeof(((struct hs_us_header *)0)->reserved); i++) {
		synth_us_build(&d, PG);
		synth_us_header(&d)->reserved[i] = 0x80;
		synth_us_redigest(&d);
		tap(refused(&d, "reserved field is not zero"), "unit.uswsusp.refused.header.reserved[%zu]", i);
		free(d.buf);
	}
}

/* hs_us_inspect(): @fn damages the stored stream or header; NULL: valid. */
static void inspect_case(const char *name, void (*fn)(struct synth_us *d), int want,
			 enum hs_region region, const char *says)
{
	struct hs_image_info info;
	struct hs_source src;
	struct synth_us d;
	int rc;

	synth_us_build_sealed(&d, 3, 200);
	if (fn) {
		fn(&d);
		synth_us_redigest(&d);
	}
	hs_source_memory(&src, d.buf, d.pages * PG);
	rc = hs_us_inspect(&src, 0, &info);
	if (!tap(rc == want && (want || (info.nr_chunks == 4 && info.chunks_found == 4 &&
					info.compressed_bytes == 600 && info.counter == 7)) &&
		 (!want || (info.region == region && strstr(info.reason, says))),
		 "unit.uswsusp.inspect.%s", name))
		printf("# rc %d, region %s, chunk %llu: %s\n", rc, hs_region_name(info.region),
		       (unsigned long long)info.chunk, info.reason);
	free(d.buf);
}

/* Byte @off of the stored stream. */
static uint8_t *stream_byte(struct synth_us *d, uint64_t off)
{
	return d->buf + (d->first_stream + 2 * (off / PG)) * PG + off % PG;
}

#define CH0	(16 + PG + 32)			/* chunk 0's size */
#define CH	(16 + 200 + 32)			/* a data chunk's size */

static void i_swap_writer_kind(struct synth_us *d) { synth_us_header(d)->image.flags = 0; }
static void i_count(struct synth_us *d) { synth_us_header(d)->image.nr_chunks = htole64(5); }
static void i_reserved2(struct synth_us *d) { synth_us_header(d)->image.reserved2[9] = 1; }
static void i_metadata_len(struct synth_us *d) { *stream_byte(d, 9) = 0x11; }
static void i_magic(struct synth_us *d) { *stream_byte(d, CH0 + CH) ^= 1; }
static void i_not_final(struct synth_us *d) { *stream_byte(d, CH0 + 2 * CH + 4) = HIBSEAL_CHUNK_LZO; }
static void i_early_final(struct synth_us *d) { *stream_byte(d, CH0 + 4) |= HIBSEAL_CHUNK_FINAL; }
static void i_len(struct synth_us *d) { *stream_byte(d, CH0 + 2 * CH + 9) = 1; }

static void test_inspect(void)
{
	inspect_case("valid", NULL, 0, HS_REGION_NONE, "");
	inspect_case("swap-writer-kind", i_swap_writer_kind, -EINVAL, HS_REGION_SEAL_HEADER,
		     "through /dev/snapshot");
	inspect_case("count", i_count, -EINVAL, HS_REGION_DATA_CHUNK, "4 chunks, the header says 5");
	inspect_case("reserved2", i_reserved2, -EINVAL, HS_REGION_SEAL_HEADER, "reserved2 byte 9");
	inspect_case("metadata-len", i_metadata_len, -EINVAL, HS_REGION_METADATA_CHUNK,
		     "not one page");
	inspect_case("chunk-magic", i_magic, -EINVAL, HS_REGION_DATA_CHUNK, "malformed chunk header");
	inspect_case("final-missing", i_not_final, -EINVAL, HS_REGION_DATA_CHUNK,
		     "without a final chunk");
	inspect_case("final-early", i_early_final, -EINVAL, HS_REGION_DATA_CHUNK,
		     "final, but the stream goes on");
	inspect_case("chunk-past-end", i_len, -EINVAL, HS_REGION_DATA_CHUNK, "the stream ends inside it");
}

/* What is not hibseal suspend's, hs_us_inspect() leaves to hs_image_inspect(): -ENOENT. */
static void test_inspect_not_ours(void)
{
	struct hs_image_info info;
	struct hs_source src;
	struct synth_us d;

	synth_us_build_sealed(&d, 3, 200);
	hs_source_memory(&src, d.buf, d.pages * PG);
	tap(hs_us_inspect(&src, d.pages, &info) == -ENOENT &&
	    hs_us_inspect(&src, UINT64_MAX, &info) == -ENOENT, "unit.uswsusp.inspect.no-page");
	hs_source_memory(&src, d.buf, PG - 1);
	tap(hs_us_inspect(&src, 0, &info) == -ENOENT, "unit.uswsusp.inspect.part-page");
	hs_source_memory(&src, d.buf, d.pages * PG);
	hs_us_unmark(d.buf);
	tap(hs_us_inspect(&src, 0, &info) == -ENOENT, "unit.uswsusp.inspect.swap-area");
	free(d.buf);
}

static void test_config(void)
{
	struct hs_us_config c;
	char why[160];

	memset(&c, 0, sizeof(c));
	tap(!hs_us_config_parse("# uswsusp\nsnapshot device = /dev/snapshot\n"
				"resume device = /dev/vdb2\nRESUME OFFSET : 34816   # swap file\n"
				"compress = y\n\n", &c, why, sizeof(why)) &&
	    c.have_device && !strcmp(c.device, "/dev/vdb2") && c.offset == 34816,
	    "unit.uswsusp.config.suspend-utils-file");
	/* The keys it does not use are listed, once each, for the warning. */
	if (!tap(!strcmp(c.ignored, "snapshot device, compress"),
		 "unit.uswsusp.config.ignored-keys"))
		printf("# ignored: '%s'\n", c.ignored);
	memset(&c, 0, sizeof(c));
	tap(!hs_us_config_parse("compress = y\ncompress = n\nsplash = y\n", &c, why, sizeof(why)) &&
	    !strcmp(c.ignored, "compress, splash"), "unit.uswsusp.config.ignored-once");
	memset(&c, 0, sizeof(c));
	{
		char many[4096] = "";

		for (int i = 0; i < 60; i++)
			snprintf(many + strlen(many), sizeof(many) - strlen(many), "key number %d = 1\n", i);
		tap(!hs_us_config_parse(many, &c, why, sizeof(why)) &&
		    strlen(c.ignored) < sizeof(c.ignored) &&
		    !strcmp(c.ignored + strlen(c.ignored) - 3, "..."),
		    "unit.uswsusp.config.ignored-cut");
	}
	memset(&c, 0, sizeof(c));
	tap(!hs_us_config_parse("", &c, why, sizeof(why)) && !c.have_device && !c.offset &&
	    !c.have_offset && !c.ignored[0], "unit.uswsusp.config.empty");
	/* A second text over the first, as -P's lines go over the file: only what it names. */
	tap(!hs_us_config_parse("resume device = /dev/vdb\n", &c, why, sizeof(why)) &&
	    c.have_device && !c.have_offset &&
	    !hs_us_config_parse("resume offset : 0", &c, why, sizeof(why)) && c.have_offset &&
	    !c.offset && !strcmp(c.device, "/dev/vdb"), "unit.uswsusp.config.over");
	memset(&c, 0, sizeof(c));
	tap(hs_us_config_parse("resume offset = -5\n", &c, why, sizeof(why)) == -EINVAL &&
	    strstr(why, "line 1"), "unit.uswsusp.config.refused.negative-offset");
	tap(hs_us_config_parse("\nresume offset = 12x\n", &c, why, sizeof(why)) == -EINVAL &&
	    strstr(why, "line 2"), "unit.uswsusp.config.refused.bad-offset");
	tap(hs_us_config_parse("resume device /dev/vdb\n", &c, why, sizeof(why)) == -EINVAL,
	    "unit.uswsusp.config.refused.no-separator");
	tap(hs_us_config_parse("resume device = \n", &c, why, sizeof(why)) == -EINVAL,
	    "unit.uswsusp.config.refused.empty-device");
	{
		char line[700];

		memset(line, 'a', sizeof(line) - 1);
		line[sizeof(line) - 1] = '\0';
		tap(hs_us_config_parse(line, &c, why, sizeof(why)) == -EINVAL &&
		    strstr(why, "too long"), "unit.uswsusp.config.refused.long-line");
	}
}

int main(void)
{
	test_valid();
	test_damage();
	test_inspect();
	test_inspect_not_ours();
	test_config();
	return tap_exit();
}
