// SPDX-License-Identifier: GPL-2.0
/*
 * hs_sb_changed(): the Secure Boot variables that changed since this boot measured them.
 *
 * A sealed image can only be opened by a boot whose PCR 7 equals the one that sealed its key,
 * and PCR 7 holds, among others, the contents of SecureBoot, PK, KEK, db and dbx as the
 * firmware found them at boot (EV_EFI_VARIABLE_DRIVER_CONFIG events). An update written to one
 * of them now (a dbx update from fwupd, a new db key) takes effect at the next boot: that boot
 * measures another PCR 7 and cannot open an image written before it. The firmware's TCG event
 * log says what this boot measured; efivarfs says what the variables hold now.
 *
 * The log is the kernel's copy (securityfs, binary_bios_measurements), in the TCG PC Client
 * crypto-agile format: a first event in the SHA-1 format whose data is the "Spec ID Event03"
 * header (the digest sizes), then TCG_PCR_EVENT2 records. Every length is checked against the
 * log's end before it is used.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_private.h"

#define EVENTLOG_PATH "sys/kernel/security/tpm0/binary_bios_measurements"
#define EFIVARS_DIR "sys/firmware/efi/efivars"
#define EVENTLOG_MAX (4u << 20)
#define EFIVAR_MAX (1u << 20)

#define EV_NO_ACTION 0x00000003u
#define EV_IPL 0x0000000du
#define EV_EFI_VARIABLE_DRIVER_CONFIG 0x80000001u
#define EV_EFI_VARIABLE_BOOT 0x80000002u
#define EV_EFI_ACTION 0x80000007u
#define EV_EFI_VARIABLE_BOOT2 0x8000000cu
#define SPEC_ID_SIGNATURE "Spec ID Event03"
#define MAX_ALGS 8

struct log_reader {
	const uint8_t *p, *end;
	unsigned int nr_algs;
	uint16_t alg_id[MAX_ALGS], alg_size[MAX_ALGS];
};

static int take(struct log_reader *r, size_t n, const uint8_t **at)
{
	if ((size_t)(r->end - r->p) < n)
		return -EBADMSG;
	*at = r->p;
	r->p += n;
	return 0;
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static uint16_t le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

/* The first event: SHA-1 format, its data the Spec ID header with the digest sizes. */
static int read_spec_id(struct log_reader *r)
{
	const uint8_t *hdr, *ev, *alg;
	uint32_t size, n;

	if (take(r, 32, &hdr))
		return -EBADMSG;
	size = le32(hdr + 28);
	if (le32(hdr + 4) != EV_NO_ACTION || take(r, size, &ev))
		return -EBADMSG;
	/* signature[16], platformClass, 4 version bytes, numberOfAlgorithms */
	if (size < 28 || memcmp(ev, SPEC_ID_SIGNATURE, sizeof(SPEC_ID_SIGNATURE)))
		return -EPROTONOSUPPORT;	/* a SHA-1-only (TPM 1.2) log */
	n = le32(ev + 24);
	if (n == 0 || n > MAX_ALGS || size < 28 + 4 * n)
		return -EBADMSG;
	r->nr_algs = n;
	for (unsigned int i = 0; i < n; i++) {
		alg = ev + 28 + 4 * i;
		r->alg_id[i] = le16(alg);
		r->alg_size[i] = le16(alg + 2);
		if (r->alg_size[i] == 0 || r->alg_size[i] > 64)
			return -EBADMSG;
	}
	return 0;
}

/* The next TCG_PCR_EVENT2: its PCR, type and data. Return: 0, 1 at the end, -EBADMSG. */
static int next_event(struct log_reader *r, uint32_t *pcr, uint32_t *type, const uint8_t **data,
		      uint32_t *size)
{
	const uint8_t *hdr, *d;
	uint32_t count;

	if (r->p == r->end)
		return 1;
	if (take(r, 12, &hdr))
		return -EBADMSG;
	*pcr = le32(hdr);
	*type = le32(hdr + 4);
	count = le32(hdr + 8);
	if (count > r->nr_algs)
		return -EBADMSG;
	for (uint32_t i = 0; i < count; i++) {
		unsigned int a;

		if (take(r, 2, &d))
			return -EBADMSG;
		for (a = 0; a < r->nr_algs && r->alg_id[a] != le16(d); a++)
			;
		if (a == r->nr_algs || take(r, r->alg_size[a], &d))
			return -EBADMSG;
	}
	if (take(r, 4, &d))
		return -EBADMSG;
	*size = le32(d);
	return take(r, *size, data) ? -EBADMSG : 0;
}

