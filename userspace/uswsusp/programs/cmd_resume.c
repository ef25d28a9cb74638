// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal resume: restore an image hibseal suspend stored, through /dev/snapshot with the sealed
 * protocol (docs/hibseal-resume.8, Documentation/power/sealed-hibernation.rst). Meant for an
 * initramfs, before any filesystem on the resume device is mounted; works later too, as long as
 * the boot's window unsealed the image's key (the kernel keeps it for one resume).
 *
 *   find the image (signature, header and map checked); give the swap area back at once
 *   (signature "SWAPSPACE2"), so whatever happens next swap stays usable and the image is not
 *   tried twice; open /dev/snapshot write-only; SNAPSHOT_SEAL with the image header; write()
 *   the stream; SNAPSHOT_FREEZE; SNAPSHOT_ATOMIC_RESTORE, which does not return on success.
 *
 * Exit status 0 when there is no image (the boot goes on), 1 when one was refused or could not
 * be restored (the boot goes on, fresh), 2 for usage errors.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hibseal.h"
#include "snapshot.h"

static const char usage[] =
	"Usage: hibseal resume [-r DEVICE] [-o OFFSET] [-f CONFIG] [-P 'KEY = VALUE']...\n"
	"                      [--snapshot PATH]\n"
	"       hibseal resume --help | --version\n"
	"Restore the image hibseal suspend stored in the swap area of the resume device, if\n"
	"there is one. DEVICE and OFFSET (pages; a swap file's resume offset) default to\n"
	"'resume device' and 'resume offset' in CONFIG (/etc/uswsusp.conf or\n"
	"/etc/suspend.conf), then to the kernel's /sys/power/resume and resume_offset. -P\n"
	"applies one line of CONFIG over the file. suspend-utils' resume spellings are taken\n"
	"too: --resume_device, --resume_offset, --parameter.\n"
	"Exit status: 0 no image, 1 an image was refused or not restored, 2 usage.\n";

/* What the kernel's refusal of SNAPSHOT_SEAL means. */
static const char *seal_refusal(int err)
{
	switch (err) {
	case ESTALE:
		return "the image is stale: a boot ran since it was written, or it was resumed before";
	case ENOKEY:
		return "this boot's window unsealed no key for it (the EFI copy of its key blob was missing or refused: another machine, kernel or Secure Boot state)";
	case EBADMSG:
		return "its sealed header is malformed";
	case EINVAL:
		return "it holds no sealed image header";
	case EPERM:
		return "sealed hibernation is unavailable in this boot";
	default:
		return strerror(err);
	}
}

static void kernel_reason(const struct hs_cli *cli)
{
	char buf[300];
	ssize_t n;
	int fd = open("/sys/power/hibernate_seal", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n > 0) {
		buf[n] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		hs_cli_err(cli, "the kernel says sealed hibernation is %s", buf);
	}
}

/* Give the swap area back: the signature mkswap wrote, our header gone. */
static int unmark(const struct hs_cli *cli, uint8_t *page)
{
	int rc;

	rc = hs_cli_pread(cli->direct_fd, page, HS_PAGE_SIZE, cli->header_off);
	if (!rc) {
		hs_us_unmark(page);
		rc = hs_cli_pwrite(cli->direct_fd, page, HS_PAGE_SIZE, cli->header_off);
	}
	if (!rc && fdatasync(cli->direct_fd))
		rc = -errno;
	if (rc)
		hs_cli_err(cli, "cannot restore the swap signature on %s: %s", cli->cfg.device,
			   strerror(-rc));
	return rc;
}

