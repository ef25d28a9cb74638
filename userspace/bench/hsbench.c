// SPDX-License-Identifier: GPL-2.0
/*
 * hsbench: the sealed hibernation image pipeline, natively, plain against sealed.
 *
 * What the kernel's swap writer does to each chunk of 32 pages (kernel/power/swap.c with
 * patches/0003), with the same algorithms:
 *
 *   save:  copy 32 snapshot pages -> LZO-1X-1 -> [seal: AEAD in place] -> copy to swap pages
 *   load:  copy swap pages -> [open: check the tag, decrypt] -> LZO decompress -> copy out
 *
 * "plain" is upstream's chunk (an 8-byte length, then the LZO data) with the CRC32 upstream
 * computes over every uncompressed page (sealed images drop it), "plain-nocrc" the same without
 * it; "ctr-hmac" and "gcm" are the two sealed constructions (seal.c, byte for byte the
 * kernel's). The sealed runs add the image MAC over the chunk tags.
 *
 * Runs alternate plain and sealed on the same input, thread count by thread count, repetition
 * by repetition, so machine noise falls on both. Output: one tab-separated line per run (see
 * usage()), read by scripts/bench-report.py.
 */
#include <errno.h>
#include <stdbool.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <lzo/lzo1x.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include <openssl/rand.h>

#include "crc32.h"
#include "fill.h"
#include "seal.h"

#define CHUNK_PAGES	32			/* upstream's LZO_UNC_PAGES */
#define CHUNK_BYTES	(CHUNK_PAGES * FILL_PAGE_SIZE)
#define LZO_HEADER	sizeof(size_t)		/* upstream's per-chunk length field */
#define LZO_WORST(n)	((n) + (n) / 16 + 64 + 3)
#define SLOT_BYTES	(sizeof(struct hibseal_chunk_header) + LZO_HEADER + \
			 LZO_WORST(CHUNK_BYTES) + HIBSEAL_TAG_MAX)
#define MAP_ENTRIES	(FILL_PAGE_SIZE / 8 - 1)	/* upstream's swap map page */
#define MAX_THREADS	64

/*
 * plain:       upstream's chunk, and the CRC32 its CRC32 thread computes over the uncompressed
 *              pages (on a CPU of its own in the kernel; here in the worker, so that the CPU
 *              time counts): plain hibernation as the kernel runs it
 * plain-nocrc: the same without the CRC32, the cheapest a plain image could be
 * ctr-hmac:    sealed, authenc(hmac(sha256),rfc3686(ctr(aes))), the default
 * gcm:         sealed, gcm(aes)
 */
enum construction { CONS_PLAIN, CONS_PLAIN_NOCRC, CONS_CTR_HMAC, CONS_GCM, CONS_NR };

static const char *const cons_names[CONS_NR] = { "plain", "plain-nocrc", "ctr-hmac", "gcm" };
static const int cons_aead[CONS_NR] = {
	0, 0, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, HIBSEAL_AEAD_AES256_GCM
};

static bool is_plain(enum construction c)
{
	return c == CONS_PLAIN || c == CONS_PLAIN_NOCRC;
}

/* One run's shared state; workers take chunks in turn from @next. */
struct run {
	enum construction cons;
	const uint8_t *input;		/* the snapshot pages */
	uint8_t *output;		/* load: the restored pages */
	uint8_t *slots;			/* one SLOT_BYTES area per chunk: the "swap" */
	uint32_t *slot_len;		/* bytes used in each slot */
	uint32_t *crc;			/* plain: each chunk's CRC32 (upstream chains them) */
	uint8_t *tags;			/* sealed: each chunk's tag, for the image MAC */
	size_t nr_chunks;
	const struct hs_seal_keys *keys;	/* indexed by HIBSEAL_AEAD_* */
	const uint8_t *salt;
	atomic_size_t next;
	atomic_int failed;
};

