// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal: the sealed hibernation command line (docs/design.md section 6).
 *
 *   hibseal status [--json] [--tcti TCTI]
 *   hibseal pin-boot [--clear]
 *   hibseal inspect [--json] [--resume-offset PAGE] DEVICE|FILE
 *   hibseal verify --key FILE [--resume-offset PAGE] DEVICE|FILE
 *   hibseal suspend [-r DEVICE] [-o OFFSET] [-f CONFIG] [-P 'KEY = VALUE']...
 *   hibseal resume [-r DEVICE] [-o OFFSET] [-f CONFIG] [-P 'KEY = VALUE']...
 *   hibseal --version | --help, and either after each subcommand
 *
 * One entry per subcommand in commands[], each in a file of its own (cmd_*.c), its options
 * parsed with getopt_long() (GNU style: "--opt value" or "--opt=value", in any order before
 * or after the operand). suspend and resume take the options of suspend-utils' s2disk and
 * resume (snapshot.c): -r/--resume_device, -o/--resume_offset, -f/--config, -P/--parameter
 * (a line of the configuration file, over it), -h/--help, -V/--version, and for suspend
 * s2disk's -s/--image_size, ignored with a warning; the hyphenated spellings too. They refuse
 * a resume device given as an operand, which suspend-utils also took.
 * Exit status: 0 done, 1 failure (reason on stderr), 2 usage.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hibseal.h"

static const struct command commands[] = {
	{
		.name = "status",
		.run = cmd_status,
		.args = "[--json] [--tcti TCTI]",
		.summary = "lockdown, Secure Boot, TPM and PCRs, swap and resume, and in one\n"
			   "\tsentence whether hibernation is available, why, and what to do (exit 0\n"
			   "\tif it is); the TPM through TCTI, $TPM2TOOLS_TCTI or $HIBSEAL_TCTI, else\n"
			   "\tdevice:/dev/tpmrm0",
	},
	{
		.name = "pin-boot",
		.run = cmd_pin_boot,
		.args = "[--clear]",
		.summary = "before a hibernation: make the next boot start this boot's systemd-boot\n"
			   "\tentry (LoaderEntryOneShot), the only kernel that can open the image;\n"
			   "\texit 1 with the reason where that cannot work. --clear: after waking\n"
			   "\tfrom RAM, take that one-shot back (hibseal-pin-boot.service runs both)",
	},
	{
		.name = "inspect",
		.run = cmd_inspect,
		.args = "[--json] [--resume-offset PAGE] DEVICE|FILE",
		.summary = "check the structure of a sealed image on a swap device or in a file,\n"
			   "\twithout the key: chunk tags, key and image MAC are not checked",
	},
	{
		.name = "verify",
		.run = cmd_verify,
		.args = "--key FILE [--resume-offset PAGE] DEVICE|FILE",
		.summary = "the full cryptographic check of a test image whose 32-byte boot\n"
			   "\tsecret is in FILE: every chunk tag and the image MAC",
	},
	{
		.name = "suspend",
		.run = cmd_suspend,
		.args = "[-r DEVICE] [-o OFFSET] [-f CONFIG] [-P 'KEY = VALUE']...",
		.summary = "hibernate through /dev/snapshot: the kernel seals the image, hibseal\n"
			   "\tstores it in the swap area of the resume device and powers off (exit 0\n"
			   "\tonce resumed; 1 with the system still running)",
	},
	{
		.name = "resume",
		.run = cmd_resume,
		.args = "[-r DEVICE] [-o OFFSET] [-f CONFIG] [-P 'KEY = VALUE']...",
		.summary = "in the initramfs: restore the image hibseal suspend stored, if any\n"
			   "\t(exit 0 with none, 1 when one was refused; the boot goes on)",
	},
};

#define NR_COMMANDS	(ARRAY_SIZE(commands))

static void usage(FILE *out)
{
	fprintf(out, "Usage:\n");
	for (size_t i = 0; i < NR_COMMANDS; i++)
		fprintf(out, "  hibseal %s %s\n\t%s\n", commands[i].name, commands[i].args,
			commands[i].summary);
	fprintf(out, "  hibseal --version, hibseal COMMAND --version\n"
		"  hibseal --help, hibseal COMMAND --help\n"
		"Exit status: 0 done, 1 failure (reason on stderr), 2 usage.\n");
}

int main(int argc, char *argv[])
{
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage(stdout);
		return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")))
		return print_version();
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < NR_COMMANDS; i++) {
		char prog[64];

		if (strcmp(argv[1], commands[i].name))
			continue;
		/* getopt_long() names the program by argv[0] in its messages. */
		snprintf(prog, sizeof(prog), "hibseal %s", commands[i].name);
		argv[1] = prog;
		return commands[i].run(&commands[i], argc - 1, argv + 1);
	}
	fprintf(stderr, "hibseal: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
