// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal: the sealed hibernation command line (docs/design.md section 6).
 *
 *   hibseal status [--json] [--tcti TCTI]
 *   hibseal pin-boot [--clear]
 *   hibseal inspect [--json] [--resume-offset PAGE] DEVICE|FILE
 *   hibseal verify --key FILE [--resume-offset PAGE] DEVICE|FILE
 *   hibseal --version | --help, and --help after each subcommand
 *
 * One entry per subcommand in commands[], its options parsed with getopt_long() (GNU style:
 * "--opt value" or "--opt=value", in any order before or after the operand).
 * Exit status: 0 done, 1 failure (reason on stderr), 2 usage.
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
#include <strings.h>
#include <unistd.h>

#include "libhibseal.h"
#include "uswsusp.h"

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

static int cmd_inspect(const struct command *cmd, int argc, char *argv[]);
static int cmd_pin_boot(const struct command *cmd, int argc, char *argv[]);
static int cmd_status(const struct command *cmd, int argc, char *argv[]);
static int cmd_verify(const struct command *cmd, int argc, char *argv[]);

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
};

#define NR_COMMANDS	(ARRAY_SIZE(commands))

static void usage(FILE *out)
{
	fprintf(out, "Usage:\n");
	for (size_t i = 0; i < NR_COMMANDS; i++)
		fprintf(out, "  hibseal %s %s\n\t%s\n", commands[i].name, commands[i].args,
			commands[i].summary);
	fprintf(out, "  hibseal --version\n"
		"  hibseal --help, hibseal COMMAND --help\n"
		"Exit status: 0 done, 1 failure (reason on stderr), 2 usage.\n");
}

static int command_usage(const struct command *cmd)
{
	fprintf(stderr, "Usage: hibseal %s %s\n       hibseal %s --help\n", cmd->name, cmd->args,
		cmd->name);
	return EXIT_USAGE;
}

/* hibseal COMMAND --help: that command's usage and summary, on stdout. */
static int command_help(const struct command *cmd)
{
	printf("Usage: hibseal %s %s\n\t%s\n"
	       "Exit status: 0 done, 1 failure (reason on stderr), 2 usage.\n",
	       cmd->name, cmd->args, cmd->summary);
	return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A page number given on the command line: decimal digits only, no sign, no overflow. */
static int parse_page(const char *s, uint64_t *page)
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

/* The options of every subcommand; each takes those its struct option table lists. */
struct cli {
	const char *key_file;	/* --key */
	const char *tcti;	/* --tcti */
	uint64_t header_page;	/* --resume-offset */
	bool clear;		/* --clear */
	bool json;		/* --json */
};

#define HELP_OPT	{ "help", no_argument, NULL, 'h' }

/*
 * getopt_long() over a subcommand's arguments (argv[0] is its name) into @o, then exactly
 * @operands operands left in argv[optind...]. Return: -1 to go on, else the exit status to end
 * with (--help answered, or a usage error).
 */
static int parse_options(const struct command *cmd, int argc, char *argv[], const char *shortopts,
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
		default:
			return command_usage(cmd);
		}
	}
	return argc - optind == operands ? -1 : command_usage(cmd);
}

