// SPDX-License-Identifier: GPL-2.0
/*
 * efivar-write FILE DATA: write the contents of DATA (the four attribute bytes, then the
 * variable's data or an authenticated update) to the efivarfs file FILE in one write(2), as
 * efivarfs requires; an existing variable's file is made mutable first (efivarfs marks them
 * immutable, and busybox has no chattr). Exit 0 when the firmware took the write.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char *argv[])
{
	static char buf[65536];
	ssize_t n, w;
	int in, fd, flags;

	if (argc != 3) {
		fprintf(stderr, "usage: efivar-write FILE DATA\n");
		return 2;
	}
	in = open(argv[2], O_RDONLY);
	if (in < 0 || (n = read(in, buf, sizeof(buf))) <= 4) {
		fprintf(stderr, "efivar-write: %s: cannot read it (or too short)\n", argv[2]);
		return 1;
	}
	close(in);
	fd = open(argv[1], O_RDONLY);
	if (fd >= 0) {
		if (!ioctl(fd, FS_IOC_GETFLAGS, &flags) && (flags & FS_IMMUTABLE_FL)) {
			flags &= ~FS_IMMUTABLE_FL;
			if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
				fprintf(stderr, "efivar-write: %s: clearing immutable: %s\n", argv[1],
					strerror(errno));
		}
		close(fd);
	}
	fd = open(argv[1], O_WRONLY | O_CREAT, 0644);
	if (fd < 0) {
		fprintf(stderr, "efivar-write: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	w = write(fd, buf, (size_t)n);
	if (w != n) {
		fprintf(stderr, "efivar-write: %s: write: %s\n", argv[1],
			w < 0 ? strerror(errno) : "short");
		close(fd);
		return 1;
	}
	return close(fd) ? 1 : 0;
}
