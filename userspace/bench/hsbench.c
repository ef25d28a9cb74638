// SPDX-License-Identifier: GPL-2.0
/*
 * hsbench: the sealed hibernation image pipeline, natively, plain against sealed.
 *
 * What the kernel's swap writer does to each chunk of 32 pages (kernel/power/swap.c with
 * patches/0015), with the same algorithms:
 *
 *   save:  copy 32 snapshot pages -> LZO-1X-1 or LZ4 -> [seal: AEAD in place] -> copy to swap
 *   load:  copy swap pages -> [open: check the tag, decrypt] -> decompress -> copy out
 *
 * "plain" is upstream's chunk (an 8-byte length, then the LZO data) with the CRC32 upstream
 * computes over every uncompressed page (sealed images drop it), "plain-nocrc" the same without
 * it; "ctr-hmac" and "gcm" are the two sealed constructions (seal.c, byte for byte the
 * kernel's). The sealed runs add the image MAC over the chunk tags.
 *
 * Two shapes of run. "pipeline": every worker takes a whole chunk from copy-in to copy-out,
 * 1..N workers, the per-thread cost of each construction. "shipped": the pipeline as the
 * kernel runs it, in lock step: the main thread copies the pages of a round into the workers'
 * buffers, the workers compress (and seal) in parallel, the main thread collects their output
 * in order and writes it; a plain image runs min(cpus - 1, 3) workers and upstream's CRC32
 * thread beside them, a sealed image a worker per CPU (up to 16) and no CRC32 thread.
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
#include <lz4.h>
#include <lzo/lzo1x.h>
#include <semaphore.h>
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
#define UPSTREAM_THREADS	3		/* upstream's CMP_THREADS */
#define SEALED_THREADS	16			/* HIBSEAL_THREADS, patches/0020 */

/*
 * plain:       upstream's chunk, and the CRC32 its CRC32 thread computes over the uncompressed
 *              pages (on a CPU of its own in the kernel; here in the worker, so that the CPU
 *              time counts): plain hibernation as the kernel runs it
 * plain-nocrc: the same without the CRC32, the cheapest a plain image could be
 * ctr-hmac:    sealed, authenc(hmac(sha256),rfc3686(ctr(aes))), the test kernel's
 * gcm:         sealed, gcm(aes), the default
 */
enum construction { CONS_PLAIN, CONS_PLAIN_NOCRC, CONS_CTR_HMAC, CONS_GCM, CONS_NR };

static const char *const cons_names[CONS_NR] = { "plain", "plain-nocrc", "ctr-hmac", "gcm" };
static const int cons_aead[CONS_NR] = {
	0, 0, HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256, HIBSEAL_AEAD_AES256_GCM
};

/* hibernate.compressor=: the two compressors 6.12 offers. */
enum comp { COMP_LZO, COMP_LZ4, COMP_NR };

static const char *const comp_names[COMP_NR] = { "lzo", "lz4" };

static bool is_plain(enum construction c)
{
	return c == CONS_PLAIN || c == CONS_PLAIN_NOCRC;
}