static void print_report(const struct hs_image_info *info, bool s2disk)
{
	printf("format: hibseal sealed hibernation image, version %u%s\n", info->version,
	       s2disk ? ", stored by s2disk (sealed /dev/snapshot stream)" : "");
	printf("construction: %s, %u-byte tags\n", hs_aead_name(info->aead), info->tag_size);
	printf("compression: %s\n", !info->compressed ? "none" : info->lz4 ? "LZ4" : "LZO");
	printf("chunks: %" PRIu64 " (metadata and %" PRIu64 " data)\n", info->nr_chunks,
	       info->nr_chunks - 1);
	printf("image pages: %" PRIu64 "\n", info->image_pages);
	printf("anti-replay counter: %" PRIu64 "\n", info->counter);
	printf("key blob bytes: %" PRIu32 "\n", info->key_blob_size);
	printf("data chunk bytes: %" PRIu64 "\n", info->compressed_bytes);
	if (s2disk)
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
static void print_json(const struct hs_image_info *info, bool s2disk, int err)
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
	hs_json_string(&j, "writer", s2disk ? "s2disk" : "kernel");
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

/* One line on stderr for a failed inspection or verification. */
static void report_failure(const char *what, const char *path, int err,
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
static int open_image(const char *what, const char *path, struct hs_source *src)
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

static int cmd_verify(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "resume-offset", required_argument, NULL, 'o' },
		HELP_OPT,
		{ 0 }
	};
	struct hs_image_info info;
	struct cli o = { 0 };
	struct hs_source src;
	const char *path;
	uint8_t key[32];
	int fd, err, ret;

	ret = parse_options(cmd, argc, argv, "k:o:h", opts, 1, &o);
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

/* Whether the swap header page announces an image s2disk stored. */
static bool stored_by_s2disk(const struct hs_source *src, uint64_t header_page)
{
	uint8_t page[HS_PAGE_SIZE];

	if (header_page > src->size / HS_PAGE_SIZE ||
	    src->size - header_page * HS_PAGE_SIZE < HS_PAGE_SIZE ||
	    src->read(src->ctx, header_page * HS_PAGE_SIZE, page, sizeof(page)))
		return false;
	return hs_us_probe(page) == HS_US_IMAGE;
}

static int cmd_inspect(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "resume-offset", required_argument, NULL, 'o' },
		{ "json", no_argument, NULL, 'j' },
		HELP_OPT,
		{ 0 }
	};
	struct hs_image_info info;
	struct cli o = { 0 };
	struct hs_source src;
	const char *path;
	bool s2disk;
	int fd, err, ret;

	ret = parse_options(cmd, argc, argv, "o:jh", opts, 1, &o);
	if (ret >= 0)
		return ret;
	ret = EXIT_FAILURE;
	path = argv[optind];
	fd = open_image("inspect", path, &src);
	if (fd < 0)
		return EXIT_FAILURE;
	/* The kernel's swap writer's image, or one s2disk stored ("ULSUSPEND"). */
	s2disk = stored_by_s2disk(&src, o.header_page);
	err = s2disk ? hs_us_inspect(&src, o.header_page * HS_PAGE_SIZE, &info) :
		hs_image_inspect(&src, o.header_page, &info);
	if (o.json)
		print_json(&info, s2disk, err);
	if (err) {
		report_failure("inspect", path, err, &info);
		goto out;
	}
	if (!o.json)
		print_report(&info, s2disk);
	if (fflush(stdout)) {
		fprintf(stderr, "hibseal inspect: writing the report: %s\n", strerror(errno));
		goto out;
	}
	ret = EXIT_SUCCESS;
out:
	close(fd);
	return ret;
}

/*
 * A TPM 2.0: ask it through tpm2-tss (the resource manager, or $HIBSEAL_TCTI) for its maker and
 * the PCRs, and say whether the kernel's sysfs values agree; without an answer, sysfs alone.
 */
static void show_tpm(const struct hs_status *st, const char *tcti)
{
	struct hs_tpm_facts f;
	char why[256] = "";
	bool agree = true;
	int i;

	/* tpm2-tss logs its own errors to stderr; the one line below says what failed. */
	setenv("TSS2_LOG", "all+none", 0);
	if (hs_tpm_query(tcti, st->pcr_index, HS_STATUS_PCRS, &f, why, sizeof(why))) {
		printf("tpm (tpm2-tss, %s): no answer: %s\n", tcti, why);
		for (i = 0; i < HS_STATUS_PCRS; i++)
			printf("pcr %u (sha256): %s\n", st->pcr_index[i], st->pcr[i]);
		printf("pcr source: the kernel's sysfs\n");
		return;
	}
	printf("tpm (tpm2-tss, %s): manufacturer %s, firmware %u.%u\n", tcti,
	       f.manufacturer[0] ? f.manufacturer : "unknown", f.fw_major, f.fw_minor);
	for (i = 0; i < HS_STATUS_PCRS; i++) {
		const char *value = f.have_pcr[i] ? f.pcr[i] : "not returned";

		printf("pcr %u (sha256): %s\n", st->pcr_index[i], value);
		if (!f.have_pcr[i] || strcasecmp(f.pcr[i], st->pcr[i]))
			agree = false;
	}
	printf("pcr source: the TPM through tpm2-tss; the kernel's sysfs %s\n",
	       agree ? "agrees" : "differs (a PCR changed between the reads, or sysfs is unreadable)");
}

