// SPDX-License-Identifier: GPL-2.0
/*
 * uswsusp-attack: what root could try with /dev/snapshot, for the uswsusp scenarios.
 *
 *   uswsusp-attack plain
 *	speak the plain uswsusp protocol as suspend-utils would: open read-only, SNAPSHOT_FREEZE,
 *	SNAPSHOT_CREATE_IMAGE, read() (then SNAPSHOT_FREE, SNAPSHOT_UNFREEZE); then open
 *	write-only, write() a page and ask for SNAPSHOT_ATOMIC_RESTORE. Reports each step's result.
 *   uswsusp-attack reorder|modify DEVICE
 *	take the image s2disk stored on DEVICE, write its stream back with data chunks 1 and 2
 *	swapped (reorder) or one bit of chunk 3's ciphertext flipped (modify), then ask for
 *	SNAPSHOT_ATOMIC_RESTORE. Reports where the kernel stopped it. The image on DEVICE is
 *	left as it is.
 *   uswsusp-attack abandon DEVICE FILE
 *	write the stored stream back unchanged, so that the kernel verifies it, then close
 *	/dev/snapshot without asking for a restore; FILE receives the key blob of the image's
 *	header as efivarfs takes a hibseal EFI copy (the attribute word, then "HSKB", version
 *	1, the length and the blob), for root to plant as the next boot's HibsealKeyBlob.
 *   uswsusp-attack kexec
 *	make a sealed snapshot (SNAPSHOT_SEAL, SNAPSHOT_FREEZE, SNAPSHOT_CREATE_IMAGE), read none
 *	of it, and while it is in memory reboot into the kernel loaded for kexec (lockdown-matrix
 *	kexec-load): the snapshot's pages are a copy of memory, keys included, that nothing on
 *	that path wipes. If the kexec is refused, report that, free the snapshot, thaw the tasks
 *	and close /dev/snapshot.
 *
 * One line on stdout: "HIBSEAL: uswsusp-attack how=... step=RESULT ...", RESULT "ok" or an
 * errno name. Exit 0 if the kernel refused what it should have, 1 otherwise, 2 usage.
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
#include <sys/reboot.h>
#include <unistd.h>

#include <linux/hibseal.h>
#include <linux/reboot.h>
#include <linux/suspend_ioctls.h>

#include "stored_image.h"

#ifndef SNAPSHOT_SEAL
#define SNAPSHOT_SEAL		_IOW(SNAPSHOT_IOC_MAGIC, 23, struct hibseal_snapshot_seal)
#define SNAPSHOT_SEAL_INFO	_IOWR(SNAPSHOT_IOC_MAGIC, 24, struct hibseal_snapshot_info)
#endif

static const char *ename(int err)
{
	switch (err) {
	case -1: return "skipped";
	case 0: return "ok";
	case ENOENT: return "ENOENT";
	case EPERM: return "EPERM";
	case EBADMSG: return "EBADMSG";
	case EINVAL: return "EINVAL";
	case ENODATA: return "ENODATA";
	case ESTALE: return "ESTALE";
	case ENOKEY: return "ENOKEY";
	case EBUSY: return "EBUSY";
	case ECANCELED: return "ECANCELED";
	default: return strerror(err);
	}
}

static int io(int rc)
{
	return rc < 0 ? errno : 0;
}

static int plain(void)
{
	struct hibseal_snapshot_info info = {
		.version = HIBSEAL_SNAPSHOT_VERSION,
		.size = sizeof(info),
	};
	int fd, freeze, rd, create, wr, in_suspend = 0, open_rd, wpage = -1, restore = -1;
	char page[4096];

	fd = open("/dev/snapshot", O_RDONLY);
	open_rd = fd < 0 ? errno : 0;
	if (fd < 0) {
		printf("HIBSEAL: uswsusp-attack how=plain open-rdonly=%s\n", ename(open_rd));
		return 1;
	}
	if (ioctl(fd, SNAPSHOT_SEAL_INFO, &info))
		info.flags = 0;
	freeze = io(ioctl(fd, SNAPSHOT_FREEZE));
	/*
	 * Lockdown off, each step works: the snapshot is made (this process goes on in it,
	 * in_suspend 1), its first page read, then it is freed and the tasks thawed.
	 */
	create = io(ioctl(fd, SNAPSHOT_CREATE_IMAGE, &in_suspend));
	rd = io(read(fd, page, sizeof(page)));
	if (!create)
		ioctl(fd, SNAPSHOT_FREE);
	if (!freeze)
		ioctl(fd, SNAPSHOT_UNFREEZE);
	close(fd);
	/* Resuming the plain way: write a page (of zeros) and ask for the restore. */
	fd = open("/dev/snapshot", O_WRONLY);
	wr = fd < 0 ? errno : 0;
	if (fd >= 0) {
		memset(page, 0, sizeof(page));
		wpage = io(write(fd, page, sizeof(page)));
		restore = io(ioctl(fd, SNAPSHOT_ATOMIC_RESTORE));
		close(fd);
	}
	printf("HIBSEAL: uswsusp-attack how=plain open-rdonly=ok info-flags=0x%x freeze=%s create=%s",
	       info.flags, ename(freeze), ename(create));
	printf(" in-suspend=%d read=%s open-wronly=%s write=%s restore=%s\n", in_suspend, ename(rd),
	       ename(wr), ename(wpage), ename(restore));
	return freeze == EPERM && rd == EPERM && create == EPERM && wpage == EPERM &&
	       restore == EPERM ? 0 : 1;
}

