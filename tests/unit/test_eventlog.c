// SPDX-License-Identifier: GPL-2.0
/*
 * hs_sb_changed() and hs_mok_pending() (userspace/uswsusp/lib/eventlog.c) on made-up TCG event
 * logs and efivarfs trees, and the verdict hibseal status gives for what they find: a Secure
 * Boot variable or a MOK request that the next boot applies makes an image sealed now
 * unopenable.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../userspace/uswsusp/lib/lib_private.h"
#include "tap.h"
#include "testfs.h"
#include "eventlog_build.h"

#define VARS_REL "sys/firmware/efi/efivars"
#define EFI_GLOBAL "8be4df61-93ca-11d2-aa0d-00e098032b8c"
#define EFI_IMAGE_SECURITY "d719b2cb-3d3a-4596-a3bc-dad00e67656f"
#define SHIM_LOCK "605dab50-e046-4300-abb6-3dd810dd8b23"

/* efivarfs: four bytes of attributes, then the data. */
static void put_var(const char *root, const char *name, const char *guid, const void *data,
		    size_t len)
{
	char rel[256];
	uint8_t buf[512] = { 0x27, 0, 0, 0 };

	snprintf(rel, sizeof(rel), "%s/%s-%s", VARS_REL, name, guid);
	memcpy(buf + 4, data, len);
	if (put(root, rel, buf, len + 4))
		printf("# could not write %s\n", rel);
}

static void rm_var(const char *root, const char *name, const char *guid)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s/%s-%s", root, VARS_REL, name, guid);
	unlink(path);
}

static const uint8_t sb_on[1] = { 1 }, pk[40] = { 0x50 }, kek[60] = { 0x4b }, db[80] = { 0xdb },
		     dbx[48] = { 0xdf };

/* The machine as it booted: the five variables measured into PCR 7 and held in efivarfs. */
static void booted(const char *root, struct logbuf *l, int banks)
{
	log_start(l, banks, "Spec ID Event03");
	log_event(l, 0, 0x80000008, "firmware", 8);	/* EV_EFI_PLATFORM_FIRMWARE_BLOB */
	log_var(l, 7, guid_global, "SecureBoot", sb_on, sizeof(sb_on));
	log_var(l, 7, guid_global, "PK", pk, sizeof(pk));
	log_var(l, 7, guid_global, "KEK", kek, sizeof(kek));
	log_var(l, 7, guid_security, "db", db, sizeof(db));
	log_var(l, 7, guid_security, "dbx", dbx, sizeof(dbx));
	log_event(l, 7, 4, "\0\0\0\0", 4);		/* EV_SEPARATOR */
	put_var(root, "SecureBoot", EFI_GLOBAL, sb_on, sizeof(sb_on));
	put_var(root, "PK", EFI_GLOBAL, pk, sizeof(pk));
	put_var(root, "KEK", EFI_GLOBAL, kek, sizeof(kek));
	put_var(root, "db", EFI_IMAGE_SECURITY, db, sizeof(db));
	put_var(root, "dbx", EFI_IMAGE_SECURITY, dbx, sizeof(dbx));
}

static void cleanup(const char *root)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		printf("# could not remove %s\n", root);
}

/* A case: a fresh root booted with @banks, changed by @change, expecting @want and @names. */
static void check(const char *name, int banks, void (*change)(const char *, struct logbuf *),
		  int want, const char *names)
{
	char root[] = "/tmp/hs-eventlog-XXXXXX", got[128];
	struct logbuf l;
	int n;

	if (!mkdtemp(root)) {
		tap(0, "unit.eventlog.%s", name);
		return;
	}
	booted(root, &l, banks);
	if (change)
		change(root, &l);
	write_log(root, &l, l.n);
	n = hs_sb_changed(root, got, sizeof(got));
	if (!tap(n == want && !strcmp(got, names), "unit.eventlog.%s", name))
		printf("# got %d '%s', expected %d '%s'\n", n, got, want, names);
	cleanup(root);
}

