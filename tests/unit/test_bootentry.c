// SPDX-License-Identifier: GPL-2.0
/*
 * systemd-boot's entries and the firmware's boot options as hibseal reads and pins them
 * (userspace/uswsusp/lib/bootentry.c), on made-up efivarfs and ESP trees: the variables'
 * encoding and every way they can be malformed, which entry the next boot starts, when the next
 * boot cannot be pinned to this boot's kernel, the pin and its removal, and hibseal status's
 * verdict.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../../userspace/uswsusp/lib/lib_private.h"
#include "tap.h"
#include "testfs.h"
#include "eventlog_build.h"

#define LOADER "sys/firmware/efi/efivars/%s-4a67b082-0a4c-41cf-b6c7-440b29bb8c4f"
#define GLOBAL "sys/firmware/efi/efivars/%s-8be4df61-93ca-11d2-aa0d-00e098032b8c"
#define BTIME 1800000000LL

static void cleanup(const char *root)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		printf("# could not remove %s\n", root);
}

/* A loader variable holding @s in UTF-16LE, NUL-terminated unless @nul is 0. */
static void put_var(const char *root, const char *name, const char *s, int nul)
{
	unsigned char v[600] = { 7, 0, 0, 0 };
	size_t n = 4;
	char rel[200];

	for (size_t i = 0; s[i]; i++) {
		v[n++] = (unsigned char)s[i];
		v[n++] = 0;
	}
	if (nul) {
		v[n++] = 0;
		v[n++] = 0;
	}
	snprintf(rel, sizeof(rel), LOADER, name);
	put(root, rel, v, n);
}

static void put_raw(const char *root, const char *name, const void *v, size_t n)
{
	char rel[200];

	snprintf(rel, sizeof(rel), LOADER, name);
	put(root, rel, v, n);
}

/* A UKI in the ESP at /efi, its mtime @age seconds after this boot began. */
static void put_uki(const char *root, const char *name, long long age)
{
	char rel[300], path[600];
	struct timeval tv[2];

	snprintf(rel, sizeof(rel), "efi/EFI/Linux/%s", name);
	put(root, rel, "MZ", 2);
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	tv[0].tv_sec = tv[1].tv_sec = BTIME + age;
	tv[0].tv_usec = tv[1].tv_usec = 0;
	utimes(path, tv);
}

/* A machine booted by systemd-boot from debian-6.12.118.efi, with 6.12.9 installed too. */
static int booted(char *root)
{
	char stat[64];

	if (!mkdtemp(root))
		return -1;
	snprintf(stat, sizeof(stat), "cpu 1 2 3\nbtime %lld\nprocesses 9\n", BTIME);
	put(root, "proc/stat", stat, strlen(stat));
	put_var(root, "LoaderEntrySelected", "debian-6.12.118.efi", 1);
	put_uki(root, "debian-6.12.118.efi", -3600);
	put_uki(root, "debian-6.12.9.efi", -7200);
	return 0;
}

static void test_vars(void)
{
	static const struct {
		const char *name;
		unsigned char v[16];
		size_t n;
		int want;
	} bad[] = {
		{ "short", { 7, 0, 0 }, 3, -EBADMSG },
		{ "odd-length", { 7, 0, 0, 0, 'a', 0, 'b' }, 7, -EBADMSG },
		{ "empty", { 7, 0, 0, 0, 0, 0 }, 6, -ENODATA },
		{ "non-ascii", { 7, 0, 0, 0, 'a', 0, 0xe9, 0, 0, 0 }, 10, -EILSEQ },
		{ "high-plane", { 7, 0, 0, 0, 'a', 0, 0x41, 0x30, 0, 0 }, 10, -EILSEQ },
		{ "slash", { 7, 0, 0, 0, '.', 0, '/', 0, 'x', 0 }, 10, -EILSEQ },
		{ "control", { 7, 0, 0, 0, 'a', 0, '\n', 0 }, 8, -EILSEQ },
	};
	char root[] = "/tmp/hibseal-boot-XXXXXX", buf[300], small[8];
	int r;

	if (booted(root)) {
		tap(0, "unit.bootentry.vars");
		return;
	}
	r = hs_loader_var(root, "LoaderEntrySelected", buf, sizeof(buf));
	tap(r == 19 && !strcmp(buf, "debian-6.12.118.efi"), "unit.bootentry.var-read");
	put_var(root, "LoaderEntryDefault", "a.efi", 0);
	r = hs_loader_var(root, "LoaderEntryDefault", buf, sizeof(buf));
	tap(r == 5 && !strcmp(buf, "a.efi"), "unit.bootentry.var-without-nul");
	r = hs_loader_var(root, "LoaderEntryOneShot", buf, sizeof(buf));
	tap(r == -ENOENT && !buf[0], "unit.bootentry.var-unset");
	r = hs_loader_var(root, "LoaderEntrySelected", small, sizeof(small));
	tap(r == -ENAMETOOLONG, "unit.bootentry.var-too-long");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		put_raw(root, "LoaderEntryOneShot", bad[i].v, bad[i].n);
		r = hs_loader_var(root, "LoaderEntryOneShot", buf, sizeof(buf));
		if (!tap(r == bad[i].want, "unit.bootentry.var-%s", bad[i].name))
			printf("# got %d, expected %d\n", r, bad[i].want);
	}
	cleanup(root);
}

