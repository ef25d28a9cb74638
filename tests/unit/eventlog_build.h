/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Made-up TCG event logs (crypto agile, as the kernel exposes the firmware's) for the userspace
 * unit tests: a Spec ID header naming one or two banks, events with fixed digests, and UEFI
 * variable events. Used by test_eventlog.c and test_bootentry.c.
 */
#ifndef HIBSEAL_EVENTLOG_BUILD_H
#define HIBSEAL_EVENTLOG_BUILD_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testfs.h"

#define LOG_REL "sys/kernel/security/tpm0/binary_bios_measurements"

/* The two vendor GUIDs of the Secure Boot variables, as the log stores them (mixed endian). */
static const uint8_t guid_global[16] = { 0x61, 0xdf, 0xe4, 0x8b, 0xca, 0x93, 0xd2, 0x11,
					 0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03, 0x2b, 0x8c };
static const uint8_t guid_security[16] = { 0xcb, 0xb2, 0x19, 0xd7, 0x3a, 0x3d, 0x96, 0x45,
					   0xa3, 0xbc, 0xda, 0xd0, 0x0e, 0x67, 0x65, 0x6f };

struct logbuf {
	uint8_t b[8192];
	size_t n;
	size_t bound[32];	/* where each event ends */
	int nr_bounds;
	int banks;		/* 1: sha256; 2: sha1 and sha256 */
};

static inline void put_bytes(struct logbuf *l, const void *p, size_t n)
{
	memcpy(l->b + l->n, p, n);
	l->n += n;
}

static inline void put32(struct logbuf *l, uint32_t v)
{
	uint8_t b[4] = { v, v >> 8, v >> 16, v >> 24 };

	put_bytes(l, b, 4);
}

static inline void put16(struct logbuf *l, uint16_t v)
{
	uint8_t b[2] = { v, v >> 8 };

	put_bytes(l, b, 2);
}

static inline void put64(struct logbuf *l, uint64_t v)
{
	put32(l, (uint32_t)v);
	put32(l, (uint32_t)(v >> 32));
}

/* The first event (SHA-1 format): the Spec ID header naming the banks. */
static inline void log_start(struct logbuf *l, int banks, const char *signature)
{
	static const uint8_t zero[20];
	uint32_t size = 16 + 4 + 4 + 4 + 4 * banks + 1;

	memset(l, 0, sizeof(*l));
	l->banks = banks;
	put32(l, 0);
	put32(l, 3);			/* EV_NO_ACTION */
	put_bytes(l, zero, 20);
	put32(l, size);
	put_bytes(l, signature, 16);
	put32(l, 0);			/* platformClass */
	put_bytes(l, "\0\2\0\2", 4);	/* spec version 2.0, errata, uintnSize */
	put32(l, banks);
	if (banks == 2) {
		put16(l, 0x0004);	/* SHA-1 */
		put16(l, 20);
	}
	put16(l, 0x000b);		/* SHA-256 */
	put16(l, 32);
	put_bytes(l, "", 1);		/* vendorInfoSize 0 */
	l->bound[l->nr_bounds++] = l->n;
}

static inline void log_event(struct logbuf *l, uint32_t pcr, uint32_t type, const void *data,
		      uint32_t size)
{
	static const uint8_t digest[32] = { 0xaa };

	put32(l, pcr);
	put32(l, type);
	put32(l, l->banks);
	if (l->banks == 2) {
		put16(l, 0x0004);
		put_bytes(l, digest, 20);
	}
	put16(l, 0x000b);
	put_bytes(l, digest, 32);
	put32(l, size);
	put_bytes(l, data, size);
	l->bound[l->nr_bounds++] = l->n;
}

/* A UEFI variable event of @type for @name holding @data. */
static inline void log_var_event(struct logbuf *l, uint32_t pcr, uint32_t type,
				 const uint8_t *guid, const char *name, const void *data, size_t len)
{
	struct logbuf ev = { .n = 0 };

	put_bytes(&ev, guid, 16);
	put64(&ev, strlen(name));
	put64(&ev, len);
	for (const char *c = name; *c; c++)
		put16(&ev, (uint8_t)*c);
	put_bytes(&ev, data, len);
	log_event(l, pcr, type, ev.b, (uint32_t)ev.n);
}

/* An EV_EFI_VARIABLE_DRIVER_CONFIG event for @name holding @data. */
static inline void log_var(struct logbuf *l, uint32_t pcr, const uint8_t *guid, const char *name,
			   const void *data, size_t len)
{
	log_var_event(l, pcr, 0x80000001, guid, name, data, len);
}

static inline void write_log(const char *root, const struct logbuf *l, size_t n)
{
	if (put(root, LOG_REL, l->b, n))
		printf("# could not write the log\n");
}


/* An EV_EFI_ACTION event (PCR 4): the firmware's "Calling EFI Application from Boot Option". */
static inline void log_boot_attempt(struct logbuf *l)
{
	static const char calling[] = "Calling EFI Application from Boot Option";

	log_event(l, 4, 0x80000007, calling, sizeof(calling) - 1);
}

#endif
