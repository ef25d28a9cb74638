// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal verify: the full cryptographic check of a test image with its boot secret.
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

/* The 32-byte boot secret in @path. */
static int read_key(const char *path, uint8_t key[32])
{
	uint8_t extra;
	FILE *f = fopen(path, "rbe");
	int ok;

	if (!f) {
		fprintf(stderr, "hibseal verify: %s: cannot open: %s\n", path, strerror(errno));
		return -1;
	}
	ok = fread(key, 1, 32, f) == 32 && fread(&extra, 1, 1, f) == 0;
	fclose(f);
	if (!ok)
		fprintf(stderr, "hibseal verify: %s: the key file must hold exactly 32 bytes\n",
			path);
	return ok ? 0 : -1;
}

int cmd_verify(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "resume-offset", required_argument, NULL, 'o' },
		COMMON_OPTS,
		{ 0 }
	};
	struct hs_image_info info;
	struct cli o = { 0 };
	struct hs_source src;
	const char *path;
	uint8_t key[32];
	int fd, err, ret;

	ret = parse_options(cmd, argc, argv, "k:o:hV", opts, 1, &o);
	if (ret >= 0)
		return ret;
	ret = EXIT_FAILURE;
	if (!o.key_file)
		return command_usage(cmd);
	path = argv[optind];
	if (read_key(o.key_file, key))
		return EXIT_FAILURE;
	fd = open_image("verify", path, &src);
	if (fd < 0)
		goto out_key;
	err = hs_image_verify(&src, o.header_page, key, &info);
	if (err) {
		report_failure("verify", path, err, &info);
		goto out;
	}
	printf("chunks: %" PRIu64 ", every tag verified\n", info.nr_chunks);
	printf("image MAC: verified\n");
	printf("key blob: not checked (it needs the TPM)\n");
	ret = fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
out:
	close(fd);
out_key:
	memset(key, 0, sizeof(key));
	return ret;
}