static void test_next(void)
{
	char root[] = "/tmp/hibseal-boot-XXXXXX";
	struct hs_boot b;
	int r;

	if (booted(root)) {
		tap(0, "unit.bootentry.next");
		return;
	}
	/* Version order, not byte order: 6.12.118 is newer than 6.12.9. */
	r = hs_boot_entries(root, &b);
	if (!tap(r == 0 && !strcmp(b.selected, "debian-6.12.118.efi") && b.nr_entries == 2 &&
		 !strcmp(b.next, "debian-6.12.118.efi") && !strcmp(b.next_why, "newest"),
		 "unit.bootentry.next-newest-is-this"))
		printf("# got %d selected '%s' next '%s' entries %d\n", r, b.selected, b.next,
		       b.nr_entries);
	/* A kernel update installs 6.12.119: the next boot would start it. */
	put_uki(root, "debian-6.12.119.efi", 60);
	hs_boot_entries(root, &b);
	tap(!strcmp(b.next, "debian-6.12.119.efi") && !strcmp(b.next_why, "newest") &&
	    b.selected_state == HS_ENTRY_KEPT, "unit.bootentry.next-after-update");
	put_var(root, "LoaderEntryDefault", "debian-6.12.9.efi", 1);
	hs_boot_entries(root, &b);
	tap(!strcmp(b.next, "debian-6.12.9.efi") && !strcmp(b.next_why, "default"),
	    "unit.bootentry.next-default");
	put_var(root, "LoaderEntryOneShot", "debian-6.12.118.efi", 1);
	hs_boot_entries(root, &b);
	tap(!strcmp(b.next, "debian-6.12.118.efi") && !strcmp(b.next_why, "one-shot"),
	    "unit.bootentry.next-oneshot");
	cleanup(root);
}

static void test_pinnable(void)
{
	char root[] = "/tmp/hibseal-boot-XXXXXX", why[512], path[600];
	struct hs_boot b;
	bool ok;

	if (booted(root)) {
		tap(0, "unit.bootentry.pinnable");
		return;
	}
	hs_boot_entries(root, &b);
	tap(hs_boot_pinnable(&b, why, sizeof(why)), "unit.bootentry.pinnable");
	/* Rewritten in place since this boot (an update of the same version). */
	put_uki(root, "debian-6.12.118.efi", 30);
	hs_boot_entries(root, &b);
	ok = !hs_boot_pinnable(&b, why, sizeof(why)) && b.selected_state == HS_ENTRY_REWRITTEN &&
	     strstr(why, "debian-6.12.118.efi was rewritten since this boot");
	if (!tap(ok, "unit.bootentry.rewritten-refused"))
		printf("# why: %s\n", why);
	snprintf(path, sizeof(path), "%s/efi/EFI/Linux/debian-6.12.118.efi", root);
	unlink(path);
	hs_boot_entries(root, &b);
	ok = !hs_boot_pinnable(&b, why, sizeof(why)) && b.selected_state == HS_ENTRY_GONE &&
	     strstr(why, "is no longer in the ESP");
	if (!tap(ok, "unit.bootentry.gone-refused"))
		printf("# why: %s\n", why);
	snprintf(path, sizeof(path), "%s/" LOADER, root, "LoaderEntrySelected");
	unlink(path);
	ok = hs_boot_entries(root, &b) == -ENODATA && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "no LoaderEntrySelected");
	if (!tap(ok, "unit.bootentry.unrecorded-refused"))
		printf("# why: %s\n", why);
	cleanup(root);
}

