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

#include "snapshot.h"

#ifndef HIBSEAL_TOOLS_VERSION
#define HIBSEAL_TOOLS_VERSION "unknown"
#endif

void hs_cli_err(const struct hs_cli *cli, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", cli->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int hs_cli_options(struct hs_cli *cli, int argc, char *argv[], const char *usage, bool *done)
{
	static const struct option opts[] = {
		{ "resume-device", required_argument, NULL, 'r' },
		{ "resume-offset", required_argument, NULL, 'o' },
		{ "config", required_argument, NULL, 'f' },
		{ "snapshot", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	char *end;
	int c;

	*done = false;
	cli->snapshot = HS_SNAPSHOT_DEV;
	cli->dev_fd = -1;
	cli->direct_fd = -1;
	while ((c = getopt_long(argc, argv, "r:o:f:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (strlen(optarg) >= sizeof(cli->cfg.device)) {
				hs_cli_err(cli, "resume device name too long");
				return 2;
			}
			strcpy(cli->cfg.device, optarg);
			cli->cfg.have_device = true;
			break;
		case 'o':
			errno = 0;
			cli->cfg.offset = strtoull(optarg, &end, 10);
			if (errno || end == optarg || *end || *optarg < '0' || *optarg > '9') {
				hs_cli_err(cli, "bad resume offset '%s'", optarg);
				return 2;
			}
			cli->offset_set = true;
			break;
		case 'f':
			cli->config = optarg;
			break;
		case 's':
			cli->snapshot = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			*done = true;
			return fflush(stdout) ? 1 : 0;
		case 'V':
			printf("hibseal %s\n", HIBSEAL_TOOLS_VERSION);
			*done = true;
			return fflush(stdout) ? 1 : 0;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind != argc) {
		fputs(usage, stderr);
		return 2;
	}
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

/* The configuration file: -f, else the first of the usual ones that exists. */
static int read_config(struct hs_cli *cli)
{
	static const char *const defaults[] = { "/etc/uswsusp.conf", "/etc/suspend.conf" };
	struct hs_us_config file = { 0 };
	char *text = malloc(65536), why[160];
	const char *used = NULL;
	size_t i;
	int rc;

	if (!text)
		return -ENOMEM;
	if (cli->config) {
		rc = read_small(cli->config, text, 65536);
		if (rc) {
			hs_cli_err(cli, "cannot read %s: %s", cli->config, strerror(-rc));
			free(text);
			return rc;
		}
		used = cli->config;
	} else {
		for (i = 0; i < sizeof(defaults) / sizeof(defaults[0]) && !used; i++)
			if (!read_small(defaults[i], text, 65536))
				used = defaults[i];
	}
	rc = 0;
	if (used) {
		rc = hs_us_config_parse(text, &file, why, sizeof(why));
		if (rc)
			hs_cli_err(cli, "%s: %s", used, why);
	}
	free(text);
	if (rc || !used)
		return rc;
	if (file.ignored[0])
		hs_cli_err(cli, "warning: %s: ignored (%s uses only 'resume device' and "
			   "'resume offset'): %s", used, cli->prog, file.ignored);
	if (!cli->cfg.have_device && file.have_device) {
		strcpy(cli->cfg.device, file.device);
		cli->cfg.have_device = true;
	}
	if (!cli->offset_set)
		cli->cfg.offset = file.offset;
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

	if (read_config(cli))
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
