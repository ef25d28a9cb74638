// SPDX-License-Identifier: GPL-2.0
/*
 * hsfill MIB MIX SEED: hold MIB MiB of seeded memory contents (userspace/bench/fill.c), locked
 * in RAM, for the benchmarks' hibernations. Prints "HSFILL: ready sum=S" once filled, then on
 * each SIGUSR1 "HSFILL: check sum=S intact=yes|no" (after a resume: was the memory restored
 * byte for byte?). Exits on SIGTERM.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../../userspace/bench/fill.h"

static volatile sig_atomic_t check_requested, stop_requested;

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		check_requested = 1;
	else
		stop_requested = 1;
}

/* FNV-1a over 64-bit words: enough to notice any change. */
static uint64_t sum_of(const uint64_t *p, size_t words)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < words; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_signal };
	size_t mib, bytes;
	uint64_t sum;
	void *mem;
	int mix;

	if (argc != 4 || (mix = fill_mix_parse(argv[2])) < 0) {
		fprintf(stderr, "usage: hsfill MIB incompressible|typical|mostly-zero SEED\n");
		return 2;
	}
	mib = strtoul(argv[1], NULL, 10);
	bytes = mib << 20;
	mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!mib || mem == MAP_FAILED) {
		fprintf(stderr, "hsfill: cannot map %zu MiB\n", mib);
		return 1;
	}
	fill_pages(mem, bytes / FILL_PAGE_SIZE, mix, strtoull(argv[3], NULL, 0));
	/* Locked, so that hibernation cannot swap it out to make room: it is all in the image. */
	if (mlock(mem, bytes)) {
		perror("hsfill: mlock");
		return 1;
	}
	sum = sum_of(mem, bytes / 8);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	printf("HSFILL: ready mib=%zu mix=%s sum=%016llx\n", mib, argv[2], (unsigned long long)sum);
	fflush(stdout);
	while (!stop_requested) {
		pause();
		if (check_requested) {
			uint64_t now = sum_of(mem, bytes / 8);

			check_requested = 0;
			printf("HSFILL: check sum=%016llx intact=%s\n", (unsigned long long)now,
			       now == sum ? "yes" : "no");
			fflush(stdout);
		}
	}
	return 0;
}