struct worker {
	struct run *run;
	pthread_t thread;
	struct hs_sealer sealer;
	uint8_t *unc, *cmp, *wrk;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static size_t pages_of(size_t bytes)
{
	return (bytes + FILL_PAGE_SIZE - 1) / FILL_PAGE_SIZE;
}

/* Save one chunk: what a compression thread and the writer do for it. */
static int save_chunk(struct worker *w, size_t i)
{
	struct run *r = w->run;
	size_t hdr = is_plain(r->cons) ? LZO_HEADER : sizeof(struct hibseal_chunk_header);
	lzo_uint clen;
	uint32_t len;

	memcpy(w->unc, r->input + i * CHUNK_BYTES, CHUNK_BYTES);
	if (r->cons == CONS_PLAIN)
		r->crc[i] = crc32_le(0, w->unc, CHUNK_BYTES);
	if (lzo1x_1_compress(w->unc, CHUNK_BYTES, w->cmp + hdr, &clen, w->wrk) != LZO_E_OK)
		return -1;
	if (is_plain(r->cons)) {
		size_t n = clen;

		memcpy(w->cmp, &n, sizeof(n));
		len = (uint32_t)(LZO_HEADER + clen);
	} else {
		uint32_t flags = HIBSEAL_CHUNK_LZO | (i + 1 == r->nr_chunks ? HIBSEAL_CHUNK_FINAL : 0);

		/* Index 0 is the metadata chunk; data chunks start at 1. */
		if (hs_sealer_seal(&w->sealer, i + 1, flags, w->cmp, (uint32_t)clen))
			return -1;
		len = hs_sealed_size(&w->sealer, (uint32_t)clen);
		memcpy(r->tags + i * w->sealer.tag_size, w->cmp + len - w->sealer.tag_size,
		       w->sealer.tag_size);
	}
	memcpy(r->slots + i * SLOT_BYTES, w->cmp, pages_of(len) * FILL_PAGE_SIZE);
	r->slot_len[i] = len;
	return 0;
}

/* Load one chunk: what the reader and a decompression thread do for it. */
static int load_chunk(struct worker *w, size_t i)
{
	struct run *r = w->run;
	lzo_uint ulen = CHUNK_BYTES;
	const uint8_t *src;
	size_t clen;
	uint32_t n;

	memcpy(w->cmp, r->slots + i * SLOT_BYTES, pages_of(r->slot_len[i]) * FILL_PAGE_SIZE);
	if (is_plain(r->cons)) {
		memcpy(&clen, w->cmp, sizeof(clen));
		if (clen > LZO_WORST(CHUNK_BYTES))
			return -1;
		src = w->cmp + LZO_HEADER;
	} else {
		if (hs_sealer_open(&w->sealer, i + 1, w->cmp, LZO_WORST(CHUNK_BYTES), &n))
			return -1;
		clen = n;
		src = w->cmp + sizeof(struct hibseal_chunk_header);
	}
	if (lzo1x_decompress_safe(src, clen, w->unc, &ulen, NULL) != LZO_E_OK ||
	    ulen != CHUNK_BYTES)
		return -1;
	if (r->cons == CONS_PLAIN && crc32_le(0, w->unc, CHUNK_BYTES) != r->crc[i])
		return -1;
	memcpy(r->output + i * CHUNK_BYTES, w->unc, CHUNK_BYTES);
	return 0;
}

struct job {
	struct worker *w;
	int load;
};

static void *work(void *arg)
{
	struct job *job = arg;
	struct run *r = job->w->run;
	size_t i;

	while ((i = atomic_fetch_add(&r->next, 1)) < r->nr_chunks)
		if ((job->load ? load_chunk(job->w, i) : save_chunk(job->w, i))) {
			atomic_store(&r->failed, 1);
			break;
		}
	return NULL;
}

static void workers_free(struct worker *w, int n)
{
	for (int t = 0; t < n; t++) {
		free(w[t].unc);
		free(w[t].cmp);
		free(w[t].wrk);
		if (!is_plain(w[t].run->cons))
			hs_sealer_free(&w[t].sealer);
	}
}

static int workers_init(struct worker *w, int n, struct run *r)
{
	for (int t = 0; t < n; t++) {
		memset(&w[t], 0, sizeof(w[t]));
		w[t].run = r;
		w[t].unc = malloc(CHUNK_BYTES);
		w[t].cmp = malloc(SLOT_BYTES + FILL_PAGE_SIZE);
		w[t].wrk = malloc(LZO1X_1_MEM_COMPRESS);
		if (!w[t].unc || !w[t].cmp || !w[t].wrk ||
		    (!is_plain(r->cons) &&
		     hs_sealer_init(&w[t].sealer, cons_aead[r->cons], &r->keys[cons_aead[r->cons]],
				    r->salt))) {
			workers_free(w, t + 1);
			return -1;
		}
	}
	return 0;
}

/* The image MAC over every tag in order, then the (here blank) image header. */
static int image_mac(const struct run *r, unsigned int tag_size)
{
	static const struct hibseal_image_header hdr;
	uint8_t mac[HIBSEAL_MAC_SIZE];

	return hs_image_mac(&r->keys[cons_aead[r->cons]], r->tags, r->nr_chunks, tag_size, &hdr,
			    mac);
}

/* One timed pass over every chunk with @threads workers. Return: seconds, or -1. */
static double run_pass(struct run *r, int threads, int load)
{
	struct worker w[MAX_THREADS];
	struct job jobs[MAX_THREADS];
	double t0, t1;
	int started = 0;

	if (workers_init(w, threads, r))
		return -1;
	atomic_store(&r->next, 0);
	atomic_store(&r->failed, 0);
	t0 = now();
	for (; started < threads; started++) {
		jobs[started] = (struct job){ .w = &w[started], .load = load };
		if (pthread_create(&w[started].thread, NULL, work, &jobs[started])) {
			atomic_store(&r->failed, 1);
			break;
		}
	}
	for (int t = 0; t < started; t++)
		pthread_join(w[t].thread, NULL);
	if (!atomic_load(&r->failed) && !is_plain(r->cons) &&
	    image_mac(r, w[0].sealer.tag_size))
		atomic_store(&r->failed, 1);
	t1 = now();
	workers_free(w, threads);
	return atomic_load(&r->failed) ? -1 : t1 - t0;
}

/* What the image takes on swap: chunks in whole pages, the metadata, header, map pages. */
static size_t disk_bytes(const struct run *r)
{
	size_t pages = 1;	/* the swap header */

	for (size_t i = 0; i < r->nr_chunks; i++)
		pages += pages_of(r->slot_len[i]);
	if (is_plain(r->cons))
		pages += 1;	/* struct swsusp_info */
	else		/* the metadata chunk, sealed alone, and the sealed header page */
		pages += pages_of(sizeof(struct hibseal_chunk_header) + FILL_PAGE_SIZE +
				  (r->cons == CONS_GCM ? 16 : 32)) + 1;
	pages += (pages + MAP_ENTRIES - 1) / MAP_ENTRIES;
	return pages * FILL_PAGE_SIZE;
}

struct options {
	size_t mib;
	int runs;
	int threads[MAX_THREADS];
	int nr_threads;
	int mixes[FILL_NR_MIXES];
	int nr_mixes;
	int smoke;
	FILE *out;
};

/* One algorithm alone over every chunk of @buf: 0 compress, 1 decompress, 2-3 seal, 4 CRC32. */
static int time_algorithm(int a, const uint8_t *buf, size_t nr, uint8_t *comp, lzo_uint *clen,
			  uint8_t *unc, uint8_t *wrk, struct hs_sealer *s, double *secs)
{
	double t0 = now();

	for (size_t i = 0; i < nr; i++) {
		lzo_uint n = CHUNK_BYTES;

		switch (a) {
		case 0:
			if (lzo1x_1_compress(buf + i * CHUNK_BYTES, CHUNK_BYTES, comp + i * SLOT_BYTES,
					     &clen[i], wrk) != LZO_E_OK)
				return -1;
			break;
		case 1:
			if (lzo1x_decompress_safe(comp + i * SLOT_BYTES, clen[i], unc, &n, NULL) !=
			    LZO_E_OK || n != CHUNK_BYTES)
				return -1;
			break;
		case 2:
		case 3:		/* sealed in place, over and over: the bytes do not matter */
			if (hs_sealer_seal(&s[a - 2], i, 0, unc, CHUNK_BYTES))
				return -1;
			break;
		default:
			clen[i] ^= crc32_le(0, buf + i * CHUNK_BYTES, CHUNK_BYTES);
		}
	}
	*secs = now() - t0;
	return 0;
}

/* Each algorithm alone, one thread, over the whole input in chunk-sized units. */
static int bench_algorithms(const struct options *o, const uint8_t *buf, size_t bytes,
			    const struct hs_seal_keys *keys, const uint8_t *salt)
{
	static const char *const names[] = {
		"lzo1x-1-compress", "lzo1x-decompress", "aes-256-ctr+hmac-sha256", "aes-256-gcm",
		"crc32-slice-by-8",
	};
	size_t nr = bytes / CHUNK_BYTES;
	uint8_t *comp = malloc(nr * SLOT_BYTES), *wrk = malloc(LZO1X_1_MEM_COMPRESS);
	uint8_t *unc = malloc(SLOT_BYTES);
	lzo_uint *clen = calloc(nr, sizeof(*clen));
	struct hs_sealer s[2];
	double secs;
	int rc = -1;

	if (!comp || !wrk || !unc || !clen ||
	    hs_sealer_init(&s[0], HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
			   &keys[HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256], salt))
		goto out_free;
	if (hs_sealer_init(&s[1], HIBSEAL_AEAD_AES256_GCM, &keys[HIBSEAL_AEAD_AES256_GCM], salt))
		goto out_s0;
	memset(unc, 0x5a, SLOT_BYTES);
	for (int rep = 1; rep <= o->runs; rep++) {
		for (int a = 0; a < 5; a++) {
			if (time_algorithm(a, buf, nr, comp, clen, unc, wrk, s, &secs))
				goto out_s1;
			fprintf(o->out, "algorithm\t%s\t%d\t%.6f\t%zu\n", names[a], rep, secs,
				nr * CHUNK_BYTES);
		}
	}
	rc = 0;
out_s1:
	hs_sealer_free(&s[1]);
out_s0:
	hs_sealer_free(&s[0]);
out_free:
	free(clen);
	free(unc);
	free(wrk);
	free(comp);
	return rc;
}

/*
 * The self-checks every run makes outside the timing: the load restored the input exactly;
 * and (sealed) a flipped bit in one stored chunk makes the load fail.
 */
static int check_roundtrip(struct run *r, int threads)
{
	size_t victim = r->nr_chunks / 2;
	double secs;

	if (memcmp(r->output, r->input, r->nr_chunks * CHUNK_BYTES)) {
		fprintf(stderr, "hsbench: %s: the load did not restore the input\n",
			cons_names[r->cons]);
		return -1;
	}
	if (is_plain(r->cons))
		return 0;
	r->slots[victim * SLOT_BYTES + sizeof(struct hibseal_chunk_header) + 7] ^= 0x10;
	secs = run_pass(r, threads, 1);
	r->slots[victim * SLOT_BYTES + sizeof(struct hibseal_chunk_header) + 7] ^= 0x10;
	if (secs >= 0) {
		fprintf(stderr, "hsbench: %s: a flipped bit in chunk %zu was not refused\n",
			cons_names[r->cons], victim + 1);
		return -1;
	}
	return 0;
}

static int bench_mix(const struct options *o, struct run *r, int mix)
{
	static const char *const dir[] = { "save", "load" };

	fill_pages((uint8_t *)r->input, r->nr_chunks * CHUNK_PAGES, mix, 0x6869627365616cULL);
	for (int rep = 1; rep <= o->runs; rep++) {
		for (int t = 0; t < o->nr_threads; t++) {
			for (int c = 0; c < CONS_NR; c++) {
				double secs[2];

				r->cons = c;
				for (int load = 0; load < 2; load++) {
					/* The checked load must restore the input, not find it. */
					if (load && rep == 1 && t == 0)
						memset(r->output, 0xee, r->nr_chunks * CHUNK_BYTES);
					secs[load] = run_pass(r, o->threads[t], load);
					if (secs[load] < 0) {
						fprintf(stderr, "hsbench: %s %s %s failed\n",
							fill_mix_name(mix), cons_names[c], dir[load]);
						return -1;
					}
				}
				if (rep == 1 && t == 0 && check_roundtrip(r, o->threads[t]))
					return -1;
				for (int load = 0; load < 2; load++)
					fprintf(o->out, "pipeline\t%s\t%s\t%s\t%d\t%d\t%.6f\t%zu\t%zu\n",
						fill_mix_name(mix), cons_names[c], dir[load],
						o->threads[t], rep, secs[load],
						r->nr_chunks * CHUNK_BYTES, disk_bytes(r));
			}
		}
	}
	return 0;
}

static void print_info(FILE *out)
{
	char line[4096], model[256] = "unknown", flags[256] = "";
	static const char *const wanted[] = { "aes", "vaes", "pclmulqdq", "sha_ni", "avx2",
					      "avx512f", "hypervisor" };
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model name", 10) && strchr(line, ':'))
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
		if (!strncmp(line, "flags", 5) && !flags[0]) {
			for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
				char word[32];

				snprintf(word, sizeof(word), " %s ", wanted[i]);
				line[strcspn(line, "\n")] = ' ';
				if (strstr(line, word))
					snprintf(flags + strlen(flags), sizeof(flags) - strlen(flags),
						 "%s%s", flags[0] ? " " : "", wanted[i]);
			}
		}
	}
	if (f)
		fclose(f);
	model[strcspn(model, "\n")] = '\0';
	fprintf(out, "info\tcpu\t%s\ninfo\tcpu-flags\t%s\ninfo\tcores\t%ld\n", model, flags,
		sysconf(_SC_NPROCESSORS_ONLN));
	fprintf(out, "info\topenssl\t%s\ninfo\tlzo\t%s\n", OpenSSL_version(OPENSSL_VERSION),
		lzo_version_string());
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hsbench [--size MIB] [--runs N] [--threads N[,N...]] [--mix NAME|all]\n"
		"               [--out FILE] [--smoke]\n"
		"  --size     MiB of memory contents per run (default 256; --smoke: 8)\n"
		"  --runs     repetitions of each measurement (default 5; --smoke: 1)\n"
		"  --threads  worker threads to try (default 1 up to the online cores)\n"
		"  --mix      incompressible, typical, mostly-zero or all (default all)\n"
		"Prints tab-separated lines: 'info KEY VALUE', 'pipeline MIX CONSTRUCTION save|load\n"
		"THREADS REP SECONDS INPUT_BYTES DISK_BYTES', 'algorithm NAME REP SECONDS BYTES'.\n");
}