static void dbx_updated(const char *root, struct logbuf *l)
{
	uint8_t more[96] = { 0xdf };

	(void)l;
	more[50] = 0x01;	/* an appended revocation */
	put_var(root, "dbx", EFI_IMAGE_SECURITY, more, sizeof(more));
}

static void db_deleted(const char *root, struct logbuf *l)
{
	(void)l;
	rm_var(root, "db", EFI_IMAGE_SECURITY);
}

static void db_and_dbx_changed_twice_measured(const char *root, struct logbuf *l)
{
	uint8_t other[80] = { 0x01 };

	/* A second measurement of dbx (as the log has it) must not name it twice. */
	log_var(l, 7, guid_security, "dbx", dbx, sizeof(dbx));
	put_var(root, "db", EFI_IMAGE_SECURITY, other, sizeof(other));
	dbx_updated(root, l);
}

static void dbx_absent_measured_empty(const char *root, struct logbuf *l)
{
	rm_var(root, "dbx", EFI_IMAGE_SECURITY);
	log_var(l, 7, guid_security, "dbt", "", 0);
}

static void other_pcr_changed(const char *root, struct logbuf *l)
{
	static const uint8_t boot[8] = { 1 };
	uint8_t now[8] = { 2 };

	/* The boot order is measured into PCR 1: its changes are not PCR 7's. */
	log_var(l, 1, guid_global, "BootOrder", boot, sizeof(boot));
	put_var(root, "BootOrder", EFI_GLOBAL, now, sizeof(now));
}

static void truncated_every_byte(void)
{
	char root[] = "/tmp/hs-eventlog-XXXXXX", got[128];
	int bad = 0, cuts = 0;
	struct logbuf l;

	if (!mkdtemp(root)) {
		tap(0, "unit.eventlog.truncated");
		return;
	}
	booted(root, &l, 2);
	for (size_t n = 1; n < l.n; n++) {
		bool boundary = false;
		int r;

		for (int i = 0; i < l.nr_bounds; i++)
			boundary |= l.bound[i] == n;
		write_log(root, &l, n);
		r = hs_sb_changed(root, got, sizeof(got));
		cuts++;
		/* Cut at an event's end: a shorter, valid log; inside one: malformed. */
		if (boundary ? r != 0 : r != -EBADMSG) {
			if (bad++ < 3)
				printf("# cut at %zu: %d\n", n, r);
		}
	}
	tap(!bad, "unit.eventlog.truncated");
	printf("# %d cuts of a %zu-byte log\n", cuts, l.n);
	cleanup(root);
}

/* One field of the good log made impossible: each must be refused as malformed. */
static void malformed(void)
{
	static const struct {
		const char *name;
		size_t at;	/* offset from the start of the first PCR 7 variable event */
		uint8_t value;
	} cases[] = {
		{ "digest-count", 8, 9 },		/* more digests than banks */
		{ "unknown-bank", 12, 0x99 },		/* a digest of an algorithm not announced */
		{ "event-size", 12 + 2 + 32 + 3, 0x7f },	/* past the log's end */
		{ "name-length", 12 + 2 + 32 + 4 + 16 + 7, 0x40 },
		{ "data-length", 12 + 2 + 32 + 4 + 24 + 7, 0x40 },
		{ "name-not-ascii", 12 + 2 + 32 + 4 + 32 + 1, 0x01 },
	};
	char root[] = "/tmp/hs-eventlog-XXXXXX", got[128];
	struct logbuf l;

	if (!mkdtemp(root)) {
		tap(0, "unit.eventlog.malformed");
		return;
	}
	booted(root, &l, 1);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct logbuf bad = l;
		int r;

		bad.b[l.bound[1] + cases[i].at] = cases[i].value;
		write_log(root, &bad, bad.n);
		r = hs_sb_changed(root, got, sizeof(got));
		if (!tap(r == -EBADMSG, "unit.eventlog.malformed.%s", cases[i].name))
			printf("# got %d\n", r);
	}
	/* The positive control: the same log unchanged parses. */
	write_log(root, &l, l.n);
	tap(hs_sb_changed(root, got, sizeof(got)) == 0, "unit.eventlog.malformed.control");
	cleanup(root);
}

