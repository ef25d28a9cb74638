// SPDX-License-Identifier: GPL-2.0
/*
 * A small JSON writer for the tools' --json output (libhibseal.h): objects and arrays nested
 * up to HS_JSON_DEPTH, strings escaped (control characters as \u00XX, bytes that are not
 * UTF-8 as U+FFFD), numbers as unsigned decimals.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <stdio.h>
#include <string.h>

#include "lib_private.h"

/* Before a value: the comma after its sibling, and its key inside an object. */
static void item(struct hs_json *j, const char *key)
{
	if (j->depth && j->items[j->depth - 1]++)
		fputc(',', j->f);
	if (key) {
		hs_json_quote(j->f, key);
		fputc(':', j->f);
	}
}

/* The length of the UTF-8 sequence at @s (at most @n bytes), or 0 if it is not one. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned int cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, cp = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, cp = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and what lies past U+10FFFF are not UTF-8. */
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

void hs_json_quote(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), len;

	fputc('"', f);
	while (n) {
		if (*p == '"' || *p == '\\') {
			fprintf(f, "\\%c", *p);
			len = 1;
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(f, "\\u%04x", *p);
			len = 1;
		} else if (!(len = utf8_len(p, n))) {
			fputs("\\ufffd", f);
			len = 1;
		} else {
			fwrite(p, 1, len, f);
		}
		p += len;
		n -= len;
	}
	fputc('"', f);
}

void hs_json_begin(struct hs_json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	hs_json_object(j, NULL);
}

int hs_json_end(struct hs_json *j)
{
	hs_json_close(j);
	fputc('\n', j->f);
	return j->depth || j->overflow ? -1 : 0;
}

static void open_(struct hs_json *j, const char *key, char c)
{
	item(j, key);
	fputc(c, j->f);
	if (j->depth == HS_JSON_DEPTH) {
		j->overflow = true;
		return;
	}
	j->closers[j->depth] = c == '{' ? '}' : ']';
	j->items[j->depth++] = 0;
}

void hs_json_object(struct hs_json *j, const char *key)
{
	open_(j, key, '{');
}

void hs_json_array(struct hs_json *j, const char *key)
{
	open_(j, key, '[');
}

void hs_json_close(struct hs_json *j)
{
	if (!j->depth) {
		j->overflow = true;
		return;
	}
	fputc(j->closers[--j->depth], j->f);
}

void hs_json_string(struct hs_json *j, const char *key, const char *value)
{
	item(j, key);
	if (value)
		hs_json_quote(j->f, value);
	else
		fputs("null", j->f);
}

void hs_json_uint(struct hs_json *j, const char *key, unsigned long long value)
{
	item(j, key);
	fprintf(j->f, "%llu", value);
}

void hs_json_bool(struct hs_json *j, const char *key, int value)
{
	item(j, key);
	fputs(value < 0 ? "null" : value ? "true" : "false", j->f);
}