static int parse_threads(struct options *o, char *list)
{
	o->nr_threads = 0;
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		char *end;
		long n = strtol(tok, &end, 10);

		if (*end || n < 1 || n > MAX_THREADS || o->nr_threads == MAX_THREADS)
			return -1;
		o->threads[o->nr_threads++] = (int)n;
	}
	return o->nr_threads ? 0 : -1;
}

static int parse_options(struct options *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' }, { "runs", required_argument, NULL, 'r' },
		{ "threads", required_argument, NULL, 't' }, { "mix", required_argument, NULL, 'm' },
		{ "out", required_argument, NULL, 'o' }, { "smoke", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int c, mix, set_size = 0, set_runs = 0;

	*o = (struct options){ .mib = 256, .runs = 5, .out = stdout };
	for (int t = 1; t <= cores && t <= MAX_THREADS; t++)
		o->threads[o->nr_threads++] = t;
	for (int m = 0; m < FILL_NR_MIXES; m++)
		o->mixes[o->nr_mixes++] = m;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			o->mib = strtoul(optarg, NULL, 10);
			set_size = 1;
			break;
		case 'r':
			o->runs = atoi(optarg);
			set_runs = 1;
			break;
		case 't':
			if (parse_threads(o, optarg))
				return -1;
			break;
		case 'm':
			o->nr_mixes = 0;
			if (!strcmp(optarg, "all")) {
				for (int m = 0; m < FILL_NR_MIXES; m++)
					o->mixes[o->nr_mixes++] = m;
			} else if ((mix = fill_mix_parse(optarg)) >= 0) {
				o->mixes[o->nr_mixes++] = mix;
			} else {
				return -1;
			}
			break;
		case 'o':
			o->out = fopen(optarg, "w");
			if (!o->out) {
				fprintf(stderr, "hsbench: %s: %s\n", optarg, strerror(errno));
				exit(1);
			}
			break;
		case 'S':
			o->smoke = 1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			return -1;
		}
	}
	if (o->smoke) {
		o->mib = set_size ? o->mib : 8;
		o->runs = set_runs ? o->runs : 1;
	}
	return optind == argc && o->mib >= 1 && o->mib <= 65536 && o->runs >= 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
	uint8_t secret[HS_SECRET_SIZE], salt[HIBSEAL_SALT_SIZE];
	struct hs_seal_keys keys[HIBSEAL_AEAD_AES256_GCM + 1];	/* by construction */
	struct options o;
	struct run r = { 0 };
	int rc = 1;

	if (parse_options(&o, argc, argv)) {
		usage(stderr);
		return 2;
	}
	crc32_init();
	memset(keys, 0, sizeof(keys));
	if (lzo_init() != LZO_E_OK || RAND_bytes(secret, sizeof(secret)) != 1 ||
	    RAND_bytes(salt, sizeof(salt)) != 1 ||
	    hs_seal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256,
				&keys[HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256]) ||
	    hs_seal_derive_keys(secret, salt, HIBSEAL_AEAD_AES256_GCM,
				&keys[HIBSEAL_AEAD_AES256_GCM])) {
		fprintf(stderr, "hsbench: cannot set up LZO or the keys\n");
		return 1;
	}
	r.nr_chunks = o.mib * 1024 * 1024 / CHUNK_BYTES;
	r.keys = keys;
	r.salt = salt;
	r.input = malloc(r.nr_chunks * CHUNK_BYTES);
	r.output = malloc(r.nr_chunks * CHUNK_BYTES);
	r.slots = malloc(r.nr_chunks * SLOT_BYTES);
	r.slot_len = calloc(r.nr_chunks, sizeof(*r.slot_len));
	r.tags = calloc(r.nr_chunks, HIBSEAL_TAG_MAX);
	r.crc = calloc(r.nr_chunks, sizeof(*r.crc));
	if (!r.input || !r.output || !r.slots || !r.slot_len || !r.tags || !r.crc) {
		fprintf(stderr, "hsbench: out of memory for %zu MiB\n", o.mib);
		goto out;
	}
	print_info(o.out);
	for (int m = 0; m < o.nr_mixes; m++)
		if (bench_mix(&o, &r, o.mixes[m]))
			goto out;
	/* The algorithms alone, on the typical mix. */
	fill_pages((uint8_t *)r.input, r.nr_chunks * CHUNK_PAGES, FILL_TYPICAL, 0x6869627365616cULL);
	if (bench_algorithms(&o, r.input, r.nr_chunks * CHUNK_BYTES, keys, salt)) {
		fprintf(stderr, "hsbench: an algorithm failed\n");
		goto out;
	}
	rc = 0;
out:
	OPENSSL_cleanse(&keys, sizeof(keys));
	OPENSSL_cleanse(secret, sizeof(secret));
	free(r.crc);
	free(r.tags);
	free(r.slot_len);
	free(r.slots);
	free(r.output);
	free((void *)r.input);
	if (o.out != stdout && fclose(o.out)) {
		fprintf(stderr, "hsbench: write error\n");
		rc = 1;
	}
	return rc;
}
