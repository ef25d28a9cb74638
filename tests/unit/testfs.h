/* SPDX-License-Identifier: GPL-2.0 */
/* Made-up /sys and /proc trees for the userspace unit tests: files under a root directory. */
#ifndef HIBSEAL_TESTFS_H
#define HIBSEAL_TESTFS_H

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Write @len bytes of @data to @root/@rel, making the directories on the way. Return: 0. */
static inline int put(const char *root, const char *rel, const void *data, size_t len)
{
	char path[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "we");
	if (!f)
		return -1;
	fwrite(data, 1, len, f);
	return fclose(f);
}

#endif
