// SPDX-License-Identifier: GPL-2.0
/*
 * What hibseal suspend and hibseal resume share (programs/snapshot.h).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "hibseal.h"
#include "snapshot.h"

void hs_cli_err(const struct hs_cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Not a character: --snapshot has no short form. */
#define OPT_SNAPSHOT	256

/* A usage error: one line saying what is wrong (unless getopt_long() said it), then the usage. */
static int __attribute__((format(printf, 3, 4)))
usage_error(const struct hs_cli *cli, const char *usage, const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		fprintf(stderr, "%s: ", cli->prog);
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		fputc('\n', stderr);
	}
	fputs(usage, stderr);
	return EXIT_USAGE;
}

/* Check the value of -r, -o or -P now, so that applying it later cannot fail. */
static int check_set(const struct hs_cli *cli, int opt, const char *arg, const char *usage)
{
	struct hs_us_config scratch = { 0 };
	char why[160];
	uint64_t offset;

	switch (opt) {
	case 'r':
		if (!*arg || strlen(arg) >= sizeof(cli->cfg.device))
			return usage_error(cli, usage, "bad resume device '%s'", arg);
		return 0;
	case 'o':
		if (parse_page(arg, &offset))
			return usage_error(cli, usage, "bad resume offset '%s'", arg);
		return 0;
	default:
		/* One line of the configuration file, as suspend-utils' -P takes it. */
		if (strchr(arg, '\n') || hs_us_config_parse(arg, &scratch, why, sizeof(why)))
			return usage_error(cli, usage, "bad -P '%s': %s", arg,
					   strchr(arg, '\n') ? "more than one line" : why);
		return 0;
	}
}