/* The stream back to the kernel through @snap (open for writing), which it closes. */
static int load(const struct hs_cli *cli, int snap, const struct hs_us_image *img, uint8_t *page)
{
	struct hibseal_snapshot_seal *seal = calloc(1, sizeof(*seal));
	uint64_t left = img->hdr.stream_bytes, i;
	int rc = 1;

	if (!seal) {
		close(snap);
		return 1;
	}
	seal->version = HIBSEAL_SNAPSHOT_VERSION;
	seal->size = sizeof(*seal);
	seal->header = img->hdr.image;
	if (ioctl(snap, SNAPSHOT_SEAL, seal)) {
		hs_cli_err(cli, "image refused: %s", seal_refusal(errno));
		goto out;
	}
	for (i = 0; i < img->hdr.stream_pages; i++) {
		size_t len = left < HS_PAGE_SIZE ? left : HS_PAGE_SIZE, done = 0;
		int err = hs_cli_pread(cli->direct_fd, page, HS_PAGE_SIZE, img->pages[i]);

		if (err) {
			hs_cli_err(cli, "cannot read %s: %s", cli->cfg.device, strerror(-err));
			goto out;
		}
		while (done < len) {
			ssize_t n = write(snap, page + done, len - done);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				hs_cli_err(cli, "image refused by the kernel at stream page %llu: %s",
					   (unsigned long long)i,
					   n ? strerror(errno) : "short write");
				goto out;
			}
			done += n;
		}
		left -= len;
	}
	printf("%s: %llu bytes of sealed stream written back; restoring\n", cli->prog,
	       (unsigned long long)img->hdr.stream_bytes);
	fflush(stdout);
	if (ioctl(snap, SNAPSHOT_FREEZE)) {
		hs_cli_err(cli, "cannot freeze tasks: %s", strerror(errno));
		goto out;
	}
	ioctl(snap, SNAPSHOT_PLATFORM_SUPPORT, 1);
	if (ioctl(snap, SNAPSHOT_ATOMIC_RESTORE))
		hs_cli_err(cli, "image refused: SNAPSHOT_ATOMIC_RESTORE: %s", strerror(errno));
	ioctl(snap, SNAPSHOT_UNFREEZE);
out:
	close(snap);
	free(seal);
	return rc;
}

int cmd_resume(const struct command *cmd, int argc, char *argv[])
{
	struct hs_cli cli = { .prog = argv[0] };
	struct hibseal_snapshot_info info;
	struct hs_us_image img;
	struct hs_source src;
	uint8_t *page;
	char why[256];
	bool done;
	int rc, snap;

	(void)cmd;
	rc = hs_cli_options(&cli, argc, argv, usage, &done);
	if (rc || done)
		return rc;
	if (hs_cli_device(&cli))
		return 1;
	rc = hs_source_fd(&src, cli.dev_fd);
	if (rc) {
		hs_cli_err(&cli, "%s: %s", cli.cfg.device, strerror(-rc));
		return 1;
	}
	page = hs_cli_pages(HS_PAGE_SIZE);
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		hs_cli_err(&cli, "mlockall: %s (going on)", strerror(errno));
	rc = hs_us_load(&src, cli.header_off, &img, why, sizeof(why));
	if (rc == -ENOENT) {
		printf("%s: no image on %s\n", cli.prog, cli.cfg.device);
		free(page);
		return 0;
	}
	if (rc) {
		hs_cli_err(&cli, "image on %s refused: %s", cli.cfg.device,
			   rc == -EBADMSG ? why : strerror(-rc));
		/* Ours, but damaged: the swap area is given back. Anything else is left alone. */
		if (rc == -EBADMSG && !hs_cli_pread(cli.direct_fd, page, HS_PAGE_SIZE,
						    cli.header_off) &&
		    !memcmp(page + HS_SIG_OFFSET, HS_SIG_SUSPENDED, sizeof(HS_SIG_SUSPENDED)))
			unmark(&cli, page);
		free(page);
		return 1;
	}
	printf("%s: image found on %s: %llu bytes of sealed stream\n", cli.prog, cli.cfg.device,
	       (unsigned long long)img.hdr.stream_bytes);
	fflush(stdout);
	/*
	 * The swap area is given back only once this kernel speaks the sealed protocol: a kernel
	 * without it (another one the boot loader started) cannot open the image, which may still
	 * resume at the next boot of the kernel that wrote it, so it is left in place.
	 */
	rc = 1;
	snap = open(cli.snapshot, O_WRONLY | O_CLOEXEC);
	if (snap < 0) {
		hs_cli_err(&cli, "cannot open %s: %s; the image is left in place", cli.snapshot,
			   strerror(errno));
		kernel_reason(&cli);
	} else if (hs_cli_seal_info(snap, &info)) {
		hs_cli_err(&cli, "this kernel does not speak the sealed /dev/snapshot protocol; the "
			   "image is left in place for the kernel that wrote it");
		close(snap);
	} else if (unmark(&cli, page)) {
		close(snap);
	} else {
		rc = load(&cli, snap, &img, page);
	}
	hs_us_image_free(&img);
	free(page);
	return rc;
}
