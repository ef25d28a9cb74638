// SPDX-License-Identifier: GPL-2.0
/*
 * What hibseal's subcommands share: option parsing, usage and help, image sources and how a
 * failed check is reported.
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

int command_usage(const struct command *cmd)
{
	fprintf(stderr, "Usage: hibseal %s %s\n       hibseal %s --help\n", cmd->name, cmd->args,
		cmd->name);
	return EXIT_USAGE;
}

/* hibseal COMMAND --help: that command's usage and summary, on stdout. */
int command_help(const struct command *cmd)
{
	printf("Usage: hibseal %s %s\n\t%s\n"
	       "Exit status: 0 done, 1 failure (reason on stderr), 2 usage.\n",
	       cmd->name, cmd->args, cmd->summary);
	return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
}

int print_version(void)
{
	printf("hibseal %s\n", HIBSEAL_TOOLS_VERSION);
	return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A page number given on the command line: decimal digits only, no sign, no overflow. */
int parse_page(const char *s, uint64_t *page)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	*page = strtoull(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	return 0;
}

/*
 * getopt_long() over a subcommand's arguments (argv[0] is its name) into @o, then exactly
 * @operands operands left in argv[optind...]. Return: -1 to go on, else the exit status to end
 * with (--help or --version answered, or a usage error).
 */
int parse_options(const struct command *cmd, int argc, char *argv[], const char *shortopts,
			 const struct option *opts, int operands, struct cli *o)
{
	int c;

	while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
		switch (c) {
		case 'k':
			o->key_file = optarg;
			break;
		case 'T':
			o->tcti = optarg;
			break;
		case 'c':
			o->clear = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'o':
			if (!parse_page(optarg, &o->header_page))
				break;
			fprintf(stderr, "hibseal %s: bad --resume-offset '%s': a page number\n",
				cmd->name, optarg);
			return command_usage(cmd);
		case 'h':
			return command_help(cmd);
		case 'V':
			return print_version();
		default:
			return command_usage(cmd);
		}
	}
	return argc - optind == operands ? -1 : command_usage(cmd);
}

/* One line on stderr for a failed inspection or verification. */
void report_failure(const char *what, const char *path, int err,
			   const struct hs_image_info *info)
{
	if (err == -EINVAL || err == -EBADMSG) {
		fprintf(stderr, "hibseal %s: %s: %s %s", what, path,
			err == -EINVAL ? "damaged" : "does not authenticate:",
			hs_region_name(info->region));
		if (info->region == HS_REGION_METADATA_CHUNK ||
		    info->region == HS_REGION_DATA_CHUNK)
			fprintf(stderr, " chunk %" PRIu64, info->chunk);
		fprintf(stderr, ": %s\n", info->reason);
	} else if (err == -EIO) {
		fprintf(stderr, "hibseal %s: %s: %s (%s): %s\n", what, path, info->reason,
			hs_region_name(info->region), strerror(info->io_error));
	} else {
		fprintf(stderr, "hibseal %s: %s: %s: %s\n", what, path, info->reason,
			strerror(-err));
	}
}

/* Open @path as an image source for subcommand @what. Return: the fd, or -1 (reported). */
int open_image(const char *what, const char *path, struct hs_source *src)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0) {
		fprintf(stderr, "hibseal %s: %s: cannot open: %s\n", what, path, strerror(errno));
		return -1;
	}
	err = hs_source_fd(src, fd);
	if (err) {
		fprintf(stderr, "hibseal %s: %s: cannot use as a device: %s\n", what, path,
			strerror(-err));
		close(fd);
		return -1;
	}
	return fd;
}