static void test_pin(void)
{
	static const unsigned char want[] = { 7, 0, 0, 0, 'd', 0, '.', 0, 'e', 0, 'f', 0, 'i', 0,
					      0, 0 };
	char root[] = "/tmp/hibseal-boot-XXXXXX", path[600], buf[300];
	unsigned char got[64];
	size_t n = 0;
	FILE *f;
	int r;

	if (booted(root)) {
		tap(0, "unit.bootentry.pin");
		return;
	}
	r = hs_boot_pin(root, "d.efi");
	snprintf(path, sizeof(path), "%s/" LOADER, root, "LoaderEntryOneShot");
	f = fopen(path, "re");
	if (f) {
		n = fread(got, 1, sizeof(got), f);
		fclose(f);
	}
	tap(r == 0 && n == sizeof(want) && !memcmp(got, want, n), "unit.bootentry.pin-encoding");
	tap(hs_loader_var(root, "LoaderEntryOneShot", buf, sizeof(buf)) == 5 &&
	    !strcmp(buf, "d.efi"), "unit.bootentry.pin-reads-back");
	tap(hs_boot_pin(root, "") == -EINVAL, "unit.bootentry.pin-empty-refused");
	/* Unpin takes away only its own one-shot. */
	r = hs_boot_unpin(root, "other.efi");
	tap(r == 0 && access(path, F_OK) == 0, "unit.bootentry.unpin-keeps-another");
	r = hs_boot_unpin(root, "d.efi");
	tap(r == 1 && access(path, F_OK) != 0, "unit.bootentry.unpin");
	tap(hs_boot_unpin(root, "d.efi") == 0, "unit.bootentry.unpin-unset");
	cleanup(root);
}

static bool exists(const char *root, const char *name)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/efi/EFI/Linux/%s", root, name);
	return access(path, F_OK) == 0;
}

/* The entries installed since this boot are parked, and only those; unpark puts them back. */
static void test_park(void)
{
	char root[] = "/tmp/hibseal-boot-XXXXXX", names[256];
	struct hs_boot b;
	bool ok;
	int r;

	if (booted(root)) {
		tap(0, "unit.bootentry.park");
		return;
	}
	hs_boot_entries(root, &b);
	r = hs_boot_park(root, &b, names, sizeof(names));
	tap(r == 0 && !names[0] && exists(root, "debian-6.12.9.efi"), "unit.bootentry.park-nothing-new");
	put_uki(root, "debian-6.12.119.efi", 60);
	put_uki(root, "debian-6.12.120.efi", 90);
	hs_boot_entries(root, &b);
	r = hs_boot_park(root, &b, names, sizeof(names));
	ok = r == 2 && !exists(root, "debian-6.12.119.efi") && !exists(root, "debian-6.12.120.efi") &&
	     exists(root, "debian-6.12.119.efi.hibseal-parked") &&
	     exists(root, "debian-6.12.118.efi") && exists(root, "debian-6.12.9.efi") &&
	     strstr(names, "debian-6.12.119.efi") && strstr(names, "debian-6.12.120.efi");
	if (!tap(ok, "unit.bootentry.park-new-only"))
		printf("# got %d '%s'\n", r, names);
	/* What the resume boot's boot loader sees: the entries of this boot. */
	hs_boot_entries(root, &b);
	tap(b.nr_entries == 2 && !strcmp(b.next, "debian-6.12.118.efi"), "unit.bootentry.park-hides");
	r = hs_boot_unpark(root, names, sizeof(names));
	ok = r == 2 && exists(root, "debian-6.12.119.efi") && exists(root, "debian-6.12.120.efi") &&
	     !exists(root, "debian-6.12.119.efi.hibseal-parked");
	if (!tap(ok, "unit.bootentry.unpark"))
		printf("# got %d '%s'\n", r, names);
	tap(hs_boot_unpark(root, names, sizeof(names)) == 0, "unit.bootentry.unpark-nothing");
	cleanup(root);
}

/* Lockdown on, sealing ready, swap on /dev/vdb, which resume= names. */
static void put_sealing(const char *root)
{
	put(root, "sys/kernel/security/lockdown", "none [integrity] confidentiality\n", 34);
	put(root, "sys/power/hibernate_seal", "ready\n", 6);
	put(root, "sys/power/state", "freeze mem disk\n", 16);
	put(root, "sys/power/resume", "254:16\n", 7);
	put(root, "proc/swaps", "Filename Type Size Used Priority\n/dev/vdb partition 262140 0 -2\n",
	    65);
}

/* hibseal status on a locked-down machine with sealing ready, swap and resume set. */
static void test_status(void)
{
	char root[] = "/tmp/hibseal-boot-XXXXXX", why[1024];
	struct hs_status st;
	bool ok;

	if (booted(root)) {
		tap(0, "unit.bootentry.status");
		return;
	}
	put_sealing(root);
	/* A newer kernel installed: still available, the hibernation pins this boot's entry. */
	put_uki(root, "debian-6.12.119.efi", 60);
	hs_status_read(root, &st);
	ok = hs_status_explain(&st, why, sizeof(why)) &&
	     !strncmp(why, "Hibernation is available, sealed", 32) &&
	     !strcmp(st.boot.next, "debian-6.12.119.efi");
	if (!tap(ok, "unit.bootentry.status-newer-kernel"))
		printf("# why: %s\n", why);
	/* This boot's entry rewritten in place: refused, with the fix. */
	put_uki(root, "debian-6.12.118.efi", 120);
	hs_status_read(root, &st);
	ok = !hs_status_explain(&st, why, sizeof(why)) &&
	     strstr(why, "Hibernation would lose the session: this boot's entry "
			 "debian-6.12.118.efi was rewritten") && hs_status_fix(&st) &&
	     !strncmp(hs_status_fix(&st), "Reboot into the entry", 21);
	if (!tap(ok, "unit.bootentry.status-rewritten"))
		printf("# why: %s\n", why);
	cleanup(root);
}