/* This boot's systemd-boot entry, and what the next boot will start. */
static void show_boot(const struct hs_boot *b)
{
	char why[512];

	if (!b->selected[0] && b->grub) {
		printf("boot entry: GRUB (it records none)\n");
		if (b->grub_changed[0])
			printf("next boot: GRUB's files changed since this boot (%s): it would measure "
			       "another kernel, initrd or configuration (PCRs 8 and 9), which cannot open a "
			       "sealed image\n", b->grub_changed);
		else
			printf("next boot: GRUB with its files as this boot read them, this boot's "
			       "kernel\n");
		return;
	}
	if (!b->selected[0]) {
		printf("boot entry: not recorded by the boot loader (no LoaderEntrySelected)\n");
		return;
	}
	printf("boot entry: %s%s\n", b->selected,
	       b->selected_state == HS_ENTRY_GONE ? " (no longer in the ESP)" :
	       b->selected_state == HS_ENTRY_REWRITTEN ? " (rewritten since this boot)" : "");
	if (!b->next[0])
		printf("next boot: unknown (no ESP with EFI/Linux found at /efi, /boot/efi, /boot)\n");
	else if (!strcmp(b->next, b->selected))
		printf("next boot: %s (%s), this boot's kernel\n", b->next, b->next_why);
	else if (hs_boot_pinnable(b, why, sizeof(why)))
		printf("next boot: %s (%s), another kernel: a hibernation pins %s for the boot "
		       "after it and parks the entries installed since this boot (hibseal "
		       "pin-boot)\n", b->next, b->next_why, b->selected);
	else
		printf("next boot: %s (%s), another kernel\n", b->next, b->next_why);
}

/* Will the kernel seal the image of a hibernation now (lockdown on, sealing ready)? */
static bool sealed_now(void)
{
	struct hs_status st;

	if (hs_status_read(NULL, &st))
		return false;
	return (!strcmp(st.lockdown, "integrity") || !strcmp(st.lockdown, "confidentiality")) &&
	       !strcmp(st.seal, "ready");
}

static int cmd_pin_boot(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "clear", no_argument, NULL, 'c' },
		HELP_OPT,
		{ 0 }
	};
	char why[512], names[1024];
	struct cli o = { 0 };
	struct hs_boot b;
	int r;

	r = parse_options(cmd, argc, argv, "ch", opts, 0, &o);
	if (r >= 0)
		return r;
	hs_boot_entries(NULL, &b);
	if (o.clear) {
		int rc = EXIT_SUCCESS;

		r = hs_boot_unpark(NULL, names, sizeof(names));
		if (r < 0) {
			fprintf(stderr, "hibseal pin-boot: cannot put back the parked boot entries: "
				"%s\n", strerror(-r));
			rc = EXIT_FAILURE;
		} else if (r > 0) {
			printf("hibseal: boot entries put back: %s\n", names);
		}
		if (!b.selected[0])
			return rc;	/* nothing this boot could have pinned */
		r = hs_boot_unpin(NULL, b.selected);
		if (r < 0) {
			fprintf(stderr, "hibseal pin-boot: cannot remove LoaderEntryOneShot: %s\n",
				strerror(-r));
			return EXIT_FAILURE;
		}
		if (r > 0)
			printf("hibseal: one-shot boot entry %s taken back\n", b.selected);
		return rc;
	}
	if (!hs_boot_pinnable(&b, why, sizeof(why))) {
		if (!sealed_now()) {
			/* A plain image: not hibseal's to refuse (nor to open). */
			printf("hibseal: the next boot is not pinned: %s; this hibernation is not "
			       "sealed (no lockdown, or sealing unavailable), so it goes ahead.\n",
			       why);
			return EXIT_SUCCESS;
		}
		fprintf(stderr, "hibseal: hibernation refused: %s. Reboot first, then hibernate "
			"(or, on a machine that boots one kernel only, disable "
			"hibseal-pin-boot.service).\n", why);
		return EXIT_FAILURE;
	}
	if (!b.selected[0] && b.grub) {
		printf("hibseal: GRUB boots this system: nothing to pin (a next_entry would change "
		       "what GRUB measures); its configuration, this kernel and its initrd are as "
		       "this boot read them, so the next boot can open the image. Change none of "
		       "them until the resume.\n");
		return EXIT_SUCCESS;
	}
	r = hs_boot_pin(NULL, b.selected);
	if (r) {
		fprintf(stderr, "hibseal: hibernation refused: cannot set LoaderEntryOneShot to %s "
			"(%s), so the next boot could start another kernel, which cannot open the "
			"image.\n", b.selected, strerror(-r));
		return EXIT_FAILURE;
	}
	r = hs_boot_park(NULL, &b, names, sizeof(names));
	if (r < 0) {
		hs_boot_unpark(NULL, why, sizeof(why));
		hs_boot_unpin(NULL, b.selected);
		fprintf(stderr, "hibseal: hibernation refused: cannot park the boot entries "
			"installed since this boot (%s): the boot loader would see other entries at "
			"the resume, and the kernel refuses an image whose memory map moved.\n",
			strerror(-r));
		return EXIT_FAILURE;
	}
	if (b.next[0] && strcmp(b.next, b.selected) && strcmp(b.next_why, "one-shot"))
		printf("hibseal: the next boot starts %s once (LoaderEntryOneShot), not the %s "
		       "entry %s", b.selected, b.next_why, b.next);
	else
		printf("hibseal: the next boot starts %s once (LoaderEntryOneShot)", b.selected);
	if (r > 0)
		printf("; parked until the resume: %s", names);
	printf("\n");
	return EXIT_SUCCESS;
}

