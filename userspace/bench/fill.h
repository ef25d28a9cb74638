/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Seeded memory contents for the benchmarks: the same bytes for every run, natively and in
 * the VM, at a chosen compressibility.
 */
#ifndef HSBENCH_FILL_H
#define HSBENCH_FILL_H

#include <stddef.h>
#include <stdint.h>

#define FILL_PAGE_SIZE	4096

enum fill_mix {
	FILL_INCOMPRESSIBLE,	/* every page random */
	FILL_TYPICAL,		/* zero, random, text-like and pointer-like pages */
	FILL_MOSTLY_ZERO,	/* nine pages in ten zero, the tenth as typical (~92% zero) */
	FILL_NR_MIXES
};

/* The mix's name as the command lines and reports use it; NULL when out of range. */
const char *fill_mix_name(enum fill_mix mix);

/* The mix named @name, or -1. */
int fill_mix_parse(const char *name);

/* Fill @pages pages at @buf with the mix's contents for @seed; page i depends on (seed, i) only. */
void fill_pages(void *buf, size_t pages, enum fill_mix mix, uint64_t seed);

#endif