/* A file at @rel with mtime @age seconds after this boot began. */
static void put_aged(const char *root, const char *rel, long long age)
{
	char path[600];
	struct timeval tv[2];

	put(root, rel, "x", 1);
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	tv[0].tv_sec = tv[1].tv_sec = BTIME + age;
	tv[0].tv_usec = tv[1].tv_usec = 0;
	utimes(path, tv);
}

static void put_grubenv(const char *root, const char *text)
{
	put(root, "boot/grub/grubenv", text, strlen(text));
}

/*
 * GRUB: no loader variables; its configuration in /boot/grub and in the ESP's EFI/debian. Nothing
 * changed since boot: hibernation goes ahead with nothing pinned. Any of its files, or this
 * kernel's initrd, rewritten since boot: refused, with the files named.
 */
static void test_grub(void)
{
	char root[] = "/tmp/hibseal-boot-XXXXXX", why[512], stat[64], rel[300];
	struct hs_boot b;
	struct utsname u;
	bool ok;

	if (!mkdtemp(root) || uname(&u)) {
		tap(0, "unit.bootentry.grub-unchanged");
		return;
	}
	snprintf(stat, sizeof(stat), "cpu 1 2 3\nbtime %lld\nprocesses 9\n", BTIME);
	put(root, "proc/stat", stat, strlen(stat));
	put_aged(root, "boot/grub/grub.cfg", -3600);
	put_aged(root, "boot/grub/grubenv", -3600);
	put_aged(root, "efi/EFI/debian/grub.cfg", -3600);
	put_aged(root, "efi/EFI/debian/shimx64.efi", -3600);
	snprintf(rel, sizeof(rel), "boot/initrd.img-%s", u.release);
	put_aged(root, rel, -3600);
	hs_boot_entries(root, &b);
	ok = b.grub && !b.selected[0] && !b.grub_changed[0] && hs_boot_pinnable(&b, why, sizeof(why));
	if (!tap(ok, "unit.bootentry.grub-unchanged"))
		printf("# grub %d changed '%s'\n", b.grub, b.grub_changed);
	/* update-grub after a kernel update, and update-initramfs. */
	put_aged(root, "boot/grub/grub.cfg", 60);
	put_aged(root, rel, 90);
	hs_boot_entries(root, &b);
	ok = !hs_boot_pinnable(&b, why, sizeof(why)) && strstr(why, "/boot/grub/grub.cfg") &&
	     strstr(why, rel) && strstr(why, "PCRs 8 and 9");
	if (!tap(ok, "unit.bootentry.grub-changed-refused"))
		printf("# why: %s\n", why);
	/* grubenv rewritten since boot (Debian's grub-common.service, every boot): not a change. */
	put_aged(root, "boot/grub/grub.cfg", -3600);
	put_aged(root, rel, -3600);
	put_grubenv(root, "# GRUB Environment Block\nsaved_entry=0\n");
	hs_boot_entries(root, &b);
	ok = hs_boot_pinnable(&b, why, sizeof(why)) && !b.grub_changed[0];
	if (!tap(ok, "unit.bootentry.grub-grubenv-rewritten"))
		printf("# changed: %s\n", b.grub_changed);
	/* grub-reboot: a one-time entry for the next boot. */
	put_grubenv(root, "# GRUB Environment Block\nnext_entry=1>2\n");
	hs_boot_entries(root, &b);
	ok = !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "/boot/grub/grubenv next_entry=1>2");
	if (!tap(ok, "unit.bootentry.grub-reboot-refused"))
		printf("# why: %s\n", why);
	put_grubenv(root, "# GRUB Environment Block\nnext_entry=\n");
	/* Only the ESP's configuration. */
	put_aged(root, "boot/grub/grub.cfg", -3600);
	put_aged(root, rel, -3600);
	put_aged(root, "efi/EFI/debian/grub.cfg", 5);
	hs_boot_entries(root, &b);
	ok = !hs_boot_pinnable(&b, why, sizeof(why)) && !strcmp(b.grub_changed, "/efi/EFI/debian/grub.cfg");
	if (!tap(ok, "unit.bootentry.grub-esp-changed-refused"))
		printf("# changed: %s\n", b.grub_changed);
	/* No grub.cfg anywhere and no loader variables: not GRUB, and refused as before. */
	cleanup(root);
	strcpy(root, "/tmp/hibseal-boot-XXXXXX");
	if (!mkdtemp(root)) {
		tap(0, "unit.bootentry.no-loader-refused");
		return;
	}
	put(root, "proc/stat", stat, strlen(stat));
	hs_boot_entries(root, &b);
	ok = !b.grub && !hs_boot_pinnable(&b, why, sizeof(why)) && strstr(why, "LoaderEntrySelected");
	tap(ok, "unit.bootentry.no-loader-refused");
	cleanup(root);
}