static void formats(void)
{
	char root[] = "/tmp/hs-eventlog-XXXXXX", got[128];
	struct logbuf l;

	if (!mkdtemp(root)) {
		tap(0, "unit.eventlog.formats");
		return;
	}
	tap(hs_sb_changed(root, got, sizeof(got)) == -ENOENT, "unit.eventlog.no-log");
	log_start(&l, 1, "Spec ID Event02");	/* a TPM 1.2 (SHA-1 only) log's header */
	write_log(root, &l, l.n);
	tap(hs_sb_changed(root, got, sizeof(got)) == -EPROTONOSUPPORT, "unit.eventlog.sha1-log");
	cleanup(root);
}

static void mok(void)
{
	char root[] = "/tmp/hs-eventlog-XXXXXX", got[128];
	int n;

	if (!mkdtemp(root)) {
		tap(0, "unit.eventlog.mok");
		return;
	}
	put_var(root, "MokListRT", SHIM_LOCK, "x", 1);	/* not a request */
	n = hs_mok_pending(root, got, sizeof(got));
	tap(n == 0 && !got[0], "unit.eventlog.mok-none");
	put_var(root, "MokNew", SHIM_LOCK, "x", 1);
	put_var(root, "MokSB", SHIM_LOCK, "x", 1);
	n = hs_mok_pending(root, got, sizeof(got));
	if (!tap(n == 2 && !strcmp(got, "MokNew,MokSB"), "unit.eventlog.mok-pending"))
		printf("# got %d '%s'\n", n, got);
	cleanup(root);
}

/* hibseal status' verdict: sealing ready, but the next boot would not open the image. */
static void verdicts(void)
{
	struct hs_status st = { .lockdown = "integrity", .secure_boot = 1, .tpm_version = 2,
				.seal = "ready", .disk_offered = true, .resume = "254:16",
				.nr_swaps = 1, .swap = { { "/dev/vdb", "partition", 262140 } },
				.boot = { .selected = "hs.efi" } };
	char why[512];
	bool ok;

	ok = hs_status_explain(&st, why, sizeof(why));
	tap(ok && strstr(why, "available, sealed"), "unit.eventlog.verdict.control");
	st.sb_check = 1;
	snprintf(st.sb_changed, sizeof(st.sb_changed), "dbx");
	ok = hs_status_explain(&st, why, sizeof(why));
	if (!tap(!ok && strstr(why, "variable(s) dbx changed") && hs_status_fix(&st) &&
		 !strncmp(hs_status_fix(&st), "Reboot first", 12), "unit.eventlog.verdict.sb-changed"))
		printf("# %s\n", why);
	st.sb_check = -ENOENT;
	st.sb_changed[0] = '\0';
	snprintf(st.mok_pending, sizeof(st.mok_pending), "MokNew");
	ok = hs_status_explain(&st, why, sizeof(why));
	if (!tap(!ok && strstr(why, "MokManager has pending requests (MokNew)") &&
		 hs_status_fix(&st) && strstr(hs_status_fix(&st), "MokManager"),
		 "unit.eventlog.verdict.mok-pending"))
		printf("# %s\n", why);
}

/* A GRUB boot's commands in PCR 8 (EV_IPL, GRUB's NUL-terminated descriptions). */
static void grub_cmd(struct logbuf *l, const char *cmd)
{
	log_event(l, 8, 0x0d, cmd, (uint32_t)strlen(cmd) + 1);
}

/*
 * hs_grub_cmds(), and hs_boot_entries() on a GRUB machine with that log: a boot that used up a
 * grub-reboot entry, or read no environment block while one exists now, cannot be followed by
 * a boot that opens its image; a plain boot can.
 */
