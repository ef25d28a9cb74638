// SPDX-License-Identifier: GPL-2.0
/*
 * Seeded memory contents for the benchmarks (fill.h).
 *
 * Page kinds, chosen per page by a hash of (seed, page index):
 *   zero    - what freed and untouched memory mostly is
 *   random  - encrypted or compressed data, media: LZO cannot shrink it
 *   text    - words from a small vocabulary with spaces and newlines: LZO shrinks it ~2-3x
 *   pointer - 64-bit values climbing in small steps, as page tables and object arrays
 * The "typical" mix is 20% zero, 25% random, 35% text, 20% pointer pages: a stand-in for a
 * desktop's memory, not a measurement of one; the reports give the ratio LZO reached.
 */
#include <string.h>

#include "fill.h"

static const char *const mix_names[FILL_NR_MIXES] = {
	[FILL_INCOMPRESSIBLE] = "incompressible",
	[FILL_TYPICAL] = "typical",
	[FILL_MOSTLY_ZERO] = "mostly-zero",
};

const char *fill_mix_name(enum fill_mix mix)
{
	return (unsigned int)mix < FILL_NR_MIXES ? mix_names[mix] : NULL;
}

int fill_mix_parse(const char *name)
{
	for (int i = 0; i < FILL_NR_MIXES; i++)
		if (!strcmp(name, mix_names[i]))
			return i;
	return -1;
}

/* splitmix64: a fast, well-mixed sequence from any seed. */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

enum page_kind { PAGE_ZERO, PAGE_RANDOM, PAGE_TEXT, PAGE_POINTER };

static enum page_kind kind_of(enum fill_mix mix, uint64_t r)
{
	unsigned int pct = r % 100;

	switch (mix) {
	case FILL_INCOMPRESSIBLE:
		return PAGE_RANDOM;
	case FILL_MOSTLY_ZERO:
		if (pct < 90)
			return PAGE_ZERO;
		/* the other tenth as the typical mix (so about 92% zero in all) */
		return kind_of(FILL_TYPICAL, r / 100);
	case FILL_TYPICAL:
	default:
		if (pct < 20)
			return PAGE_ZERO;
		if (pct < 45)
			return PAGE_RANDOM;
		if (pct < 80)
			return PAGE_TEXT;
		return PAGE_POINTER;
	}
}

static const char *const words[] = {
	"the", "kernel", "page", "swap", "image", "resume", "of", "and", "a", "to", "in",
	"hibernate", "memory", "is", "for", "file", "struct", "return", "int", "if", "error",
	"window", "seal", "TPM", "data", "buffer", "void", "static", "const", "size", "list",
	"node", "lock", "queue", "task", "user", "root", "boot", "device", "chunk",
};

static void fill_text(uint8_t *p, uint64_t *state)
{
	size_t off = 0, nwords = sizeof(words) / sizeof(words[0]);

	while (off < FILL_PAGE_SIZE) {
		uint64_t r = next(state);
		const char *w = words[r % nwords];
		size_t len = strlen(w);

		if (off + len + 1 > FILL_PAGE_SIZE) {
			memset(p + off, ' ', FILL_PAGE_SIZE - off);
			break;
		}
		memcpy(p + off, w, len);
		off += len;
		p[off++] = (r >> 32) % 11 == 0 ? '\n' : ' ';
	}
}

static void fill_pointer(uint8_t *p, uint64_t *state)
{
	uint64_t v = 0xffff888000000000ULL | (next(state) & 0x3ffffff000ULL);

	for (size_t off = 0; off < FILL_PAGE_SIZE; off += sizeof(v)) {
		uint64_t r = next(state);

		v += (r & 7) ? 64 * ((r >> 8) % 4 + 1) : (r >> 16) & 0xfffff0;
		memcpy(p + off, &v, sizeof(v));
	}
}

void fill_pages(void *buf, size_t pages, enum fill_mix mix, uint64_t seed)
{
	for (size_t i = 0; i < pages; i++) {
		uint8_t *p = (uint8_t *)buf + i * FILL_PAGE_SIZE;
		uint64_t state = seed ^ (i * 0xd6e8feb86659fd93ULL);

		switch (kind_of(mix, next(&state))) {
		case PAGE_ZERO:
			memset(p, 0, FILL_PAGE_SIZE);
			break;
		case PAGE_RANDOM:
			for (size_t off = 0; off < FILL_PAGE_SIZE; off += 8) {
				uint64_t r = next(&state);

				memcpy(p + off, &r, sizeof(r));
			}
			break;
		case PAGE_TEXT:
			fill_text(p, &state);
			break;
		case PAGE_POINTER:
			fill_pointer(p, &state);
			break;
		}
	}
}
