/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hibseal's subcommands, one file each (cmd_*.c), and what they share (utils.c).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#ifndef HIBSEAL_PROGRAMS_H
#define HIBSEAL_PROGRAMS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "libhibseal.h"

#define EXIT_USAGE	2
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The package's version (Makefile: from debian/changelog). */
#ifndef HIBSEAL_TOOLS_VERSION
#define HIBSEAL_TOOLS_VERSION "unknown"
#endif

struct command {
	const char *name;
	int (*run)(const struct command *cmd, int argc, char *argv[]);
	const char *args;
	const char *summary;
};

/* The options of every subcommand; each takes those its struct option table lists. */
struct cli {
	const char *key_file;	/* --key */
	const char *tcti;	/* --tcti */
	uint64_t header_page;	/* --resume-offset */
	bool clear;		/* --clear */
	bool json;		/* --json */
};

/* --help and --version, which every subcommand takes (-h, -V). */
#define COMMON_OPTS	{ "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' }

int cmd_inspect(const struct command *cmd, int argc, char *argv[]);
int cmd_pin_boot(const struct command *cmd, int argc, char *argv[]);
int cmd_resume(const struct command *cmd, int argc, char *argv[]);
int cmd_status(const struct command *cmd, int argc, char *argv[]);
int cmd_suspend(const struct command *cmd, int argc, char *argv[]);
int cmd_verify(const struct command *cmd, int argc, char *argv[]);

/* utils.c */
/*
 * pin_next_boot() - make the next boot start this boot's kernel before a hibernation, or refuse
 * it (hibseal pin-boot); unpin_next_boot() - take that back (hibseal pin-boot --clear).
 * @who: the prefix of their messages: "hibseal" for pin-boot, whose refusal also tells how to
 * mask the systemd drop-in that runs it. Return: EXIT_SUCCESS or EXIT_FAILURE.
 */
int pin_next_boot(const char *who);
int unpin_next_boot(const char *who);
int command_usage(const struct command *cmd);
int command_help(const struct command *cmd);
/* "hibseal VERSION" on stdout, for --version anywhere. Return: EXIT_SUCCESS or EXIT_FAILURE. */
int print_version(void);
int parse_page(const char *s, uint64_t *page);
int parse_options(const struct command *cmd, int argc, char *argv[], const char *shortopts,
		  const struct option *opts, int operands, struct cli *o);
void report_failure(const char *what, const char *path, int err,
		    const struct hs_image_info *info);
int open_image(const char *what, const char *path, struct hs_source *src);

#endif /* HIBSEAL_PROGRAMS_H */