/* An EFI_GLOBAL_VARIABLE: attributes 7, then @n bytes of @v. */
static void put_global(const char *root, const char *name, const void *v, size_t n)
{
	unsigned char var[1024] = { 7, 0, 0, 0 };
	char rel[200];

	memcpy(var + 4, v, n);
	snprintf(rel, sizeof(rel), GLOBAL, name);
	put(root, rel, var, n + 4);
}

/* UCS-2 of @s at @p (with its NUL when @nul). Return: the bytes written. */
static size_t ucs2(unsigned char *p, const char *s, int nul)
{
	size_t n = 0;

	for (size_t i = 0; s[i] || (nul && i == strlen(s)); i++) {
		p[n++] = (unsigned char)s[i];
		p[n++] = 0;
		if (!s[i])
			break;
	}
	return n;
}

/*
 * A load option Boot@num: @label, then a device path of a hard disk node (as the firmware
 * makes them), a file path node holding @file (none if NULL), and the end node.
 */
static void put_option(const char *root, const char *name, const char *label, const char *file)
{
	unsigned char v[900] = { 1, 0, 0, 0 }, *dp;
	size_t n = 6, d = 0;

	n += ucs2(v + n, label, 1);
	dp = v + n;
	/* Media device path, hard drive: 42 bytes, its contents do not matter here. */
	dp[d++] = 4;
	dp[d++] = 1;
	dp[d++] = 42;
	dp[d++] = 0;
	memset(dp + d, 0, 38);
	d += 38;
	if (file) {
		size_t len = 4 + 2 * (strlen(file) + 1);

		dp[d++] = 4;
		dp[d++] = 4;
		dp[d++] = len & 0xff;
		dp[d++] = len >> 8;
		d += ucs2(dp + d, file, 1);
	}
	dp[d++] = 0x7f;
	dp[d++] = 0xff;
	dp[d++] = 4;
	dp[d++] = 0;
	v[4] = d & 0xff;
	v[5] = d >> 8;
	put_global(root, name, v, n + d);
}

/* A PE image at @rel (mtime @age after boot) with sections named @sections (NULL-ended). */
static void put_pe(const char *root, const char *rel, const char *const *sections, long long age)
{
	unsigned char pe[1024] = { 'M', 'Z' };
	size_t n = 0x40 + 24, nsec = 0;
	char path[600];
	struct timeval tv[2];

	pe[0x3c] = 0x40;
	memcpy(pe + 0x40, "PE\0\0", 4);
	for (; sections && sections[nsec]; nsec++, n += 40)
		memcpy(pe + n, sections[nsec], strlen(sections[nsec]));
	pe[0x40 + 6] = (unsigned char)nsec;
	put(root, rel, pe, n);
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	tv[0].tv_sec = tv[1].tv_sec = BTIME + age;
	tv[0].tv_usec = tv[1].tv_usec = 0;
	utimes(path, tv);
}

static const char *const uki_sections[] = { ".text", ".osrel", ".cmdline", ".linux", ".initrd",
					     NULL };
static const char *const loader_sections[] = { ".text", ".data", ".reloc", NULL };

static const unsigned char fw_order[] = { 1, 0, 0, 0 };

/*
 * The firmware's event log of that boot: BootOrder measured into PCR 1 as @order (4 bytes),
 * then @attempts boot attempts in PCR 4.
 */
static void fw_log(const char *root, const unsigned char *order, int attempts)
{
	struct logbuf l;

	log_start(&l, 1, "Spec ID Event03");
	log_var_event(&l, 1, 0x80000002, guid_global, "BootOrder", order, 4);
	for (int i = 0; i < attempts; i++)
		log_boot_attempt(&l);
	write_log(root, &l, l.n);
}

/* A machine whose firmware started a UKI from its boot option Boot0001 (no boot loader), at
 * its first attempt. */
