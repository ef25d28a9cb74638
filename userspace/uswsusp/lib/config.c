// SPDX-License-Identifier: GPL-2.0
/*
 * suspend-utils' configuration file format, as hibseal suspend and resume read it
 * (hs_us_config_parse(), lib/stored_image.h), and hibseal status with them: the one parser.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "stored_image.h"

/* Trim spaces at both ends in place. */
static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/* Add @key to @cfg->ignored, once; "..." ends a list that has no room left. */
static void note_ignored(struct hs_us_config *cfg, const char *key)
{
	size_t used = strlen(cfg->ignored), len = strlen(key), need = len + (used ? 2 : 0);
	const char *p = cfg->ignored;

	if (!len)
		return;
	while (*p) {				/* already listed: "a, b, c" */
		size_t n = strcspn(p, ",");

		if (n == len && !memcmp(p, key, len))
			return;
		p += n;
		p += strspn(p, ", ");
	}
	if (used >= 3 && !strcmp(cfg->ignored + used - 3, "..."))
		return;
	if (used + need + 5 >= sizeof(cfg->ignored)) {
		snprintf(cfg->ignored + used, sizeof(cfg->ignored) - used, "%s...", used ? ", " : "");
		return;
	}
	snprintf(cfg->ignored + used, sizeof(cfg->ignored) - used, "%s%s", used ? ", " : "", key);
}

int hs_us_config_parse(const char *text, struct hs_us_config *cfg, char *why, size_t why_size)
{
	char line[512];
	const char *p = text;
	unsigned int lineno = 0;

	while (*p) {
		size_t len = strcspn(p, "\n");
		char *key, *val, *sep, *end;

		lineno++;
		if (len >= sizeof(line)) {
			if (why && why_size)
				snprintf(why, why_size, "line %u is too long", lineno);
			return -EINVAL;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (p[len] == '\n');
		sep = strchr(line, '#');
		if (sep)
			*sep = '\0';
		key = trim(line);
		if (!*key)
			continue;
		sep = strpbrk(key, "=:");
		if (!sep) {
			if (why && why_size)
				snprintf(why, why_size, "line %u is not 'key = value'", lineno);
			return -EINVAL;
		}
		*sep = '\0';
		val = trim(sep + 1);
		key = trim(key);
		if (!strcasecmp(key, "resume device")) {
			if (!*val || strlen(val) >= sizeof(cfg->device)) {
				if (why && why_size)
					snprintf(why, why_size, "line %u: bad resume device", lineno);
				return -EINVAL;
			}
			strcpy(cfg->device, val);
			cfg->have_device = true;
		} else if (!strcasecmp(key, "resume offset")) {
			errno = 0;
			/* Decimal, as the kernel's resume_offset and hibseal inspect take it. */
			if (*val < '0' || *val > '9') {
				if (why && why_size)
					snprintf(why, why_size, "line %u: bad resume offset", lineno);
				return -EINVAL;
			}
			cfg->offset = strtoull(val, &end, 10);
			if (errno || end == val || *end || *val == '-') {
				if (why && why_size)
					snprintf(why, why_size, "line %u: bad resume offset", lineno);
				return -EINVAL;
			}
			cfg->have_offset = true;
		} else {
			note_ignored(cfg, key);
		}
	}
	return 0;
}