static void grub(void)
{
	char root[] = "/tmp/hs-eventlog-XXXXXX", why[512];
	unsigned int flags = 0;
	struct logbuf l;
	struct hs_boot b;
	int r;

	if (!mkdtemp(root)) {
		tap(0, "unit.eventlog.grub-plain");
		return;
	}
	put(root, "proc/stat", "btime 4000000000\n", 17);	/* files written now: before it */
	put(root, "efi/EFI/debian/grub.cfg", "set timeout=0\n", 14);
	booted(root, &l, 2);
	grub_cmd(&l, "grub_cmd: set timeout=0");
	grub_cmd(&l, "grub_cmd: linux /EFI/debian/vmlinuz root=/dev/vdc");
	grub_cmd(&l, "kernel_cmdline: /EFI/debian/vmlinuz root=/dev/vdc");
	log_event(&l, 9, 0x0d, "/EFI/debian/vmlinuz", 20);
	write_log(root, &l, l.n);
	r = hs_grub_cmds(root, &flags);
	hs_boot_entries(root, &b);
	if (!tap(!r && flags == HS_GRUB_MEASURED && b.grub && hs_boot_pinnable(&b, why, sizeof(why)),
		 "unit.eventlog.grub-plain"))
		printf("# r %d flags %#x grub %d changed '%s'\n", r, flags, b.grub, b.grub_changed);
	/*
	 * An environment block made during this boot: the next boot runs load_env. (Debian's ESP
	 * grub.cfg is a stub that reads /boot/grub/grub.cfg, whose grubenv this is.)
	 */
	put(root, "boot/grub/grub.cfg", "set timeout=0\n", 14);
	put(root, "boot/grub/grubenv", "# GRUB Environment Block\n", 25);
	hs_boot_entries(root, &b);
	if (!tap(!hs_boot_pinnable(&b, why, sizeof(why)) && strstr(why, "/boot/grub/grubenv (GRUB read none"),
		 "unit.eventlog.grub-env-new-refused"))
		printf("# why: %s\n", why);
	/* ... which a boot that read it does not mind. */
	grub_cmd(&l, "grub_cmd: load_env");
	write_log(root, &l, l.n);
	hs_grub_cmds(root, &flags);
	hs_boot_entries(root, &b);
	if (!tap(flags == (HS_GRUB_MEASURED | HS_GRUB_LOAD_ENV) && hs_boot_pinnable(&b, why, sizeof(why)),
		 "unit.eventlog.grub-env-read"))
		printf("# flags %#x changed '%s'\n", flags, b.grub_changed);
	/* A grub-reboot entry used up by this boot. */
	grub_cmd(&l, "grub_cmd: set default=1>2");
	grub_cmd(&l, "grub_cmd: set boot_once=true");
	write_log(root, &l, l.n);
	hs_grub_cmds(root, &flags);
	hs_boot_entries(root, &b);
	if (!tap((flags & HS_GRUB_BOOT_ONCE) && !hs_boot_pinnable(&b, why, sizeof(why)) &&
		 strstr(why, "one-time entry"), "unit.eventlog.grub-boot-once-refused"))
		printf("# flags %#x why: %s\n", flags, why);
	/* Not fooled by a longer command that begins alike. */
	booted(root, &l, 1);
	grub_cmd(&l, "grub_cmd: load_envx");
	grub_cmd(&l, "grub_cmd: set boot_once=truex");
	write_log(root, &l, l.n);
	hs_grub_cmds(root, &flags);
	tap(flags == HS_GRUB_MEASURED, "unit.eventlog.grub-prefixes");
	cleanup(root);
}

int main(void)
{
	check("unchanged", 1, NULL, 0, "");
	check("unchanged-two-banks", 2, NULL, 0, "");
	check("dbx-updated", 2, dbx_updated, 1, "dbx");
	check("db-deleted", 1, db_deleted, 1, "db");
	check("db-and-dbx", 2, db_and_dbx_changed_twice_measured, 2, "db,dbx");
	check("absent-measured-empty", 1, dbx_absent_measured_empty, 1, "dbx");
	check("other-pcr", 1, other_pcr_changed, 0, "");
	truncated_every_byte();
	malformed();
	formats();
	mok();
	verdicts();
	grub();
	return tap_exit();
}