static int fw_booted(char *root)
{
	static const unsigned char cur[] = { 1, 0 };
	const unsigned char *order = fw_order;
	char stat[64];

	if (!mkdtemp(root))
		return -1;
	fw_log(root, fw_order, 1);
	snprintf(stat, sizeof(stat), "cpu 1 2 3\nbtime %lld\nprocesses 9\n", BTIME);
	put(root, "proc/stat", stat, strlen(stat));
	put_global(root, "BootCurrent", cur, 2);
	put_global(root, "BootOrder", order, 4);
	put_option(root, "Boot0001", "hibseal 6.12", "\\EFI\\Linux\\hs.efi");
	put_pe(root, "boot/efi/EFI/Linux/hs.efi", uki_sections, -3600);
	return 0;
}

static void test_firmware(void)
{
	static const unsigned char next0[] = { 0, 0 }, want[] = { 7, 0, 0, 0, 1, 0 };
	char root[] = "/tmp/hibseal-boot-XXXXXX", why[512], path[600];
	unsigned char got[16];
	struct hs_boot b;
	size_t n = 0;
	FILE *f;
	bool ok;
	int r;

	if (fw_booted(root)) {
		tap(0, "unit.bootentry.fw");
		return;
	}
	r = hs_boot_entries(root, &b);
	ok = r == 0 && b.firmware && !b.grub && b.fw_current == 1 && !b.fw_error &&
	     !strcmp(b.fw_label, "hibseal 6.12") && !strcmp(b.fw_file, "/EFI/Linux/hs.efi") &&
	     strstr(b.fw_path, "/boot/efi/EFI/Linux/hs.efi") && b.fw_uki == 1 &&
	     b.fw_state == HS_ENTRY_KEPT;
	if (!tap(ok, "unit.bootentry.fw-option"))
		printf("# got %d fw %d cur %d err %d label '%s' file '%s' uki %d\n", r, b.firmware,
		       b.fw_current, b.fw_error, b.fw_label, b.fw_file, b.fw_uki);
	tap(hs_boot_pinnable(&b, why, sizeof(why)), "unit.bootentry.fw-uki-pinnable");
	tap(!strcmp(b.next, "Boot0001") && !strcmp(b.next_why, "BootOrder"),
	    "unit.bootentry.fw-next-bootorder");

	/* The pin: BootNext, a UINT16, with the attributes the firmware's own have. */
	r = hs_boot_pin_next(root, b.fw_current);
	snprintf(path, sizeof(path), "%s/" GLOBAL, root, "BootNext");
	f = fopen(path, "re");
	if (f) {
		n = fread(got, 1, sizeof(got), f);
		fclose(f);
	}
	tap(r == 0 && n == sizeof(want) && !memcmp(got, want, n), "unit.bootentry.fw-pin-encoding");
	hs_boot_entries(root, &b);
	tap(b.fw_next == 1 && !strcmp(b.next, "Boot0001") && !strcmp(b.next_why, "BootNext"),
	    "unit.bootentry.fw-next-bootnext");
	tap(hs_boot_pin_next(root, -1) == -EINVAL && hs_boot_pin_next(root, 0x10000) == -EINVAL,
	    "unit.bootentry.fw-pin-range");
	r = hs_boot_unpin_next(root, 0);
	tap(r == 0 && access(path, F_OK) == 0, "unit.bootentry.fw-unpin-keeps-another");
	r = hs_boot_unpin_next(root, 1);
	tap(r == 1 && access(path, F_OK) != 0, "unit.bootentry.fw-unpin");
	tap(hs_boot_unpin_next(root, 1) == 0, "unit.bootentry.fw-unpin-unset");
	/* What a resumed kernel's efivarfs shows of a BootNext the firmware used up: no bytes. */
	put(root, path + strlen(root) + 1, "", 0);
	tap(hs_boot_unpin_next(root, 1) == 0, "unit.bootentry.fw-unpin-used-up");
	unlink(path);
	/* Another option next: the status shows it, the pin would replace it. */
	put_global(root, "BootNext", next0, 2);
	hs_boot_entries(root, &b);
	tap(!strcmp(b.next, "Boot0000") && hs_boot_pinnable(&b, why, sizeof(why)),
	    "unit.bootentry.fw-next-other");
	unlink(path);

	/* How the firmware got here: one attempt, BootNext repeats it. */
	tap(b.fw_attempts == 1 && !b.fw_changed[0] && hs_boot_uses_bootnext(&b),
	    "unit.bootentry.fw-first-attempt-bootnext");
	/* Failed attempts first (a DVD drive before the disk): BootNext would skip them. */
	fw_log(root, fw_order, 2);
	hs_boot_entries(root, &b);
	ok = b.fw_attempts == 2 && hs_boot_pinnable(&b, why, sizeof(why)) &&
	     !hs_boot_uses_bootnext(&b);
	if (!tap(ok, "unit.bootentry.fw-failed-attempts-no-bootnext"))
		printf("# attempts %d why %s\n", b.fw_attempts, why);
	put_global(root, "BootNext", next0, 2);
	hs_boot_entries(root, &b);
	ok = !hs_boot_pinnable(&b, why, sizeof(why)) && strstr(why, "BootNext is set (Boot0000)");
	if (!tap(ok, "unit.bootentry.fw-failed-attempts-bootnext-set-refused"))
		printf("# why %s\n", why);
	unlink(path);
	{
		static const unsigned char order[] = { 0, 0, 1, 0 };

		put_global(root, "BootOrder", order, 4);
		hs_boot_entries(root, &b);
		ok = !hs_boot_pinnable(&b, why, sizeof(why)) &&
		     strstr(why, "boot variables changed since (BootOrder)");
		if (!tap(ok, "unit.bootentry.fw-failed-attempts-bootorder-changed-refused"))
			printf("# why %s\n", why);
		/* At the first attempt a changed BootOrder does not matter: BootNext comes first. */
		fw_log(root, fw_order, 1);
		hs_boot_entries(root, &b);
		tap(!strcmp(b.fw_changed, "BootOrder") && hs_boot_pinnable(&b, why, sizeof(why)) &&
		    hs_boot_uses_bootnext(&b), "unit.bootentry.fw-first-attempt-bootorder-changed");
		put_global(root, "BootOrder", fw_order, 4);
	}
	snprintf(path, sizeof(path), "%s/" LOG_REL, root);
	unlink(path);
	hs_boot_entries(root, &b);
	ok = b.fw_attempts == -ENOENT && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "event log cannot be read");
	if (!tap(ok, "unit.bootentry.fw-no-event-log-refused"))
		printf("# why %s\n", why);
	fw_log(root, fw_order, 1);
	snprintf(path, sizeof(path), "%s/" GLOBAL, root, "BootNext");

	/* A disk without a file: the removable media path, here at /efi. */
	put_option(root, "Boot0001", "UEFI Misc Device", NULL);
	put_pe(root, "efi/EFI/BOOT/BOOTX64.EFI", uki_sections, -3600);
	hs_boot_entries(root, &b);
	ok = !b.fw_error && !strcmp(b.fw_file, "/EFI/BOOT/BOOTX64.EFI") &&
	     strstr(b.fw_path, "/efi/EFI/BOOT/BOOTX64.EFI") && hs_boot_pinnable(&b, why, sizeof(why));
	if (!tap(ok, "unit.bootentry.fw-removable-path"))
		printf("# file '%s' path '%s' why %s\n", b.fw_file, b.fw_path, why);

	/* A boot loader there (no .linux section): it could start any kernel. */
	put_pe(root, "efi/EFI/BOOT/BOOTX64.EFI", loader_sections, -3600);
	hs_boot_entries(root, &b);
	ok = b.fw_uki == 0 && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "a boot loader that did not record which kernel it started");
	if (!tap(ok, "unit.bootentry.fw-boot-loader-refused"))
		printf("# why: %s\n", why);
	put(root, "efi/EFI/BOOT/BOOTX64.EFI", "MZ", 2);
	hs_boot_entries(root, &b);
	ok = b.fw_uki == -EBADMSG && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "cannot be read as a PE image");
	if (!tap(ok, "unit.bootentry.fw-not-pe-refused"))
		printf("# why: %s\n", why);
	put_pe(root, "efi/EFI/BOOT/BOOTX64.EFI", uki_sections, 30);
	hs_boot_entries(root, &b);
	ok = b.fw_state == HS_ENTRY_REWRITTEN && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "was rewritten since this boot");
	if (!tap(ok, "unit.bootentry.fw-rewritten-refused"))
		printf("# why: %s\n", why);
	snprintf(path, sizeof(path), "%s/efi/EFI/BOOT/BOOTX64.EFI", root);
	unlink(path);
	hs_boot_entries(root, &b);
	ok = b.fw_state == HS_ENTRY_GONE && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "is not under /efi, /boot/efi or /boot");
	if (!tap(ok, "unit.bootentry.fw-gone-refused"))
		printf("# why: %s\n", why);
	/* Paths that would leave the mount point, or that hibseal does not handle. */
	put_option(root, "Boot0001", "x", "\\EFI\\..\\..\\etc\\shadow");
	hs_boot_entries(root, &b);
	tap(b.fw_error == -EILSEQ && !hs_boot_pinnable(&b, why, sizeof(why)),
	    "unit.bootentry.fw-dotdot-refused");
	put_option(root, "Boot0001", "x", "\\EFI\\a/b.efi");
	hs_boot_entries(root, &b);
	tap(b.fw_error == -EILSEQ, "unit.bootentry.fw-slash-refused");
	/* The firmware's own application (its UI, a shell: a PIWG firmware file node). */
	{
		static const unsigned char fv[] = { 1, 0, 0, 0, 24, 0, 'U', 0, 0, 0,
						    4, 6, 20, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
						    12, 13, 14, 15, 16, 0x7f, 0xff, 4, 0 };

		put_global(root, "Boot0001", fv, sizeof(fv));
		hs_boot_entries(root, &b);
		tap(b.fw_error == -ENOMEDIUM && !hs_boot_pinnable(&b, why, sizeof(why)),
		    "unit.bootentry.fw-firmware-app-refused");
	}
	/* An option's BootCurrent names nothing: refused, not guessed. */
	snprintf(path, sizeof(path), "%s/" GLOBAL, root, "Boot0001");
	unlink(path);
	hs_boot_entries(root, &b);
	ok = b.firmware && b.fw_error == -ENOENT && !hs_boot_pinnable(&b, why, sizeof(why)) &&
	     strstr(why, "Boot0001, which started this system, cannot be read");
	if (!tap(ok, "unit.bootentry.fw-option-missing-refused"))
		printf("# why: %s\n", why);
	cleanup(root);
}

