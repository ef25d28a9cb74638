// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal suspend: hibernate through /dev/snapshot with the sealed protocol, storing the sealed
 * stream in the resume device's swap area, as suspend-utils' s2disk does for plain images
 * (docs/hibseal-suspend.8, Documentation/power/sealed-hibernation.rst).
 *
 *   open /dev/snapshot read-only; pin the next boot to this boot's kernel (as hibseal
 *   pin-boot); SNAPSHOT_SEAL; SNAPSHOT_SET_SWAP_AREA; SNAPSHOT_FREEZE;
 *   SNAPSHOT_CREATE_IMAGE; read() the stream page by page into swap pages the kernel allocates;
 *   SNAPSHOT_SEAL_INFO for the image header; write the map, then the swap header page last;
 *   power off.
 *
 * Any failure before the swap header page is written leaves the swap area as it was, thaws the
 * system, takes the pin back and exits 1: nothing is lost. After a resume it takes the pin back
 * too (the firmware or boot loader used it up; the parked entries come back).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/reboot.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "hibseal.h"
#include "snapshot.h"

static const char usage[] =
	"Usage: hibseal suspend [-r DEVICE] [-o OFFSET] [-f CONFIG] [-P 'KEY = VALUE']...\n"
	"                       [--snapshot PATH]\n"
	"       hibseal suspend --help | --version\n"
	"Hibernate: the next boot is pinned to this boot's kernel (as hibseal pin-boot), the\n"
	"kernel seals the image, hibseal stores it in the swap area of the resume device and\n"
	"powers off. DEVICE and OFFSET (pages; a swap file's resume offset) default to\n"
	"'resume device' and 'resume offset' in CONFIG (/etc/uswsusp.conf or /etc/suspend.conf),\n"
	"then to the kernel's /sys/power/resume and resume_offset. -P applies one line of CONFIG\n"
	"over the file. suspend-utils' s2disk spellings are taken too: --resume_device,\n"
	"--resume_offset, --parameter; its -s/--image_size is ignored, with a warning.\n"
	"Exit status: 0 resumed, 1 failure (the system keeps running), 2 usage.\n";

struct suspend {
	struct hs_cli cli;
	int snap;
	uint8_t *page;		/* one stream page being filled */
	uint64_t *offsets;	/* swap pages of the stream, in order */
	uint64_t nr_pages;
	uint64_t cap;
	uint64_t bytes;
	bool stored;		/* the swap header page is written: the image exists */
};

static int alloc_swap_page(struct suspend *s, uint64_t *off)
{
	__kernel_loff_t o = 0;

	if (ioctl(s->snap, SNAPSHOT_ALLOC_SWAP_PAGE, &o))
		return -errno;
	*off = o;
	return 0;
}