static int kexec_snapshot(void)
{
	struct hibseal_snapshot_seal seal = {
		.version = HIBSEAL_SNAPSHOT_VERSION,
		.size = sizeof(seal),
	};
	int fd, sealed, freeze = -1, create = -1, kexec = -1, in_suspend = 0;

	fd = open("/dev/snapshot", O_RDONLY);
	if (fd < 0) {
		printf("HIBSEAL: uswsusp-attack how=kexec open-rdonly=%s\n", ename(errno));
		return 1;
	}
	sealed = io(ioctl(fd, SNAPSHOT_SEAL, &seal));
	if (!sealed)
		freeze = io(ioctl(fd, SNAPSHOT_FREEZE));
	if (!freeze)
		create = io(ioctl(fd, SNAPSHOT_CREATE_IMAGE, &in_suspend));
	if (!create && in_suspend) {
		printf("HIBSEAL: uswsusp-attack how=kexec snapshot made, rebooting into the loaded kernel\n");
		fflush(stdout);
		sync();
		kexec = io(reboot(LINUX_REBOOT_CMD_KEXEC));
	}
	if (!create)
		ioctl(fd, SNAPSHOT_FREE);
	if (!freeze)
		ioctl(fd, SNAPSHOT_UNFREEZE);
	close(fd);
	printf("HIBSEAL: uswsusp-attack how=kexec seal=%s freeze=%s create=%s in-suspend=%d kexec=%s\n",
	       ename(sealed), ename(freeze), ename(create), in_suspend, ename(kexec));
	return kexec == EBUSY ? 0 : 1;
}

struct chunk {
	size_t off;
	size_t len;
};

/* The header's key blob as efivarfs takes a hibseal EFI copy (kernel/power/hibseal/efi.c). */
static int save_blob(const struct hibseal_image_header *h, const char *file)
{
	uint32_t size = le32toh(h->key_blob_size), attr = htole32(7), magic = htole32(0x424b5348);
	uint16_t version = htole16(1), blen = htole16(size);
	FILE *f;

	if (!size || size > sizeof(h->key_blob)) {
		fprintf(stderr, "the image header's key blob size %u is wrong\n", size);
		return 1;
	}
	f = fopen(file, "w");
	if (!f || fwrite(&attr, 4, 1, f) != 1 || fwrite(&magic, 4, 1, f) != 1 ||
	    fwrite(&version, 2, 1, f) != 1 || fwrite(&blen, 2, 1, f) != 1 ||
	    fwrite(h->key_blob, size, 1, f) != 1 || fclose(f)) {
		perror(file);
		return 1;
	}
	return 0;
}