/* Malformed load options: each is refused, none read past its end. */
static void test_firmware_malformed(void)
{
	static const struct {
		const char *name;
		unsigned char v[32];
		size_t n;
	} bad[] = {
		{ "short", { 1, 0, 0, 0, 4 }, 5 },
		{ "label-unterminated", { 1, 0, 0, 0, 4, 0, 'a', 0, 'b', 0 }, 10 },
		{ "path-past-end", { 1, 0, 0, 0, 8, 0, 0, 0, 0x7f, 0xff, 4, 0 }, 12 },
		{ "no-end-node", { 1, 0, 0, 0, 4, 0, 0, 0, 4, 1, 4, 0 }, 12 },
		{ "node-too-short", { 1, 0, 0, 0, 4, 0, 0, 0, 4, 4, 2, 0 }, 12 },
		{ "node-past-path", { 1, 0, 0, 0, 4, 0, 0, 0, 4, 4, 8, 0 }, 12 },
		{ "empty", { 0 }, 0 },
	};
	char root[] = "/tmp/hibseal-boot-XXXXXX", why[512];
	struct hs_boot b;

	if (fw_booted(root)) {
		tap(0, "unit.bootentry.fw-malformed");
		return;
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		put_global(root, "Boot0001", bad[i].v, bad[i].n);
		hs_boot_entries(root, &b);
		if (!tap(b.fw_error == -EBADMSG && !hs_boot_pinnable(&b, why, sizeof(why)),
			 "unit.bootentry.fw-malformed-%s", bad[i].name))
			printf("# got %d\n", b.fw_error);
	}
	cleanup(root);
}

