/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What hibseal suspend and hibseal resume share: their options, the resume device, the sealed
 * /dev/snapshot ioctls.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef HIBSEAL_USWSUSP_CLI_H
#define HIBSEAL_USWSUSP_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include <linux/hibseal.h>
#include <linux/suspend_ioctls.h>

/*
 * hibseal suspend and resume are the writer and the reader of the stored format: its layout
 * (struct hs_us_header, the map, the signatures) is theirs to write and check, not a public
 * interface, so they take it from the library's header of it, as the fuzzer and the tests do.
 */
#include "stored_image.h"

/* The sealed protocol's ioctls (a patched kernel's linux/suspend_ioctls.h has them too). */
#ifndef SNAPSHOT_SEAL
#define SNAPSHOT_SEAL		_IOW(SNAPSHOT_IOC_MAGIC, 23, struct hibseal_snapshot_seal)
#define SNAPSHOT_SEAL_INFO	_IOWR(SNAPSHOT_IOC_MAGIC, 24, struct hibseal_snapshot_info)
#endif

#define HS_SNAPSHOT_DEV		"/dev/snapshot"

/* The most -r, -o and -P options one command line may give. */
#define HS_CLI_SETS		16

/**
 * struct hs_cli_set - one of -r, -o and -P, kept to be applied after the configuration file
 * @opt: 'r', 'o' or 'P'
 * @arg: its value (checked when the command line was parsed)
 */
struct hs_cli_set {
	int opt;
	const char *arg;
};

/**
 * struct hs_cli - options and the resume device, resolved
 * @prog:        the program's name, for messages
 * @suspending:  hibseal suspend, which also takes s2disk's -s (set before hs_cli_options())
 * @config:      the configuration file (-f), or NULL for the defaults
 * @set:         -r, -o and -P in command-line order
 * @nr_set:      how many
 * @cfg:         resume device and offset after the file and the command line
 * @offset_set:  the command line gave the offset (-o, or -P 'resume offset = N')
 * @snapshot:    the snapshot device (--snapshot, for tests)
 * @dev_fd:      the resume device, open read-write
 * @direct_fd:   the same with O_DIRECT, for the stream (whole, aligned pages): hibernating,
 *               nothing piles up in the page cache of a machine whose memory is the image;
 *               resuming, the kernel's atomic allocations for the image find free memory
 * @dev:         its device number
 * @header_off:  byte offset of its swap header page
 */
struct hs_cli {
	const char *prog;
	bool suspending;
	const char *config;
	struct hs_cli_set set[HS_CLI_SETS];
	unsigned int nr_set;
	struct hs_us_config cfg;
	bool offset_set;
	const char *snapshot;
	int dev_fd;
	int direct_fd;
	unsigned long long dev;
	uint64_t header_off;
};

/* Print "PROG: message" on stderr. */
void hs_cli_err(const struct hs_cli *cli, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Parse suspend-utils' options: -r DEVICE, -o OFFSET, -f FILE, -P 'KEY = VALUE', -h, -V, the
 * long ones in both spellings (--resume-device, --resume_device, ...), s2disk's -s SIZE
 * (warned about: ignored), and --snapshot PATH. Return 0; or, with *done set, the exit status
 * of --help (the usage on stdout) or --version; or 2 after a usage error (the usage on stderr).
 */
int hs_cli_options(struct hs_cli *cli, int argc, char *argv[], const char *usage, bool *done);

/*
 * Find the resume device: the configuration file (-f, or /etc/uswsusp.conf,
 * /etc/suspend.conf), then -r, -o and -P over it in command-line order; without a device
 * there, the kernel's /sys/power/resume and resume_offset. Open it read-write. Return 0, or 1
 * after printing why.
 */
int hs_cli_device(struct hs_cli *cli);

/* read/write all of a range of @fd; 0 or -errno. */
int hs_cli_pread(int fd, void *buf, size_t len, uint64_t off);
int hs_cli_pwrite(int fd, const void *buf, size_t len, uint64_t off);

/* A page-aligned buffer of @len bytes, zeroed; exits on failure. */
void *hs_cli_pages(size_t len);

/* SNAPSHOT_SEAL_INFO into @info; 0 or -errno. */
int hs_cli_seal_info(int snap, struct hibseal_snapshot_info *info);

#endif /* HIBSEAL_USWSUSP_CLI_H */