static int attack(const char *how, const char *device, const char *blob_file)
{
	struct hibseal_snapshot_seal seal = {
		.version = HIBSEAL_SNAPSHOT_VERSION,
		.size = sizeof(seal),
	};
	struct chunk chunks[8];
	struct hs_us_image img;
	struct hs_source src;
	uint8_t *stream, *out;
	size_t len, off, n = 0, tag, written = 0;
	int fd, snap, rc, write_err = 0, restore, freeze;
	char why[256];
	uint64_t i;

	fd = open(device, O_RDONLY);
	if (fd < 0 || hs_source_fd(&src, fd)) {
		perror(device);
		return 1;
	}
	rc = hs_us_load(&src, 0, &img, why, sizeof(why));
	if (rc) {
		fprintf(stderr, "no image on %s: %s\n", device, rc == -EBADMSG ? why : strerror(-rc));
		return 1;
	}
	len = img.hdr.stream_bytes;
	stream = malloc(img.hdr.stream_pages * HS_PAGE_SIZE);
	out = malloc(len);
	if (!stream || !out)
		return 1;
	for (i = 0; i < img.hdr.stream_pages; i++)
		if (src.read(src.ctx, img.pages[i], stream + i * HS_PAGE_SIZE, HS_PAGE_SIZE))
			return 1;
	/* The first chunks' boundaries, from their headers and the tag size. */
	tag = le16toh(img.hdr.image.tag_size);
	for (off = 0; off < len && n < 8; n++) {
		struct hibseal_chunk_header h;

		memcpy(&h, stream + off, sizeof(h));
		chunks[n].off = off;
		chunks[n].len = sizeof(h) + le32toh(h.len) + tag;
		off += chunks[n].len;
	}
	if (n < 5) {
		fprintf(stderr, "the image has too few chunks (%zu)\n", n);
		return 1;
	}
	memcpy(out, stream, len);
	if (!strcmp(how, "abandon")) {
		/* unchanged */
	} else if (!strcmp(how, "reorder")) {
		/* chunk 0, chunk 2, chunk 1, then the rest */
		off = chunks[1].off;
		memcpy(out + off, stream + chunks[2].off, chunks[2].len);
		memcpy(out + off + chunks[2].len, stream + chunks[1].off, chunks[1].len);
	} else {
		out[chunks[3].off + sizeof(struct hibseal_chunk_header) + 100] ^= 0x10;
	}
	snap = open("/dev/snapshot", O_WRONLY);
	if (snap < 0) {
		printf("HIBSEAL: uswsusp-attack how=%s open-wronly=%s\n", how, ename(errno));
		return 1;
	}
	seal.header = img.hdr.image;
	if (ioctl(snap, SNAPSHOT_SEAL, &seal)) {
		printf("HIBSEAL: uswsusp-attack how=%s seal=%s\n", how, ename(errno));
		return 1;
	}
	while (written < len) {
		size_t chunk = len - written < HS_PAGE_SIZE ? len - written : HS_PAGE_SIZE;
		ssize_t w = write(snap, out + written, chunk);

		if (w <= 0) {
			write_err = w ? errno : EIO;
			break;
		}
		written += w;
	}
	if (!strcmp(how, "abandon")) {
		close(snap);
		printf("HIBSEAL: uswsusp-attack how=abandon seal=ok write=%s at=%zu of=%zu\n",
		       ename(write_err), written, len);
		rc = save_blob(&img.hdr.image, blob_file);
		hs_us_image_free(&img);
		return write_err || rc;
	}
	freeze = io(ioctl(snap, SNAPSHOT_FREEZE));
	restore = io(ioctl(snap, SNAPSHOT_ATOMIC_RESTORE));
	if (!freeze)
		ioctl(snap, SNAPSHOT_UNFREEZE);
	close(snap);
	printf("HIBSEAL: uswsusp-attack how=%s seal=ok write=%s at=%zu of=%zu restore=%s\n", how,
	       ename(write_err), written, len, ename(restore));
	hs_us_image_free(&img);
	return write_err && restore ? 0 : 1;
}

int main(int argc, char *argv[])
{
	if (argc == 2 && !strcmp(argv[1], "plain"))
		return plain();
	if (argc == 2 && !strcmp(argv[1], "kexec"))
		return kexec_snapshot();
	if (argc == 3 && (!strcmp(argv[1], "reorder") || !strcmp(argv[1], "modify")))
		return attack(argv[1], argv[2], NULL);
	if (argc == 4 && !strcmp(argv[1], "abandon"))
		return attack(argv[1], argv[2], argv[3]);
	fprintf(stderr,
		"usage: uswsusp-attack plain | uswsusp-attack kexec\n"
		"       uswsusp-attack reorder|modify DEVICE\n"
		"       uswsusp-attack abandon DEVICE FILE\n");
	return 2;
}