/* One run's shared state; workers take chunks in turn from @next. */
struct run {
	enum construction cons;
	enum comp comp;
	const uint8_t *input;		/* the snapshot pages */
	uint8_t *output;		/* load: the restored pages */
	uint8_t *slots;			/* one SLOT_BYTES area per chunk: the "swap" */
	uint32_t *slot_len;		/* bytes used in each slot */
	uint32_t *crc;			/* plain: each chunk's CRC32 (upstream chains them) */
	uint32_t crc_chain;		/* shipped plain: the chained CRC32 of the save */
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

static size_t wrk_bytes(void)
{
	size_t lz4 = (size_t)LZ4_sizeofState();

	return lz4 > LZO1X_1_MEM_COMPRESS ? lz4 : LZO1X_1_MEM_COMPRESS;
}

/* @n bytes of @src compressed into @dst (room for LZO's worst case); 0 and *@clen, or -1. */
static int compress(enum comp comp, const uint8_t *src, size_t n, uint8_t *dst, size_t *clen,
		    void *wrk)
{
	lzo_uint lzo_len;
	int lz4_len;

	if (comp == COMP_LZ4) {
		lz4_len = LZ4_compress_fast_extState(wrk, (const char *)src, (char *)dst, (int)n,
						     (int)LZO_WORST(n), 1);
		if (lz4_len <= 0)
			return -1;
		*clen = (size_t)lz4_len;
		return 0;
	}
	if (lzo1x_1_compress(src, n, dst, &lzo_len, wrk) != LZO_E_OK)
		return -1;
	*clen = lzo_len;
	return 0;
}

/* @clen bytes of @src decompressed into @dst; it must come to exactly CHUNK_BYTES. */
static int decompress(enum comp comp, const uint8_t *src, size_t clen, uint8_t *dst)
{
	lzo_uint n = CHUNK_BYTES;

	if (comp == COMP_LZ4)
		return LZ4_decompress_safe((const char *)src, (char *)dst, (int)clen,
					   CHUNK_BYTES) == CHUNK_BYTES ? 0 : -1;
	return lzo1x_decompress_safe(src, clen, dst, &n, NULL) == LZO_E_OK && n == CHUNK_BYTES ?
	       0 : -1;
}

/* Chunk @i, uncompressed in w->unc, compressed (and sealed) into w->cmp; its length. */
static int pack_chunk(struct worker *w, size_t i, uint32_t *len)
{
	struct run *r = w->run;
	size_t hdr = is_plain(r->cons) ? LZO_HEADER : sizeof(struct hibseal_chunk_header);
	uint32_t alg = r->comp == COMP_LZ4 ? HIBSEAL_CHUNK_LZ4 : HIBSEAL_CHUNK_LZO;
	size_t clen;

	if (compress(r->comp, w->unc, CHUNK_BYTES, w->cmp + hdr, &clen, w->wrk))
		return -1;
	if (is_plain(r->cons)) {
		memcpy(w->cmp, &clen, sizeof(clen));
		*len = (uint32_t)(LZO_HEADER + clen);
		return 0;
	}
	/* Index 0 is the metadata chunk; data chunks start at 1. */
	if (hs_sealer_seal(&w->sealer, i + 1,
			   alg | (i + 1 == r->nr_chunks ? HIBSEAL_CHUNK_FINAL : 0), w->cmp,
			   (uint32_t)clen))
		return -1;
	*len = hs_sealed_size(&w->sealer, (uint32_t)clen);
	memcpy(r->tags + i * w->sealer.tag_size, w->cmp + *len - w->sealer.tag_size,
	       w->sealer.tag_size);
	return 0;
}

/* Chunk @i, as stored, from w->cmp: opened (sealed) and decompressed into w->unc. */
static int unpack_chunk(struct worker *w, size_t i)
{
	struct run *r = w->run;
	size_t clen;
	uint32_t n;

	if (is_plain(r->cons)) {
		memcpy(&clen, w->cmp, sizeof(clen));
		if (clen > LZO_WORST(CHUNK_BYTES))
			return -1;
		return decompress(r->comp, w->cmp + LZO_HEADER, clen, w->unc);
	}
	if (hs_sealer_open(&w->sealer, i + 1, w->cmp, LZO_WORST(CHUNK_BYTES), &n))
		return -1;
	return decompress(r->comp, w->cmp + sizeof(struct hibseal_chunk_header), n, w->unc);
}

/* Save one chunk: what a compression thread and the writer do for it. */
static int save_chunk(struct worker *w, size_t i)
{
	struct run *r = w->run;
	uint32_t len;

	memcpy(w->unc, r->input + i * CHUNK_BYTES, CHUNK_BYTES);
	if (r->cons == CONS_PLAIN)
		r->crc[i] = crc32_le(0, w->unc, CHUNK_BYTES);
	if (pack_chunk(w, i, &len))
		return -1;
	memcpy(r->slots + i * SLOT_BYTES, w->cmp, pages_of(len) * FILL_PAGE_SIZE);
	r->slot_len[i] = len;
	return 0;
}

/* Load one chunk: what the reader and a decompression thread do for it. */
static int load_chunk(struct worker *w, size_t i)
{
	struct run *r = w->run;

	memcpy(w->cmp, r->slots + i * SLOT_BYTES, pages_of(r->slot_len[i]) * FILL_PAGE_SIZE);
	if (unpack_chunk(w, i))
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
		w[t].wrk = malloc(wrk_bytes());
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

/*
 * The pipeline as shipped: save_compressed_image() and load_compressed_image() in lock step.
 * Each round the main thread hands one chunk to each worker (copying its pages in), waits for
 * the workers in order and copies their output out; a plain image's CRC32 thread runs over the
 * round's uncompressed buffers beside the workers (save) or after them (load, waited for before
 * the next round reuses the buffers), as upstream's crc32_threadfn() does.
 */
struct shipped {
	struct run *r;
	struct worker w[MAX_THREADS];
	sem_t go[MAX_THREADS], done[MAX_THREADS];
	size_t idx[MAX_THREADS];
	uint32_t len[MAX_THREADS];
	int ret[MAX_THREADS];
	int load;
	atomic_int quit;
	sem_t crc_go, crc_done;
	int crc_run;			/* buffers of this round */
	uint32_t crc;
};

struct shipped_job {
	struct shipped *p;
	int t;
};

static void *shipped_worker(void *arg)
{
	struct shipped_job *j = arg;
	struct shipped *p = j->p;
	int t = j->t;

	for (;;) {
		sem_wait(&p->go[t]);
		if (atomic_load(&p->quit))
			return NULL;
		p->ret[t] = p->load ? unpack_chunk(&p->w[t], p->idx[t]) :
				      pack_chunk(&p->w[t], p->idx[t], &p->len[t]);
		sem_post(&p->done[t]);
	}
}

static void *shipped_crc(void *arg)
{
	struct shipped *p = arg;

	for (;;) {
		sem_wait(&p->crc_go);
		if (atomic_load(&p->quit))
			return NULL;
		for (int t = 0; t < p->crc_run; t++)
			p->crc = crc32_le(p->crc, p->w[t].unc, CHUNK_BYTES);
		sem_post(&p->crc_done);
	}
}

/* Workers the kernel runs for this image on @cpus CPUs (hibernate_threads(), 0020). */
static int shipped_workers(enum construction c, int cpus)
{
	int n = is_plain(c) ? cpus - 1 : cpus;
	int max = is_plain(c) ? UPSTREAM_THREADS : SEALED_THREADS;

	return n < 1 ? 1 : n > max ? max : n;
}

/* One round: chunks from *@next handed out, collected in order. Return: chunks, or -1. */
static int shipped_round(struct shipped *p, int nr, size_t *next)
{
	struct run *r = p->r;
	int n = 0, failed = 0;

	for (; n < nr && *next < r->nr_chunks; n++) {
		size_t i = (*next)++;

		if (p->load)
			memcpy(p->w[n].cmp, r->slots + i * SLOT_BYTES,
			       pages_of(r->slot_len[i]) * FILL_PAGE_SIZE);
		else
			memcpy(p->w[n].unc, r->input + i * CHUNK_BYTES, CHUNK_BYTES);
		p->idx[n] = i;
		sem_post(&p->go[n]);
	}
	if (!p->load && r->cons == CONS_PLAIN && n) {
		p->crc_run = n;
		sem_post(&p->crc_go);
	}
	for (int t = 0; t < n; t++) {
		size_t i = p->idx[t];

		sem_wait(&p->done[t]);
		if (p->ret[t] || failed) {
			failed = 1;
			continue;
		}
		if (p->load) {
			memcpy(r->output + i * CHUNK_BYTES, p->w[t].unc, CHUNK_BYTES);
		} else {
			memcpy(r->slots + i * SLOT_BYTES, p->w[t].cmp,
			       pages_of(p->len[t]) * FILL_PAGE_SIZE);
			r->slot_len[i] = p->len[t];
		}
	}
	if (!p->load && r->cons == CONS_PLAIN && n)
		sem_wait(&p->crc_done);
	return failed ? -1 : n;
}

/* One timed pass as shipped on @cpus CPUs. Return: seconds, or -1. */
static double run_shipped(struct run *r, int cpus, int load)
{
	static struct shipped p;	/* large: MAX_THREADS workers and semaphores */
	struct shipped_job jobs[MAX_THREADS];
	pthread_t threads[MAX_THREADS], crc_thread;
	int nr = shipped_workers(r->cons, cpus), started = 0, crc_started = 0, n = 0;
	int crc_pending = 0, failed = 0;
	size_t next = 0;
	double t0, t1;

	memset(&p, 0, sizeof(p));
	p.r = r;
	p.load = load;
	if (workers_init(p.w, nr, r))
		return -1;
	sem_init(&p.crc_go, 0, 0);
	sem_init(&p.crc_done, 0, 0);
	for (int t = 0; t < nr; t++) {
		sem_init(&p.go[t], 0, 0);
		sem_init(&p.done[t], 0, 0);
	}
	for (; started < nr; started++) {
		jobs[started] = (struct shipped_job){ .p = &p, .t = started };
		if (pthread_create(&threads[started], NULL, shipped_worker, &jobs[started])) {
			failed = 1;
			break;
		}
	}
	if (!failed && r->cons == CONS_PLAIN) {
		if (pthread_create(&crc_thread, NULL, shipped_crc, &p))
			failed = 1;
		else
			crc_started = 1;
	}
	t0 = now();
	while (!failed && next < r->nr_chunks) {
		if (crc_pending) {
			sem_wait(&p.crc_done);
			crc_pending = 0;
		}
		n = shipped_round(&p, nr, &next);
		if (n < 0)
			failed = 1;
		else if (load && crc_started) {
			p.crc_run = n;
			sem_post(&p.crc_go);
			crc_pending = 1;
		}
	}
	if (crc_pending)
		sem_wait(&p.crc_done);
	if (!failed && r->cons == CONS_PLAIN) {
		if (!load)
			r->crc_chain = p.crc;
		else if (p.crc != r->crc_chain)
			failed = 1;
	}
	if (!failed && !is_plain(r->cons) && image_mac(r, p.w[0].sealer.tag_size))
		failed = 1;
	t1 = now();
	atomic_store(&p.quit, 1);
	for (int t = 0; t < started; t++) {
		sem_post(&p.go[t]);
		pthread_join(threads[t], NULL);
	}
	if (crc_started) {
		sem_post(&p.crc_go);
		pthread_join(crc_thread, NULL);
	}
	for (int t = 0; t < nr; t++) {
		sem_destroy(&p.go[t]);
		sem_destroy(&p.done[t]);
	}
	sem_destroy(&p.crc_go);
	sem_destroy(&p.crc_done);
	workers_free(p.w, nr);
	return failed ? -1 : t1 - t0;
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
	enum comp comps[COMP_NR];
	int nr_comps;
	int cpus;			/* shipped runs: the CPUs the kernel would see online */
	int smoke;
	FILE *out;
};

/*
 * One algorithm alone over every chunk of @buf: 0-1 LZO compress and decompress, 2-3 LZ4
 * compress and decompress, 4-5 seal, 6 CRC32.
 */
static int time_algorithm(int a, const uint8_t *buf, size_t nr, uint8_t *comp, size_t *clen,
			  uint8_t *unc, void *wrk, struct hs_sealer *s, double *secs)
{
	double t0 = now();

	for (size_t i = 0; i < nr; i++) {
		switch (a) {
		case 0:
		case 2:
			if (compress(a ? COMP_LZ4 : COMP_LZO, buf + i * CHUNK_BYTES, CHUNK_BYTES,
				     comp + i * SLOT_BYTES, &clen[i], wrk))
				return -1;
			break;
		case 1:
		case 3:
			if (decompress(a == 3 ? COMP_LZ4 : COMP_LZO, comp + i * SLOT_BYTES, clen[i],
				       unc))
				return -1;
			break;
		case 4:
		case 5:		/* sealed in place, over and over: the bytes do not matter */
			if (hs_sealer_seal(&s[a - 4], i, 0, unc, CHUNK_BYTES))
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
		"lzo1x-1-compress", "lzo1x-decompress", "lz4-compress", "lz4-decompress",
		"aes-256-ctr+hmac-sha256", "aes-256-gcm", "crc32-slice-by-8",
	};
	size_t nr = bytes / CHUNK_BYTES;
	uint8_t *comp = malloc(nr * SLOT_BYTES), *wrk = malloc(wrk_bytes());
	uint8_t *unc = malloc(SLOT_BYTES);
	size_t *clen = calloc(nr, sizeof(*clen));
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
		for (int a = 0; a < (int)(sizeof(names) / sizeof(names[0])); a++) {
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

/* Every construction with every compressor, 1..N workers each taking whole chunks. */
static int bench_pipeline(const struct options *o, struct run *r, int mix, int rep)
{
	static const char *const dir[] = { "save", "load" };

	for (int t = 0; t < o->nr_threads; t++) {
		for (int k = 0; k < o->nr_comps; k++) {
			for (int c = 0; c < CONS_NR; c++) {
				int first = rep == 1 && t == 0;
				double secs[2];

				r->cons = c;
				r->comp = o->comps[k];
				for (int load = 0; load < 2; load++) {
					/* The checked load must restore the input, not find it. */
					if (load && first)
						memset(r->output, 0xee, r->nr_chunks * CHUNK_BYTES);
					secs[load] = run_pass(r, o->threads[t], load);
					if (secs[load] < 0) {
						fprintf(stderr, "hsbench: %s %s %s %s failed\n",
							fill_mix_name(mix), cons_names[c],
							comp_names[r->comp], dir[load]);
						return -1;
					}
				}
				if (first && check_roundtrip(r, o->threads[t]))
					return -1;
				for (int load = 0; load < 2; load++)
					fprintf(o->out,
						"pipeline\t%s\t%s\t%s\t%s\t%d\t%d\t%.6f\t%zu\t%zu\n",
						fill_mix_name(mix), cons_names[c], comp_names[r->comp],
						dir[load], o->threads[t], rep, secs[load],
						r->nr_chunks * CHUNK_BYTES, disk_bytes(r));
			}
		}
	}
	return 0;
}

/* Plain and each sealed construction as the kernel runs them on o->cpus CPUs. */
static int bench_shipped(const struct options *o, struct run *r, int mix, int rep)
{
	static const char *const dir[] = { "save", "load" };
	static const enum construction shipped[] = { CONS_PLAIN, CONS_CTR_HMAC, CONS_GCM };

	for (int k = 0; k < o->nr_comps; k++) {
		for (size_t c = 0; c < sizeof(shipped) / sizeof(shipped[0]); c++) {
			double secs[2];

			r->cons = shipped[c];
			r->comp = o->comps[k];
			for (int load = 0; load < 2; load++) {
				if (load)
					memset(r->output, 0xee, r->nr_chunks * CHUNK_BYTES);
				secs[load] = run_shipped(r, o->cpus, load);
				if (secs[load] < 0 || (load && memcmp(r->output, r->input,
								      r->nr_chunks * CHUNK_BYTES))) {
					fprintf(stderr, "hsbench: shipped %s %s %s %s failed\n",
						fill_mix_name(mix), cons_names[r->cons],
						comp_names[r->comp], dir[load]);
					return -1;
				}
			}
			for (int load = 0; load < 2; load++)
				fprintf(o->out, "shipped\t%s\t%s\t%s\t%s\t%d\t%d\t%.6f\t%zu\t%zu\n",
					fill_mix_name(mix), cons_names[r->cons], comp_names[r->comp],
					dir[load], shipped_workers(r->cons, o->cpus), rep, secs[load],
					r->nr_chunks * CHUNK_BYTES, disk_bytes(r));
		}
	}
	return 0;
}

static int bench_mix(const struct options *o, struct run *r, int mix)
{
	fill_pages((uint8_t *)r->input, r->nr_chunks * CHUNK_PAGES, mix, 0x6869627365616cULL);
	for (int rep = 1; rep <= o->runs; rep++)
		if (bench_pipeline(o, r, mix, rep) || bench_shipped(o, r, mix, rep))
			return -1;
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
	fprintf(out, "info\topenssl\t%s\ninfo\tlzo\t%s\ninfo\tlz4\t%s\n",
		OpenSSL_version(OPENSSL_VERSION), lzo_version_string(), LZ4_versionString());
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hsbench [--size MIB] [--runs N] [--threads N[,N...]] [--mix NAME|all]\n"
		"               [--comp lzo|lz4|all] [--cpus N] [--out FILE] [--smoke]\n"
		"  --size     MiB of memory contents per run (default 256; --smoke: 8)\n"
		"  --runs     repetitions of each measurement (default 5; --smoke: 1)\n"
		"  --threads  worker threads to try (default 1 up to the online cores)\n"
		"  --mix      incompressible, typical, mostly-zero or all (default all)\n"
		"  --comp     the compressor, as hibernate.compressor= names it (default all)\n"
		"  --cpus     CPUs the shipped runs size their threads for (default the online cores)\n"
		"Prints tab-separated lines: 'info KEY VALUE', 'pipeline MIX CONSTRUCTION COMPRESSOR\n"
		"save|load THREADS REP SECONDS INPUT_BYTES DISK_BYTES', the same with 'shipped' and\n"
		"WORKERS for the runs as the kernel runs them, 'algorithm NAME REP SECONDS BYTES'.\n");
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
		{ "comp", required_argument, NULL, 'c' }, { "cpus", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
	};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int c, mix, set_size = 0, set_runs = 0;

	*o = (struct options){ .mib = 256, .runs = 5, .out = stdout, .cpus = (int)cores,
			       .comps = { COMP_LZO, COMP_LZ4 }, .nr_comps = COMP_NR };
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
		case 'c':
			o->nr_comps = 0;
			for (int k = 0; k < COMP_NR; k++)
				if (!strcmp(optarg, "all") || !strcmp(optarg, comp_names[k]))
					o->comps[o->nr_comps++] = k;
			if (!o->nr_comps)
				return -1;
			break;
		case 'C':
			o->cpus = atoi(optarg);
			if (o->cpus < 1 || o->cpus > MAX_THREADS)
				return -1;
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
