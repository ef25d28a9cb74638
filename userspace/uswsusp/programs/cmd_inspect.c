// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal inspect: the structure of a sealed image, without the key.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hibseal.h"

/* @stored: hibseal suspend stored the image (hs_us_inspect()), not the kernel's swap writer. */
static void print_report(const struct hs_image_info *info, bool stored)
{
	printf("format: hibseal sealed hibernation image, version %u%s\n", info->version,
	       stored ? ", stored by hibseal suspend (sealed /dev/snapshot stream)" : "");
	printf("construction: %s, %u-byte tags\n", hs_aead_name(info->aead), info->tag_size);
	printf("compression: %s\n", !info->compressed ? "none" : info->lz4 ? "LZ4" : "LZO");
	printf("chunks: %" PRIu64 " (metadata and %" PRIu64 " data)\n", info->nr_chunks,
	       info->nr_chunks - 1);
	printf("image pages: %" PRIu64 "\n", info->image_pages);
	printf("anti-replay counter: %" PRIu64 "\n", info->counter);
	printf("key blob bytes: %" PRIu32 "\n", info->key_blob_size);
	printf("data chunk bytes: %" PRIu64 "\n", info->compressed_bytes);
	if (stored)
		printf("swap pages used: %" PRIu64 " (%" PRIu64 " map, %" PRIu64
		       " stream; the header is in the swap header page)\n", info->pages_used,
		       info->map_pages, info->chunk_pages);
	else
		printf("swap pages used: %" PRIu64 " (%" PRIu64 " swap map, %" PRIu64
		       " chunk, 1 sealed header)\n", info->pages_used, info->map_pages,
		       info->chunk_pages);
	printf("structure: valid\n");
	printf("not checked: chunk tags, key blob, image MAC (they need the key)\n");
}

/* `hibseal inspect --json`: the report as one object, or where and why it failed. */
static void print_json(const struct hs_image_info *info, bool stored, int err)
{
	struct hs_json j;

	hs_json_begin(&j, stdout);
	hs_json_uint(&j, "format", 1);
	hs_json_bool(&j, "valid", !err);
	if (err) {
		hs_json_string(&j, "region", hs_region_name(info->region));
		if (info->region == HS_REGION_METADATA_CHUNK || info->region == HS_REGION_DATA_CHUNK)
			hs_json_uint(&j, "chunk", info->chunk);
		else
			hs_json_string(&j, "chunk", NULL);
		hs_json_string(&j, "reason", err == -EIO ? strerror(info->io_error) :
			       info->reason[0] ? info->reason : strerror(-err));
		hs_json_end(&j);
		return;
	}
	hs_json_uint(&j, "version", info->version);
	hs_json_string(&j, "writer", stored ? "hibseal suspend" : "kernel");
	hs_json_string(&j, "construction", hs_aead_name(info->aead));
	hs_json_uint(&j, "tag_size", info->tag_size);
	hs_json_string(&j, "compression", !info->compressed ? "none" : info->lz4 ? "lz4" : "lzo");
	hs_json_uint(&j, "chunks", info->nr_chunks);
	hs_json_uint(&j, "image_pages", info->image_pages);
	hs_json_uint(&j, "counter", info->counter);
	hs_json_uint(&j, "key_blob_size", info->key_blob_size);
	hs_json_uint(&j, "data_chunk_bytes", info->compressed_bytes);
	hs_json_object(&j, "swap_pages");
	hs_json_uint(&j, "used", info->pages_used);
	hs_json_uint(&j, "map", info->map_pages);
	hs_json_uint(&j, "chunk", info->chunk_pages);
	hs_json_close(&j);
	hs_json_array(&j, "not_checked");
	hs_json_string(&j, NULL, "chunk tags");
	hs_json_string(&j, NULL, "key blob");
	hs_json_string(&j, NULL, "image MAC");
	hs_json_close(&j);
	hs_json_end(&j);
}

int cmd_inspect(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "resume-offset", required_argument, NULL, 'o' },
		{ "json", no_argument, NULL, 'j' },
		COMMON_OPTS,
		{ 0 }
	};
	struct hs_image_info info;
	struct cli o = { 0 };
	struct hs_source src;
	const char *path;
	bool stored;
	int fd, err, ret;

	ret = parse_options(cmd, argc, argv, "o:jhV", opts, 1, &o);
	if (ret >= 0)
		return ret;
	ret = EXIT_FAILURE;
	path = argv[optind];
	fd = open_image("inspect", path, &src);
	if (fd < 0)
		return EXIT_FAILURE;
	/* One hibseal suspend stored ("ULSUSPEND"), or else the kernel's swap writer's. */
	err = hs_us_inspect(&src, o.header_page, &info);
	stored = err != -ENOENT;
	if (!stored)
		err = hs_image_inspect(&src, o.header_page, &info);
	if (o.json)
		print_json(&info, stored, err);
	if (err) {
		report_failure("inspect", path, err, &info);
		goto out;
	}
	if (!o.json)
		print_report(&info, stored);
	if (fflush(stdout)) {
		fprintf(stderr, "hibseal inspect: writing the report: %s\n", strerror(errno));
		goto out;
	}
	ret = EXIT_SUCCESS;
out:
	close(fd);
	return ret;
}