/* Store one page of the stream in a new swap page. */
static int store_page(struct suspend *s, size_t len)
{
	uint64_t off = 0;
	int rc;

	if (s->nr_pages == s->cap) {
		uint64_t cap = s->cap ? s->cap * 2 : 4096;
		uint64_t *n = realloc(s->offsets, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		s->offsets = n;
		s->cap = cap;
	}
	rc = alloc_swap_page(s, &off);
	if (rc) {
		hs_cli_err(&s->cli, "cannot allocate a swap page: %s", strerror(-rc));
		return rc;
	}
	memset(s->page + len, 0, HS_PAGE_SIZE - len);
	rc = hs_cli_pwrite(s->cli.direct_fd, s->page, HS_PAGE_SIZE, off);
	if (rc) {
		hs_cli_err(&s->cli, "cannot write to %s: %s", s->cli.cfg.device, strerror(-rc));
		return rc;
	}
	s->offsets[s->nr_pages++] = off;
	return 0;
}

/* read() the sealed stream to its end, a page at a time. */
static int save_stream(struct suspend *s)
{
	size_t len = 0;

	for (;;) {
		ssize_t n = read(s->snap, s->page + len, HS_PAGE_SIZE - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			hs_cli_err(&s->cli, "reading the sealed image failed: %s", strerror(errno));
			return -errno;
		}
		len += n;
		s->bytes += n;
		if (len == HS_PAGE_SIZE || (!n && len)) {
			int rc = store_page(s, len);

			if (rc)
				return rc;
			len = 0;
		}
		if (!n)
			return s->bytes ? 0 : -ENODATA;
	}
}

/* The map pages, then the swap header page: the image exists from that last write on. */
static int save_header(struct suspend *s, const struct hibseal_image_header *image)
{
	struct hs_us_header *h = calloc(1, sizeof(*h));
	uint64_t nr_maps = (s->nr_pages + HS_US_MAP_ENTRIES - 1) / HS_US_MAP_ENTRIES, i, j;
	struct hs_us_map *map = hs_cli_pages(HS_PAGE_SIZE);
	uint64_t *maps = calloc(nr_maps, sizeof(*maps));
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	unsigned int dlen;
	int rc = -ENOMEM;

	if (!h || !maps || !md || EVP_DigestInit_ex(md, EVP_sha256(), NULL) != 1)
		goto out;
	for (i = 0; i < nr_maps; i++) {
		rc = alloc_swap_page(s, &maps[i]);
		if (rc) {
			hs_cli_err(&s->cli, "cannot allocate a swap page: %s", strerror(-rc));
			goto out;
		}
	}
	for (i = 0; i < nr_maps; i++) {
		uint64_t first = i * HS_US_MAP_ENTRIES;
		uint64_t count = s->nr_pages - first < HS_US_MAP_ENTRIES ?
			s->nr_pages - first : HS_US_MAP_ENTRIES;

		memset(map, 0, sizeof(*map));
		memcpy(map->magic, HS_US_MAP_MAGIC, sizeof(map->magic));
		map->next = htole64(i + 1 < nr_maps ? maps[i + 1] : 0);
		map->count = htole32(count);
		for (j = 0; j < count; j++)
			map->entry[j] = htole64(s->offsets[first + j]);
		rc = EVP_DigestUpdate(md, map, sizeof(*map)) == 1 ? 0 : -EIO;
		if (!rc)
			rc = hs_cli_pwrite(s->cli.direct_fd, map, sizeof(*map), maps[i]);
		if (rc)
			goto out;
	}
	rc = -EIO;
	if (EVP_DigestFinal_ex(md, h->map_digest, &dlen) != 1)
		goto out;
	h->stream_bytes = s->bytes;
	h->first_map = maps[0];
	h->nr_maps = nr_maps;
	h->image = *image;
	hs_us_header_seal(h);
	/* Everything the header points to is on the disk before the header is. */
	if (fdatasync(s->cli.direct_fd))
		goto out_errno;
	rc = hs_cli_pread(s->cli.direct_fd, s->page, HS_PAGE_SIZE, s->cli.header_off);
	if (rc)
		goto out;
	if (hs_us_probe(s->page) != HS_US_SWAP) {
		hs_cli_err(&s->cli, "the page at the resume offset of %s is no longer a swap header",
			   s->cli.cfg.device);
		rc = -EINVAL;
		goto out;
	}
	hs_us_mark(s->page, h);
	rc = hs_cli_pwrite(s->cli.direct_fd, s->page, HS_PAGE_SIZE, s->cli.header_off);
	if (!rc && fdatasync(s->cli.direct_fd))
		goto out_errno;
	goto out;
out_errno:
	rc = -errno;
	hs_cli_err(&s->cli, "flushing %s failed: %s", s->cli.cfg.device, strerror(errno));
out:
	EVP_MD_CTX_free(md);
	free(maps);
	free(map);
	free(h);
	return rc;
}

/* Check before anything is frozen: the resume offset holds a swap header, the kernel can seal. */
static int preflight(struct suspend *s)
{
	struct hibseal_snapshot_info info;
	int rc;

	rc = hs_cli_pread(s->cli.direct_fd, s->page, HS_PAGE_SIZE, s->cli.header_off);
	if (rc) {
		hs_cli_err(&s->cli, "cannot read %s: %s", s->cli.cfg.device, strerror(-rc));
		return 1;
	}
	if (hs_us_probe(s->page) != HS_US_SWAP) {
		hs_cli_err(&s->cli, "no swap area at offset %llu of %s (run mkswap and swapon)",
			   s->cli.cfg.offset, s->cli.cfg.device);
		return 1;
	}
	rc = hs_cli_seal_info(s->snap, &info);
	if (rc) {
		hs_cli_err(&s->cli, "%s does not speak the sealed protocol (SNAPSHOT_SEAL_INFO: %s)",
			   s->cli.snapshot, strerror(-rc));
		return 1;
	}
	if (!(info.flags & HIBSEAL_INFO_READY)) {
		hs_cli_err(&s->cli, "sealed hibernation is unavailable: %s", info.reason);
		return 1;
	}
	return 0;
}

static int hibernate(struct suspend *s)
{
	struct hibseal_snapshot_seal seal = {
		.version = HIBSEAL_SNAPSHOT_VERSION,
		.size = sizeof(seal),
	};
	struct resume_swap_area area = {
		.offset = s->cli.cfg.offset,
		.dev = (unsigned int)((minor(s->cli.dev) & 0xff) | (major(s->cli.dev) << 8) |
				      ((minor(s->cli.dev) & ~0xffU) << 12)),
	};
	struct hibseal_snapshot_info info;
	int in_suspend = 0, rc;

	if (ioctl(s->snap, SNAPSHOT_SEAL, &seal)) {
		hs_cli_err(&s->cli, "SNAPSHOT_SEAL: %s", strerror(errno));
		return 1;
	}
	if (ioctl(s->snap, SNAPSHOT_SET_SWAP_AREA, &area)) {
		hs_cli_err(&s->cli, "%s at offset %llu is not an active swap area: %s",
			   s->cli.cfg.device, s->cli.cfg.offset, strerror(errno));
		return 1;
	}
	ioctl(s->snap, SNAPSHOT_PLATFORM_SUPPORT, 1);
	printf("%s: freezing\n", s->cli.prog);
	fflush(stdout);
	if (ioctl(s->snap, SNAPSHOT_FREEZE)) {
		hs_cli_err(&s->cli, "cannot freeze tasks: %s", strerror(errno));
		return 1;
	}
	if (ioctl(s->snap, SNAPSHOT_CREATE_IMAGE, &in_suspend)) {
		hs_cli_err(&s->cli, "cannot create the image: %s", strerror(errno));
		goto thaw;
	}
	if (!in_suspend) {
		printf("%s: resumed\n", s->cli.prog);
		ioctl(s->snap, SNAPSHOT_FREE);
		ioctl(s->snap, SNAPSHOT_UNFREEZE);
		return 0;
	}
	rc = save_stream(s);
	if (!rc)
		rc = hs_cli_seal_info(s->snap, &info);
	if (!rc && !(info.flags & HIBSEAL_INFO_HEADER)) {
		hs_cli_err(&s->cli, "the kernel gave no image header (flags 0x%x)", info.flags);
		rc = -EPROTO;
	}
	if (!rc)
		rc = save_header(s, &info.header);
	if (rc)
		goto thaw;
	s->stored = true;
	printf("%s: image stored: %llu bytes in %llu swap pages of %s; powering off\n", s->cli.prog,
	       (unsigned long long)s->bytes, (unsigned long long)s->nr_pages, s->cli.cfg.device);
	fflush(stdout);
	if (ioctl(s->snap, SNAPSHOT_POWER_OFF))
		hs_cli_err(&s->cli, "platform power-off failed (%s), powering off directly",
			   strerror(errno));
	reboot(RB_POWER_OFF);
	hs_cli_err(&s->cli, "power-off failed: %s", strerror(errno));
	/* The image is stored; running on would let it go stale under the next boot. */
	return 1;
thaw:
	ioctl(s->snap, SNAPSHOT_FREE);
	ioctl(s->snap, SNAPSHOT_FREE_SWAP_PAGES);
	ioctl(s->snap, SNAPSHOT_UNFREEZE);
	hs_cli_err(&s->cli, "hibernation failed; the system keeps running");
	return 1;
}

int cmd_suspend(const struct command *cmd, int argc, char *argv[])
{
	struct suspend s = { .cli = { .prog = argv[0], .suspending = true }, .snap = -1 };

	(void)cmd;
	bool done;
	int rc;

	rc = hs_cli_options(&s.cli, argc, argv, usage, &done);
	if (rc || done)
		return rc;
	if (hs_cli_device(&s.cli))
		return 1;
	s.page = hs_cli_pages(HS_PAGE_SIZE);
	/* Nothing of this process may go to the swap area it writes. */
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		hs_cli_err(&s.cli, "mlockall: %s (going on)", strerror(errno));
	s.snap = open(s.cli.snapshot, O_RDONLY | O_CLOEXEC);
	if (s.snap < 0) {
		hs_cli_err(&s.cli, "cannot open %s: %s", s.cli.snapshot, strerror(errno));
		return 1;
	}
	rc = preflight(&s);
	if (!rc)
		rc = pin_next_boot("hibseal suspend");
	if (!rc) {
		rc = hibernate(&s);
		/* Resumed, or failed before the image existed: the next boot is an ordinary one. */
		if (!s.stored)
			unpin_next_boot("hibseal suspend");
	}
	close(s.snap);
	free(s.offsets);
	free(s.page);
	return rc;
}