/* Read all of @path (at most @max bytes) into a new buffer. Return: its size, or -errno. */
static long read_file(const char *path, size_t max, uint8_t **buf)
{
	size_t n = 0, cap = 4096;
	uint8_t *b = malloc(cap), *nb;
	FILE *f = fopen(path, "re");

	if (!b || !f) {
		int err = b ? errno : ENOMEM;

		free(b);
		if (f)
			fclose(f);
		return -err;
	}
	for (;;) {
		n += fread(b + n, 1, cap - n, f);
		if (n < cap || cap >= max + 1)
			break;
		cap *= 2;
		nb = realloc(b, cap);
		if (!nb) {
			free(b);
			fclose(f);
			return -ENOMEM;
		}
		b = nb;
	}
	fclose(f);
	if (n > max) {
		free(b);
		return -EFBIG;
	}
	*buf = b;
	return (long)n;
}

/*
 * The event log under @root, read into @log (the caller frees it), and @r placed after its
 * Spec ID header. Return: 0, or -errno (and nothing to free).
 */
static int open_log(const char *root, struct log_reader *r, uint8_t **log)
{
	char path[512];
	long n;
	int err;

	snprintf(path, sizeof(path), "%s/%s", root ? root : "", EVENTLOG_PATH);
	n = read_file(path, EVENTLOG_MAX, log);
	if (n < 0)
		return (int)n;
	memset(r, 0, sizeof(*r));
	r->p = *log;
	r->end = *log + n;
	err = read_spec_id(r);
	if (err) {
		free(*log);
		*log = NULL;
	}
	return err;
}

/*
 * One measured variable (UEFI_VARIABLE_DATA: the vendor GUID, the name's length in UTF-16
 * characters, the data's length, the name, the data): compared with what efivarfs holds now
 * (four bytes of attributes, then the data). An ASCII name goes into @name. Return: 1 changed,
 * 0 the same, -EBADMSG malformed.
 */
static int variable_changed(const char *root, const uint8_t *ev, uint32_t size, char *name,
			    size_t name_size)
{
	uint64_t name_len, data_len;
	const uint8_t *g, *data;
	char path[1024];
	uint8_t *now = NULL;
	long n;
	int changed;

	if (size < 32)
		return -EBADMSG;
	g = ev;
	name_len = le64(ev + 16);
	data_len = le64(ev + 24);
	if (name_len == 0 || name_len >= name_size || name_len > (size - 32) / 2 ||
	    data_len > size - 32 - 2 * name_len)
		return -EBADMSG;
	for (uint64_t i = 0; i < name_len; i++) {
		uint16_t c = le16(ev + 32 + 2 * i);

		if (c < 0x21 || c > 0x7e || c == '/')
			return -EBADMSG;
		name[i] = (char)c;
	}
	name[name_len] = '\0';
	data = ev + 32 + 2 * name_len;
	snprintf(path, sizeof(path),
		 "%s/%s/%s-%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x", root, EFIVARS_DIR,
		 name, le32(g), le16(g + 4), le16(g + 6), g[8], g[9], g[10], g[11], g[12], g[13],
		 g[14], g[15]);
	n = read_file(path, EFIVAR_MAX, &now);
	if (n == -ENOENT)
		return data_len != 0;	/* deleted since (an absent dbx is measured empty) */
	if (n < 0)
		return 1;		/* unreadable: it cannot be shown to be the same */
	changed = n < 4 || (uint64_t)(n - 4) != data_len || memcmp(now + 4, data, data_len);
	free(now);
	return changed;
}

/* Append @name to the comma-separated @list, unless it is there. Return: 1 appended, 0 not. */
static int list_add(char *list, size_t size, const char *name)
{
	size_t used = strlen(list), len = strlen(name);

	for (const char *p = list; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
		if (strcspn(p, ",") == len && !strncmp(p, name, len))
			return 0;
	}
	snprintf(list + used, size - used, "%s%s", used ? "," : "", name);
	return 1;
}