static int cmd_status(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "tcti", required_argument, NULL, 'T' },
		{ "json", no_argument, NULL, 'j' },
		HELP_OPT,
		{ 0 }
	};
	struct cli o = { 0 };
	struct hs_status st;
	const char *fix, *tcti;
	char why[512];
	bool available;
	int r;

	r = parse_options(cmd, argc, argv, "T:jh", opts, 0, &o);
	if (r >= 0)
		return r;
	tcti = o.tcti;
	/* As tpm2-tools choose the TPM: the option, then TPM2TOOLS_TCTI; ours; the kernel's. */
	if (!tcti)
		tcti = getenv("TPM2TOOLS_TCTI");
	if (!tcti)
		tcti = getenv("HIBSEAL_TCTI");
	if (!tcti)
		tcti = "device:/dev/tpmrm0";
	if (hs_status_read(NULL, &st)) {
		fprintf(stderr, "hibseal status: no /sys/power/state: is sysfs mounted?\n");
		return EXIT_FAILURE;
	}
	available = hs_status_explain(&st, why, sizeof(why));
	if (o.json) {
		if (hs_status_json(stdout, &st) || fflush(stdout)) {
			fprintf(stderr, "hibseal status: writing the report: %s\n", strerror(errno));
			return EXIT_FAILURE;
		}
		return available ? EXIT_SUCCESS : EXIT_FAILURE;
	}
	printf("lockdown: %s\n", st.lockdown);
	printf("secure boot: %s\n", st.secure_boot < 0 ? "unknown (no EFI variables)" :
	       st.secure_boot ? "on" : "off");
	if (st.tpm_version)
		printf("tpm: present, TPM %d.0\n", st.tpm_version);
	else
		printf("tpm: none\n");
	if (st.tpm_version == 2)
		show_tpm(&st, tcti);
	else
		for (int i = 0; st.tpm_version && i < HS_STATUS_PCRS; i++)
			printf("pcr %u (sha256): %s\n", st.pcr_index[i], st.pcr[i]);
	printf("sealed hibernation: %s\n", st.seal);
	printf("last resume: %s\n", st.last_resume);
	fix = hs_reason_fix(HS_REASON_RESUME, st.last_resume);
	if (fix)
		printf("last resume fix: %s\n", fix);
	printf("disk in /sys/power/state: %s\n", st.disk_offered ? "yes" : "no");
	for (int i = 0; i < st.nr_swaps; i++)
		printf("swap: %s (%s, %llu KiB, %llu KiB used)%s\n", st.swap[i].name, st.swap[i].type,
		       st.swap[i].kib, st.swap[i].used_kib,
		       st.swap[i].zram ? ": zram, not counted (RAM, lost at power-off)" : "");
	if (!st.nr_swaps)
		printf("swap: none active\n");
	if (st.resume_name[0])
		printf("resume device: %s (%s), offset %llu\n", st.resume_name, st.resume,
		       st.resume_offset);
	else
		printf("resume device: %s, offset %llu\n", st.resume, st.resume_offset);
	if (st.anon_kib)
		printf("memory to save: %llu KiB (Active(anon)); swap free for it: %llu KiB\n",
		       st.anon_kib, hs_swap_free_kib(&st));
	if (st.sb_check > 0)
		printf("secure boot variables: changed since this boot: %s (the next boot's PCR 7 "
		       "differs)\n", st.sb_changed);
	else if (st.sb_check == 0)
		printf("secure boot variables: as this boot measured them (event log)\n");
	else
		printf("secure boot variables: not compared (%s)\n",
		       st.sb_check == -ENOENT ? "no TCG event log" :
		       st.sb_check == -EPROTONOSUPPORT ? "a SHA-1-only event log" :
		       "the event log is malformed");
	printf("mok requests for the next boot: %s\n", st.mok_pending[0] ? st.mok_pending : "none");
	show_boot(&st.boot);
	printf("hibernation: %s\n", available ? "available" : "not available");
	printf("why: %s\n", why);
	fix = hs_status_fix(&st);
	if (fix)
		printf("fix: %s\n", fix);
	if (fflush(stdout)) {
		fprintf(stderr, "hibseal status: writing the report: %s\n", strerror(errno));
		return EXIT_FAILURE;
	}
	return available ? EXIT_SUCCESS : EXIT_FAILURE;
}

int main(int argc, char *argv[])
{
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage(stdout);
		return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))) {
		printf("hibseal %s\n", HIBSEAL_TOOLS_VERSION);
		return fflush(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
	}
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