/* hibseal status judges the path the hibernation takes: a firmware boot, and none recorded. */
static void test_status_firmware(void)
{
	char root[] = "/tmp/hibseal-boot-XXXXXX", why[1024], path[600];
	struct hs_status st;
	bool ok;

	if (fw_booted(root)) {
		tap(0, "unit.bootentry.status-firmware");
		return;
	}
	put_sealing(root);
	hs_status_read(root, &st);
	ok = hs_status_explain(&st, why, sizeof(why)) &&
	     !strncmp(why, "Hibernation is available, sealed", 32) && st.boot.firmware;
	if (!tap(ok, "unit.bootentry.status-firmware"))
		printf("# why: %s\n", why);
	/* The ESP not mounted where hibseal looks: the fix says to mount it. */
	snprintf(path, sizeof(path), "%s/boot/efi/EFI/Linux/hs.efi", root);
	unlink(path);
	hs_status_read(root, &st);
	ok = !hs_status_explain(&st, why, sizeof(why)) && strstr(why, "is not under /efi") &&
	     hs_status_fix(&st) && !strncmp(hs_status_fix(&st), "Mount the ESP", 13);
	if (!tap(ok, "unit.bootentry.status-firmware-file-not-found"))
		printf("# why: %s\n", why);
	/* Neither a boot loader's entry nor BootCurrent: what pin-boot refuses, status refuses. */
	snprintf(path, sizeof(path), "%s/" GLOBAL, root, "BootCurrent");
	unlink(path);
	hs_status_read(root, &st);
	ok = !hs_status_explain(&st, why, sizeof(why)) &&
	     strstr(why, "Hibernation would lose the session: neither the boot loader") &&
	     hs_status_fix(&st) && !strncmp(hs_status_fix(&st), "Boot the kernel's UKI", 21);
	if (!tap(ok, "unit.bootentry.status-unrecorded"))
		printf("# why: %s\n", why);
	cleanup(root);
}

int main(void)
{
	test_vars();
	test_next();
	test_pinnable();
	test_pin();
	test_park();
	test_status();
	test_grub();
	test_firmware();
	test_firmware_malformed();
	test_status_firmware();
	return tap_exit();
}