/* A measured variable event: its name added to @changed if the variable differs now. Return:
 * 1 added, 0 not (the same, or listed already), or -errno.
 */
static int note_changed(const char *root, const uint8_t *ev, uint32_t len, char *changed,
			size_t size)
{
	char name[64];
	int r = variable_changed(root, ev, len, name, sizeof(name));

	return r == 1 ? list_add(changed, size, name) : r;
}

int hs_sb_changed(const char *root, char *changed, size_t size)
{
	struct log_reader r = { 0 };
	const uint8_t *data;
	uint32_t pcr, type, len;
	uint8_t *log = NULL;
	int nr = 0, err;

	if (!root)
		root = "";
	changed[0] = '\0';
	err = open_log(root, &r, &log);
	if (err)
		return err;
	while (!err && !(err = next_event(&r, &pcr, &type, &data, &len))) {
		if (pcr != 7 || type != EV_EFI_VARIABLE_DRIVER_CONFIG)
			continue;
		err = note_changed(root, data, len, changed, size);
		if (err < 0)
			break;
		nr += err;
		err = 0;
	}
	free(log);
	return err < 0 ? err : nr;
}

int hs_grub_cmds(const char *root, unsigned int *flags)
{
	static const char boot_once[] = "grub_cmd: set boot_once=true";
	static const char load_env[] = "grub_cmd: load_env";
	struct log_reader r = { 0 };
	const uint8_t *data;
	uint32_t pcr, type, len;
	uint8_t *log = NULL;
	int err;

	*flags = 0;
	err = open_log(root, &r, &log);
	if (err)
		return err;
	while (!err && !(err = next_event(&r, &pcr, &type, &data, &len))) {
		if (pcr != 8 || type != EV_IPL)
			continue;
		/* GRUB's description, NUL-terminated: "grub_cmd: " and the expanded command. */
		if (len >= sizeof(boot_once) && !memcmp(data, boot_once, sizeof(boot_once)))
			*flags |= HS_GRUB_BOOT_ONCE;
		if (len >= sizeof(load_env) - 1 && !memcmp(data, load_env, sizeof(load_env) - 1) &&
		    (len == sizeof(load_env) - 1 || data[sizeof(load_env) - 1] == '\0' ||
		     data[sizeof(load_env) - 1] == ' '))
			*flags |= HS_GRUB_LOAD_ENV;
		*flags |= HS_GRUB_MEASURED;
	}
	free(log);
	return err < 0 ? err : 0;
}

int hs_fw_boot_path(const char *root, int *attempts, char *changed, size_t size)
{
	static const char calling[] = "Calling EFI Application from Boot Option";
	struct log_reader r = { 0 };
	const uint8_t *data;
	uint32_t pcr, type, len;
	uint8_t *log = NULL;
	int err;

	if (!root)
		root = "";
	*attempts = 0;
	changed[0] = '\0';
	err = open_log(root, &r, &log);
	if (err)
		return err;
	while (!err && !(err = next_event(&r, &pcr, &type, &data, &len))) {
		if (pcr == 4 && type == EV_EFI_ACTION && len >= sizeof(calling) - 1 &&
		    !memcmp(data, calling, sizeof(calling) - 1)) {
			(*attempts)++;
		} else if (pcr == 1 && (type == EV_EFI_VARIABLE_BOOT ||
					type == EV_EFI_VARIABLE_BOOT2)) {
			err = note_changed(root, data, len, changed, size);
			if (err < 0)
				break;
			err = 0;
		}
	}
	free(log);
	return err < 0 ? err : 0;
}

/* shim's requests for MokManager at the next boot, which then changes what PCR 14 holds. */
int hs_mok_pending(const char *root, char *pending, size_t size)
{
	static const char *const vars[] = { "MokNew", "MokDel", "MokXNew", "MokXDel", "MokSB",
					    "MokPW", "MokDB" };
	char path[512];
	int nr = 0;

	if (!root)
		root = "";
	pending[0] = '\0';
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s/%s-605dab50-e046-4300-abb6-3dd810dd8b23", root,
			 EFIVARS_DIR, vars[i]);
		f = fopen(path, "re");
		if (!f)
			continue;
		fclose(f);
		nr += list_add(pending, size, vars[i]);
	}
	return nr;
}