int hs_cli_options(struct hs_cli *cli, int argc, char *argv[], const char *usage, bool *done)
{
	/* Ours, and suspend-utils' spellings of the same: s2disk's and resume's getopt tables. */
	static const struct option opts[] = {
		{ "resume-device", required_argument, NULL, 'r' },
		{ "resume_device", required_argument, NULL, 'r' },
		{ "resume-offset", required_argument, NULL, 'o' },
		{ "resume_offset", required_argument, NULL, 'o' },
		{ "config", required_argument, NULL, 'f' },
		{ "parameter", required_argument, NULL, 'P' },
		{ "image_size", required_argument, NULL, 's' },
		{ "snapshot", required_argument, NULL, OPT_SNAPSHOT },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	int c, rc;

	*done = false;
	cli->snapshot = HS_SNAPSHOT_DEV;
	cli->dev_fd = -1;
	cli->direct_fd = -1;
	while ((c = getopt_long(argc, argv, "r:o:f:P:s:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
		case 'o':
		case 'P':
			rc = check_set(cli, c, optarg, usage);
			if (rc)
				return rc;
			if (cli->nr_set == HS_CLI_SETS)
				return usage_error(cli, usage, "more than %d -r, -o and -P options",
						   HS_CLI_SETS);
			cli->set[cli->nr_set++] = (struct hs_cli_set){ .opt = c, .arg = optarg };
			break;
		case 'f':
			cli->config = optarg;
			break;
		case 's':
			/* s2disk's preferred image size: hibseal suspend does not pass one on. */
			if (!cli->suspending)
				return usage_error(cli, usage, "-s/--image_size is s2disk's "
						   "option: resume does not take it");
			hs_cli_err(cli, "warning: -s/--image_size %s ignored: the kernel's "
				   "/sys/power/image_size applies", optarg);
			break;
		case OPT_SNAPSHOT:
			cli->snapshot = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			*done = true;
			return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
		case 'V':
			*done = true;
			return print_version();
		default:
			return usage_error(cli, usage, NULL);
		}
	}
	/* suspend-utils takes the resume device as an operand too; one spelling is enough. */
	if (optind != argc)
		return usage_error(cli, usage, "'%s': no operand is taken; a resume device is "
				   "given as -r %s", argv[optind], argv[optind]);
	return 0;
}

static int read_small(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

/* One warning for the keys @from (a file, or -P) named but nothing uses; the list emptied. */
static void warn_ignored(struct hs_cli *cli, const char *from)
{
	if (!cli->cfg.ignored[0])
		return;
	hs_cli_err(cli, "warning: %s: ignored (%s uses only 'resume device' and 'resume offset'): "
		   "%s", from, cli->prog, cli->cfg.ignored);
	cli->cfg.ignored[0] = '\0';
}

/* One -r, -o or -P over what the file gave (checked by check_set()). */
static int apply_set(struct hs_cli *cli, const struct hs_cli_set *set)
{
	uint64_t offset;

	switch (set->opt) {
	case 'r':
		snprintf(cli->cfg.device, sizeof(cli->cfg.device), "%s", set->arg);
		cli->cfg.have_device = true;
		return 0;
	case 'o':
		if (parse_page(set->arg, &offset))
			return -EINVAL;
		cli->cfg.offset = offset;
		cli->cfg.have_offset = true;
		return 0;
	default:
		return hs_us_config_parse(set->arg, &cli->cfg, NULL, 0);
	}
}

/*
 * The configuration file (-f, else the first of the usual ones that exists), then -r, -o and
 * -P over it in their command-line order, as suspend-utils applies them: the last word wins.
 */
static int configure(struct hs_cli *cli)
{
	static const char *const defaults[] = { "/etc/uswsusp.conf", "/etc/suspend.conf" };
	char *text = malloc(65536), why[160];
	const char *used = NULL;
	unsigned int i;
	int rc = 0;

	if (!text)
		return -ENOMEM;
	if (cli->config) {
		rc = read_small(cli->config, text, 65536);
		if (rc)
			hs_cli_err(cli, "cannot read %s: %s", cli->config, strerror(-rc));
		else
			used = cli->config;
	} else {
		for (i = 0; i < ARRAY_SIZE(defaults) && !used; i++)
			if (!read_small(defaults[i], text, 65536))
				used = defaults[i];
	}
	if (used) {
		rc = hs_us_config_parse(text, &cli->cfg, why, sizeof(why));
		if (rc)
			hs_cli_err(cli, "%s: %s", used, why);
		else
			warn_ignored(cli, used);
	}
	free(text);
	if (rc)
		return rc;
	/* From here on, what the command line gives: whose offset goes with the device. */
	cli->cfg.have_offset = false;
	for (i = 0; i < cli->nr_set && !rc; i++)
		rc = apply_set(cli, &cli->set[i]);
	if (rc) {
		hs_cli_err(cli, "%s: %s", cli->set[i - 1].arg, strerror(-rc));
		return rc;
	}
	warn_ignored(cli, "-P");
	cli->offset_set = cli->cfg.have_offset;
	return 0;
}

/* The kernel's resume device (/sys/power/resume, MAJOR:MINOR) as a /dev path. */
static int kernel_resume_device(struct hs_cli *cli)
{
	char buf[256], path[80], *name;
	unsigned int maj, min;

	if (read_small("/sys/power/resume", buf, sizeof(buf)) ||
	    sscanf(buf, "%u:%u", &maj, &min) != 2 || (!maj && !min))
		return -ENOENT;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/uevent", maj, min);
	if (read_small(path, buf, sizeof(buf)))
		return -ENOENT;
	name = strstr(buf, "DEVNAME=");
	if (!name)
		return -ENOENT;
	name += strlen("DEVNAME=");
	name[strcspn(name, "\n")] = '\0';
	snprintf(cli->cfg.device, sizeof(cli->cfg.device), "/dev/%s", name);
	cli->cfg.have_device = true;
	if (!cli->offset_set && !read_small("/sys/power/resume_offset", buf, sizeof(buf)))
		cli->cfg.offset = strtoull(buf, NULL, 10);
	return 0;
}

int hs_cli_device(struct hs_cli *cli)
{
	struct stat st;

	if (configure(cli))
		return 1;
	if (!cli->cfg.have_device && kernel_resume_device(cli)) {
		hs_cli_err(cli, "no resume device: give -r DEVICE, 'resume device' in the configuration file, or resume= to the kernel");
		return 1;
	}
	cli->dev_fd = open(cli->cfg.device, O_RDWR | O_CLOEXEC);
	if (cli->dev_fd < 0) {
		hs_cli_err(cli, "cannot open the resume device %s: %s", cli->cfg.device,
			   strerror(errno));
		return 1;
	}
	if (fstat(cli->dev_fd, &st) || !S_ISBLK(st.st_mode)) {
		hs_cli_err(cli, "%s is not a block device", cli->cfg.device);
		return 1;
	}
	cli->dev = st.st_rdev;
	cli->direct_fd = open(cli->cfg.device, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (cli->direct_fd < 0) {
		hs_cli_err(cli, "cannot open %s for direct I/O: %s", cli->cfg.device,
			   strerror(errno));
		return 1;
	}
	if (cli->cfg.offset > UINT64_MAX / HS_PAGE_SIZE) {
		hs_cli_err(cli, "resume offset %llu is out of range", cli->cfg.offset);
		return 1;
	}
	cli->header_off = (uint64_t)cli->cfg.offset * HS_PAGE_SIZE;
	return 0;
}

/* Reads into rbuf or writes wbuf: all of len at off, or a negative errno (-EIO if short). */
static int hs_cli_pio(int fd, void *rbuf, const void *wbuf, size_t len, uint64_t off)
{
	size_t done = 0;

	while (done < len) {
		size_t left = len - done;
		ssize_t n = wbuf ? pwrite(fd, (const char *)wbuf + done, left, off + done) :
				   pread(fd, (char *)rbuf + done, left, off + done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n ? -errno : -EIO;
		done += n;
	}
	return 0;
}

int hs_cli_pread(int fd, void *buf, size_t len, uint64_t off)
{
	return hs_cli_pio(fd, buf, NULL, len, off);
}

int hs_cli_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
	return hs_cli_pio(fd, NULL, buf, len, off);
}

void *hs_cli_pages(size_t len)
{
	void *p;

	if (posix_memalign(&p, HS_PAGE_SIZE, len)) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	memset(p, 0, len);
	return p;
}

int hs_cli_seal_info(int snap, struct hibseal_snapshot_info *info)
{
	memset(info, 0, sizeof(*info));
	info->version = HIBSEAL_SNAPSHOT_VERSION;
	info->size = sizeof(*info);
	return ioctl(snap, SNAPSHOT_SEAL_INFO, info) ? -errno : 0;
}
