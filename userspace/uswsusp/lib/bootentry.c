// SPDX-License-Identifier: GPL-2.0
/*
 * Boot entries, as systemd-boot records them in EFI variables (the Boot Loader Interface):
 * which entry started this system, which one the next boot will start, and pinning the next
 * boot to this boot's entry before a hibernation (libhibseal.h).
 *
 * Why: a sealed image opens only under the kernel, initrd and command line that wrote it (PCR
 * 4 measures the UKI). After a kernel update systemd-boot starts the newest entry, which
 * cannot open the image, and the session is lost. LoaderEntryOneShot, set to this boot's entry
 * (LoaderEntrySelected), makes the next boot start the kernel that wrote the image; systemd-boot
 * removes it as it boots. Where that cannot work (the boot loader does not say which entry it
 * started, or that entry's file was rewritten since this boot), hibernation is refused first.
 *
 * And the entries installed since this boot are parked (renamed, *.efi.hibseal-parked) until
 * the resume: systemd-boot reads every entry it finds, and with one more its allocations move
 * the firmware memory map's last ACPI region (the EFI stub's copy of the TPM event log) by a
 * page; x86 then refuses the image ("Image mismatch: architecture specific data"), because the
 * memory map it was written under differs. With them parked, the resume boot sees the ESP the
 * hibernating boot saw. hs_boot_unpark() puts them back (after the resume, or at a fresh boot).
 *
 * No boot loader at all: the firmware starts a UKI from one of its boot options (Boot####, as
 * efibootmgr makes them, or the removable media path \EFI\BOOT\BOOTX64.EFI). It says which in
 * BootCurrent, and BootNext, set to that option, makes the next boot start it again, once (the
 * firmware deletes BootNext as it boots it). Refused when the option cannot be read, its file is
 * not found under /efi, /boot/efi or /boot, is a boot loader (a PE image without a .linux
 * section: it might start another kernel), or was rewritten since this boot: fw_entries().
 * And BootNext only repeats this boot if the firmware started this kernel at its first attempt:
 * PCR 4 measures each attempt ("Calling EFI Application from Boot Option"), a failed one too
 * (a DVD drive without a disc before the disk in BootOrder). After failed attempts nothing is
 * pinned: the next boot makes the same attempts if BootOrder and the boot options are as this
 * boot measured them into PCR 1 (hs_fw_boot_path()), and BootNext is unset.
 *
 * GRUB records no entry, and nothing can pin its next boot without changing what it measures:
 * it measures every command it runs into PCR 8 (a grub-reboot's next_entry makes the next boot
 * run other commands) and every file it reads into PCR 9. Its next boot opens the image only
 * if it runs the same configuration with the same kernel and initrd. So on GRUB nothing is
 * pinned, and a sealed hibernation is refused when GRUB's configuration or the files beside it,
 * or this kernel's image or initrd in /boot, changed since this boot, or when its environment
 * block asks for a one-time entry (grub-reboot's next_entry): grub_changes(). The environment
 * block's mtime says nothing: GRUB does not measure the file, and Debian's grub-common.service
 * rewrites it at every boot (unsetting recordfail).
 *
 * Copyright (C) 2026 The hibseal authors
 */
#define _GNU_SOURCE	/* strverscmp() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lib_private.h"

#define LOADER_GUID	"4a67b082-0a4c-41cf-b6c7-440b29bb8c4f"
#define GLOBAL_GUID	"8be4df61-93ca-11d2-aa0d-00e098032b8c"	/* EFI_GLOBAL_VARIABLE */
#define EFIVARS		"sys/firmware/efi/efivars"
#if defined(__aarch64__)
#define REMOVABLE_PATH	"/EFI/BOOT/BOOTAA64.EFI"
#else
#define REMOVABLE_PATH	"/EFI/BOOT/BOOTX64.EFI"
#endif
/* EFI_VARIABLE_NON_VOLATILE | BOOTSERVICE_ACCESS | RUNTIME_ACCESS, as systemd-boot's. */
#define LOADER_ATTRS	0x7u

static void var_path(const char *root, const char *name, char *path, size_t size)
{
	snprintf(path, size, "%s/" EFIVARS "/%s-" LOADER_GUID, root, name);
}

int hs_loader_var(const char *root, const char *name, char *buf, size_t size)
{
	unsigned char raw[4 + 2 * HS_BOOT_ENTRY_MAX];
	char path[512];
	size_t n, len = 0;
	FILE *f;

	if (!root)
		root = "";
	buf[0] = '\0';
	var_path(root, name, path, sizeof(path));
	f = fopen(path, "re");
	if (!f)
		return -errno;
	n = fread(raw, 1, sizeof(raw), f);
	fclose(f);
	/* 4 bytes of attributes, then UTF-16LE, usually NUL-terminated. */
	if (n < 4 || (n - 4) % 2)
		return -EBADMSG;
	for (size_t i = 4; i + 1 < n; i += 2) {
		unsigned int c = raw[i] | raw[i + 1] << 8;

		if (!c)
			break;
		/* Entry ids are file names: printable ASCII without a slash. */
		if (c < 0x20 || c > 0x7e || c == '/')
			return -EILSEQ;
		if (len + 1 >= size)
			return -ENAMETOOLONG;
		buf[len++] = (char)c;
	}
	buf[len] = '\0';
	return len ? (int)len : -ENODATA;
}

/* The ESP holding systemd-boot's UKIs: the first of /efi, /boot/efi, /boot with EFI/Linux. */
static int find_esp(const char *root, char *esp, size_t size)
{
	static const char *const where[] = { "efi", "boot/efi", "boot" };
	struct stat st;
	char path[512];

	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/EFI/Linux", root, where[i]);
		if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
			snprintf(esp, size, "%s/%s", root, where[i]);
			return 0;
		}
	}
	return -ENOENT;
}

/* Version order of two entry ids, as systemd-boot sorts UKIs: the higher is newer. */
static int entry_cmp(const char *a, const char *b)
{
	return strverscmp(a, b);
}

/* Boot time, in seconds since the epoch (/proc/stat's btime). */
static long long boot_time(const char *root)
{
	char path[512], line[256];
	long long t = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/stat", root);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "btime %lld", &t) == 1)
			break;
	fclose(f);
	return t;
}

/* Append NAME to the comma-separated @b->grub_changed. */
static void grub_note(struct hs_boot *b, const char *name)
{
	size_t used = strlen(b->grub_changed);

	snprintf(b->grub_changed + used, sizeof(b->grub_changed) - used, "%s%s",
		 used ? "," : "", name);
}

/* The regular files in DIR (relative to ROOT) changed since boot (time @bt), noted in @b. */
static void grub_dir_changes(const char *root, const char *dir, long long bt, struct hs_boot *b)
{
	char path[1024];
	struct dirent *de;
	struct stat st;
	DIR *d;

	snprintf(path, sizeof(path), "%s/%s", root, dir);
	d = opendir(path);
	while (d && (de = readdir(d))) {
		if (!strcmp(de->d_name, "grubenv"))
			continue;	/* not measured, rewritten at every boot: grubenv_next() */
		snprintf(path, sizeof(path), "%s/%s/%s", root, dir, de->d_name);
		if (stat(path, &st) || !S_ISREG(st.st_mode) || st.st_mtime <= bt)
			continue;
		snprintf(path, sizeof(path), "/%s/%s", dir, de->d_name);
		grub_note(b, path);
	}
	if (d)
		closedir(d);
}

/*
 * A one-time entry in DIR/grubenv (grub-reboot): the next boot runs `set default=...` and
 * `save_env`, which this boot did not, and PCR 8 differs. Noted in @b.
 */
static void grubenv_next(const char *root, const char *dir, struct hs_boot *b)
{
	char path[1024], line[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/grubenv", root, dir);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		size_t n = strcspn(line, "\n");

		line[n] = '\0';
		if (!strncmp(line, "next_entry=", 11) && line[11]) {
			snprintf(path, sizeof(path), "/%s/grubenv next_entry=%s", dir, line + 11);
			grub_note(b, path);
		}
	}
	fclose(f);
}

/*
 * One directory of GRUB's (it holds a grub.cfg): its files changed since boot (time @bt), a
 * one-time entry in its grubenv, and a grubenv that this boot's GRUB did not read although it
 * read its commands into the event log (@flags, from hs_grub_cmds(): no load_env while an
 * environment block exists now, made during this boot by grub-common.service say, so the next
 * boot runs load_env and its commands differ). Noted in @b.
 */
static void grub_dir(const char *root, const char *dir, long long bt, unsigned int flags,
		     struct hs_boot *b)
{
	char path[1024];
	struct stat st;

	b->grub = true;
	grub_dir_changes(root, dir, bt, b);
	grubenv_next(root, dir, b);
	if (!(flags & HS_GRUB_MEASURED) || (flags & HS_GRUB_LOAD_ENV))
		return;
	snprintf(path, sizeof(path), "%s/%s/grubenv", root, dir);
	if (!stat(path, &st) && S_ISREG(st.st_mode) && st.st_size > 0) {
		snprintf(path, sizeof(path), "/%s/grubenv (GRUB read none this boot)", dir);
		grub_note(b, path);
	}
}

/*
 * GRUB: a grub.cfg in /boot/grub or in a vendor directory of the ESP (EFI/VENDOR/ under /efi
 * or /boot/efi). Sets @b->grub, and @b->grub_changed to what changes GRUB's next boot's
 * measurements: what grub_dir() finds in those directories, the rest of a grub-reboot entry
 * this boot ran (its commands in PCR 8 of the event log: GRUB's default runs next), and this
 * kernel's image and initrd in /boot changed since this boot. (Not the directories'
 * subdirectories: fonts, locales and themes are left out.) No event log: only the files.
 */
static void grub_changes(const char *root, struct hs_boot *b)
{
	static const char *const esps[] = { "efi", "boot/efi" };
	long long bt = boot_time(root);
	char dir[512], path[1024];
	unsigned int flags = 0;
	struct utsname u;
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (hs_grub_cmds(root, &flags))
		flags = 0;
	snprintf(path, sizeof(path), "%s/boot/grub/grub.cfg", root);
	if (!stat(path, &st))
		grub_dir(root, "boot/grub", bt, flags, b);
	for (size_t i = 0; i < sizeof(esps) / sizeof(esps[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/EFI", root, esps[i]);
		d = opendir(path);
		while (d && (de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(dir, sizeof(dir), "%s/EFI/%s", esps[i], de->d_name);
			snprintf(path, sizeof(path), "%s/%s/grub.cfg", root, dir);
			if (!stat(path, &st))
				grub_dir(root, dir, bt, flags, b);
		}
		if (d)
			closedir(d);
	}
	if (!b->grub)
		return;
	if (flags & HS_GRUB_BOOT_ONCE)
		grub_note(b, "this boot was a one-time entry (grub-reboot; GRUB's default runs next)");
	if (uname(&u))
		return;
	for (int i = 0; i < 2; i++) {
		snprintf(dir, sizeof(dir), "/boot/%s-%s", i ? "initrd.img" : "vmlinuz", u.release);
		snprintf(path, sizeof(path), "%s%s", root, dir);
		if (!stat(path, &st) && st.st_mtime > bt)
			grub_note(b, dir);
	}
}

/* An EFI_GLOBAL_VARIABLE's data (after its 4 bytes of attributes): the length, or -errno. */
static ssize_t global_var(const char *root, const char *name, unsigned char *buf, size_t size)
{
	unsigned char raw[4 + 4096];
	char path[512];
	size_t n;
	FILE *f;

	if (size > sizeof(raw) - 4)
		size = sizeof(raw) - 4;
	snprintf(path, sizeof(path), "%s/" EFIVARS "/%s-" GLOBAL_GUID, root, name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	n = fread(raw, 1, sizeof(raw), f);
	fclose(f);
	/*
	 * Nothing to read: the firmware deleted the variable under efivarfs's feet (BootNext,
	 * used up by the boot a resumed kernel did not see). UEFI has no empty variables.
	 */
	if (!n)
		return -ENOENT;
	if (n < 4 || n - 4 > size)
		return -EBADMSG;
	memcpy(buf, raw + 4, n - 4);
	return (ssize_t)(n - 4);
}

/* A UINT16 variable (BootCurrent, BootNext) or BootOrder's first entry, or -errno. */
static int global_u16(const char *root, const char *name, bool list)
{
	unsigned char v[512];
	ssize_t n = global_var(root, name, v, sizeof(v));

	if (n < 0)
		return (int)n;
	if (n < 2 || (list ? n % 2 : n != 2))
		return -EBADMSG;
	return v[0] | v[1] << 8;
}

/*
 * An EFI_LOAD_OPTION (UEFI 2.10, 3.1.3): UINT32 attributes, UINT16 the device path's length, the
 * description (UCS-2, NUL-terminated), the device path, optional data. Its description goes to
 * @b->fw_label and the file its media file path nodes name (joined, backslashes made slashes)
 * to @b->fw_file; a device path naming no file (a disk) means the removable media path.
 * Return: 0, or -EBADMSG (malformed), -EILSEQ (a file name hibseal does not handle) or
 * -ENOMEDIUM (the option starts no file from a disk: a firmware application, a network boot).
 */
static int parse_load_option(const unsigned char *p, size_t n, struct hs_boot *b)
{
	size_t i = 6, l = 0, f = 0, dplen;
	const unsigned char *dp, *end;

	if (n < i)
		return -EBADMSG;
	dplen = p[4] | p[5] << 8;
	for (;;) {
		unsigned int c;

		if (i + 2 > n)
			return -EBADMSG;
		c = p[i] | p[i + 1] << 8;
		i += 2;
		if (!c)
			break;
		if (l + 1 < sizeof(b->fw_label))
			b->fw_label[l++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	b->fw_label[l] = '\0';
	if (dplen > n - i)
		return -EBADMSG;
	dp = p + i;
	end = dp + dplen;
	for (;;) {
		unsigned int type, sub, len;

		if (end - dp < 4)
			return -EBADMSG;	/* no end node */
		type = dp[0];
		sub = dp[1];
		len = dp[2] | dp[3] << 8;
		if (len < 4 || len > (size_t)(end - dp))
			return -EBADMSG;
		if (type == 0x7f)
			break;		/* the end of the (first) instance, or of the whole path */
		/* An application inside the firmware (PIWG firmware file or volume), or a network
		 * boot (MAC, URI): no file on a disk that hibseal could check. */
		if ((type == 4 && (sub == 6 || sub == 7)) || (type == 3 && (sub == 11 || sub == 24)))
			return -ENOMEDIUM;
		if (type == 4 && sub == 4) {	/* media device path, file path */
			if (f && b->fw_file[f - 1] != '/' && f + 1 < sizeof(b->fw_file))
				b->fw_file[f++] = '/';
			for (unsigned int j = 4; j + 1 < len; j += 2) {
				unsigned int c = dp[j] | dp[j + 1] << 8;

				if (!c)
					break;
				if (c < 0x20 || c > 0x7e || c == '/')
					return -EILSEQ;
				if (f + 1 >= sizeof(b->fw_file))
					return -EILSEQ;
				b->fw_file[f++] = c == '\\' ? '/' : (char)c;
			}
		}
		dp += len;
	}
	b->fw_file[f] = '\0';
	if (!f) {
		snprintf(b->fw_file, sizeof(b->fw_file), "%s", REMOVABLE_PATH);
		return 0;
	}
	if (b->fw_file[0] != '/') {
		if (f + 1 >= sizeof(b->fw_file))
			return -EILSEQ;
		memmove(b->fw_file + 1, b->fw_file, f + 1);
		b->fw_file[0] = '/';
	}
	/* Looked up under a mount point: no way out of it. */
	if (strstr(b->fw_file, "/../") || !strcmp(b->fw_file + strlen(b->fw_file) - 3, "/.."))
		return -EILSEQ;
	return 0;
}

static unsigned int le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

/* Is the PE image at @path a UKI (a .linux section)? 1 yes, 0 no, -errno unreadable or not PE. */
static int pe_is_uki(const char *path)
{
	unsigned char h[8192];
	size_t pe, sec, nsec;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, h, sizeof(h));
	close(fd);
	if (n < 0x40 || h[0] != 'M' || h[1] != 'Z')
		return n < 0 ? -EIO : -EBADMSG;
	pe = h[0x3c] | h[0x3d] << 8 | (size_t)h[0x3e] << 16 | (size_t)h[0x3f] << 24;
	if (pe > (size_t)n - 24 || memcmp(h + pe, "PE\0\0", 4))
		return -EBADMSG;
	nsec = le16(h + pe + 6);
	sec = pe + 24 + le16(h + pe + 20);	/* after the COFF and optional headers */
	for (size_t i = 0; i < nsec; i++, sec += 40) {
		if (sec + 40 > (size_t)n)
			return -EBADMSG;	/* a section table beyond the first 8 KiB */
		if (!memcmp(h + sec, ".linux\0", 7))
			return 1;
	}
	return 0;
}

/*
 * No boot loader recorded an entry: which of the firmware's boot options started this boot,
 * its file, and what became of it (@b->firmware and the fw_ fields).
 */
static void fw_entries(const char *root, struct hs_boot *b)
{
	static const char *const where[] = { "efi", "boot/efi", "boot" };
	unsigned char opt[4096];
	char name[16];
	struct stat st;
	ssize_t n;
	int r;

	r = global_u16(root, "BootCurrent", false);
	if (r < 0)
		return;
	b->firmware = true;
	b->fw_current = r;
	r = hs_fw_boot_path(root, &b->fw_attempts, b->fw_changed, sizeof(b->fw_changed));
	if (r)
		b->fw_attempts = r;
	b->fw_next = global_u16(root, "BootNext", false);
	b->fw_first = global_u16(root, "BootOrder", true);
	b->fw_uki = -ENOENT;
	snprintf(name, sizeof(name), "Boot%04X", (unsigned int)b->fw_current);
	n = global_var(root, name, opt, sizeof(opt));
	b->fw_error = n < 0 ? (int)n : parse_load_option(opt, (size_t)n, b);
	if (b->fw_error)
		return;
	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		snprintf(b->fw_path, sizeof(b->fw_path), "%s/%s%s", root, where[i], b->fw_file);
		if (!stat(b->fw_path, &st) && S_ISREG(st.st_mode)) {
			long long bt = boot_time(root);

			b->fw_uki = pe_is_uki(b->fw_path);
			if (bt > 0 && st.st_mtime > bt)
				b->fw_state = HS_ENTRY_REWRITTEN;
			return;
		}
	}
	b->fw_path[0] = '\0';
	b->fw_state = HS_ENTRY_GONE;
}

int hs_boot_entries(const char *root, struct hs_boot *b)
{
	char path[1024];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int r;

	if (!root)
		root = "";
	memset(b, 0, sizeof(*b));
	b->fw_current = b->fw_next = b->fw_first = -1;
	r = hs_loader_var(root, "LoaderEntrySelected", b->selected, sizeof(b->selected));
	if (r < 0)
		b->selected[0] = '\0';
	if (hs_loader_var(root, "LoaderEntryOneShot", b->oneshot, sizeof(b->oneshot)) < 0)
		b->oneshot[0] = '\0';
	if (hs_loader_var(root, "LoaderEntryDefault", b->def, sizeof(b->def)) < 0)
		b->def[0] = '\0';

	if (!find_esp(root, b->esp, sizeof(b->esp))) {
		snprintf(path, sizeof(path), "%s/EFI/Linux", b->esp);
		d = opendir(path);
		while (d && (de = readdir(d))) {
			size_t len = strlen(de->d_name);

			if (len < 5 || len >= sizeof(b->newest) ||
			    strcasecmp(de->d_name + len - 4, ".efi"))
				continue;
			b->nr_entries++;
			if (!b->newest[0] || entry_cmp(de->d_name, b->newest) > 0)
				snprintf(b->newest, sizeof(b->newest), "%s", de->d_name);
		}
		if (d)
			closedir(d);
		if (b->selected[0]) {
			long long bt = boot_time(root);

			snprintf(path, sizeof(path), "%s/EFI/Linux/%s", b->esp, b->selected);
			if (stat(path, &st))
				b->selected_state = HS_ENTRY_GONE;
			else if (bt > 0 && st.st_mtime > bt)
				b->selected_state = HS_ENTRY_REWRITTEN;
		}
	}

	if (!b->selected[0])
		grub_changes(root, b);
	if (!b->selected[0] && !b->grub)
		fw_entries(root, b);

	/* What systemd-boot will start next, and why. */
	if (b->oneshot[0]) {
		snprintf(b->next, sizeof(b->next), "%s", b->oneshot);
		b->next_why = "one-shot";
	} else if (b->def[0]) {
		snprintf(b->next, sizeof(b->next), "%s", b->def);
		b->next_why = "default";
	} else if (b->newest[0]) {
		snprintf(b->next, sizeof(b->next), "%s", b->newest);
		b->next_why = "newest";
	}
	if (b->firmware) {
		/* The firmware's next boot: BootNext once, else the first of BootOrder. */
		int next = b->fw_next >= 0 ? b->fw_next : b->fw_first;

		b->next[0] = '\0';
		b->next_why = NULL;
		if (next >= 0) {
			snprintf(b->next, sizeof(b->next), "Boot%04X", (unsigned int)next);
			b->next_why = b->fw_next >= 0 ? "BootNext" : "BootOrder";
		}
	}
	return b->selected[0] || b->firmware ? 0 : -ENODATA;
}

bool hs_boot_pinnable(const struct hs_boot *b, char *why, size_t size)
{
	if (!b->selected[0] && b->grub) {
		if (!b->grub_changed[0])
			return true;	/* nothing to pin: the next boot runs what this one ran */
		snprintf(why, size, "GRUB's files changed since this boot (%s): GRUB measures "
			 "its commands and the files it reads into PCRs 8 and 9, so the next boot "
			 "measures another configuration, kernel or initrd, which cannot open the "
			 "image", b->grub_changed);
		return false;
	}
	if (!b->selected[0] && b->firmware) {
		if (b->fw_error) {
			snprintf(why, size, "the firmware's boot option Boot%04X, which started this "
				 "system, cannot be read (%s), so the next boot cannot be pinned to it",
				 (unsigned int)b->fw_current, strerror(-b->fw_error));
			return false;
		}
		if (b->fw_state == HS_ENTRY_GONE) {
			snprintf(why, size, "the file %s that Boot%04X (%s) started this system from "
				 "is not under /efi, /boot/efi or /boot: if the ESP is not mounted, "
				 "mount it there; if the file is gone, the next boot cannot start this "
				 "kernel", b->fw_file, (unsigned int)b->fw_current, b->fw_label);
			return false;
		}
		if (b->fw_uki < 0) {
			snprintf(why, size, "%s, which Boot%04X started this system from, cannot be "
				 "read as a PE image (%s), so hibseal cannot tell which kernel it "
				 "starts", b->fw_path, (unsigned int)b->fw_current,
				 strerror(-b->fw_uki));
			return false;
		}
		if (!b->fw_uki) {
			snprintf(why, size, "the firmware started %s (Boot%04X), a boot loader that "
				 "did not record which kernel it started (systemd-boot records it), so "
				 "the next boot could start another kernel, which cannot open the image",
				 b->fw_path, (unsigned int)b->fw_current);
			return false;
		}
		if (b->fw_state == HS_ENTRY_REWRITTEN) {
			snprintf(why, size, "%s, the UKI Boot%04X started this system from, was "
				 "rewritten since this boot (a kernel or initramfs update): the next "
				 "boot would start another kernel under that name, which cannot open "
				 "the image", b->fw_path, (unsigned int)b->fw_current);
			return false;
		}
		if (b->fw_attempts < 0) {
			snprintf(why, size, "the firmware's TCG event log cannot be read (%s), so "
				 "hibseal cannot tell whether the next boot would reach this kernel "
				 "the way this one did (PCR 4 measures every boot attempt)",
				 strerror(-b->fw_attempts));
			return false;
		}
		if (b->fw_attempts > 1 && b->fw_changed[0]) {
			snprintf(why, size, "the firmware tried %d boot options to start this "
				 "kernel, and its boot variables changed since (%s): the next boot "
				 "would try others, and PCR 4, which measures every attempt, would "
				 "differ", b->fw_attempts, b->fw_changed);
			return false;
		}
		if (b->fw_attempts > 1 && b->fw_next >= 0) {
			snprintf(why, size, "BootNext is set (Boot%04X), and this boot came through "
				 "%d attempts of BootOrder: the next boot would skip them, and PCR 4, "
				 "which measures every attempt, would differ (remove BootNext: "
				 "efibootmgr --delete-bootnext)", (unsigned int)b->fw_next,
				 b->fw_attempts);
			return false;
		}
		return true;
	}
	if (!b->selected[0]) {
		snprintf(why, size, "neither the boot loader (no LoaderEntrySelected: systemd-boot "
			 "records it) nor the firmware (no BootCurrent) recorded what started this "
			 "system, so the next boot could start another kernel, which cannot open the "
			 "image");
		return false;
	}
	if (b->selected_state == HS_ENTRY_GONE) {
		snprintf(why, size, "this boot's entry %s is no longer in the ESP (%s/EFI/Linux): "
			 "the next boot cannot start the kernel that would write the image",
			 b->selected, b->esp);
		return false;
	}
	if (b->selected_state == HS_ENTRY_REWRITTEN) {
		snprintf(why, size, "this boot's entry %s was rewritten since this boot (a kernel "
			 "or initramfs update): the next boot would start another kernel under that "
			 "name, which cannot open the image", b->selected);
		return false;
	}
	return true;
}

/* Make an efivarfs file writable and removable: the kernel marks them immutable. */
static int clear_immutable(const char *path)
{
	int fd, flags, r = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && (flags & FS_IMMUTABLE_FL)) {
		flags &= ~FS_IMMUTABLE_FL;
		if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
			r = -errno;
	}
	close(fd);
	return r;
}

/* Write an EFI variable through efivarfs: @var is its 4 bytes of attributes, then its data. */
static int var_write(const char *path, const unsigned char *var, size_t n)
{
	ssize_t w;
	int fd, r;

	r = clear_immutable(path);
	if (r)
		return r;
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);	/* a write replaces the variable */
	if (fd < 0)
		return -errno;
	w = write(fd, var, n);
	r = w == (ssize_t)n ? 0 : w < 0 ? -errno : -EIO;
	if (close(fd) && !r)
		r = -errno;
	return r;
}

bool hs_boot_uses_bootnext(const struct hs_boot *b)
{
	return !b->selected[0] && !b->grub && b->firmware && b->fw_attempts == 1;
}

int hs_boot_pin_next(const char *root, int num)
{
	unsigned char var[6] = { LOADER_ATTRS, 0, 0, 0 };
	char path[512];

	if (!root)
		root = "";
	if (num < 0 || num > 0xffff)
		return -EINVAL;
	var[4] = num & 0xff;
	var[5] = (num >> 8) & 0xff;
	snprintf(path, sizeof(path), "%s/" EFIVARS "/BootNext-" GLOBAL_GUID, root);
	return var_write(path, var, sizeof(var));
}

int hs_boot_unpin_next(const char *root, int num)
{
	char path[512];
	int r;

	if (!root)
		root = "";
	r = global_u16(root, "BootNext", false);
	if (r == -ENOENT)
		return 0;
	if (r < 0)
		return r;
	if (r != num)
		return 0;	/* someone else's BootNext: theirs to keep */
	snprintf(path, sizeof(path), "%s/" EFIVARS "/BootNext-" GLOBAL_GUID, root);
	r = clear_immutable(path);
	if (r)
		return r;
	return unlink(path) ? -errno : 1;
}

int hs_boot_pin(const char *root, const char *entry)
{
	unsigned char var[4 + 2 * (HS_BOOT_ENTRY_MAX + 1)];
	size_t len = strlen(entry), n = 0;
	char path[512];

	if (!root)
		root = "";
	if (!len || len > HS_BOOT_ENTRY_MAX)
		return -EINVAL;
	var[n++] = LOADER_ATTRS & 0xff;
	var[n++] = 0;
	var[n++] = 0;
	var[n++] = 0;
	for (size_t i = 0; i <= len; i++) {	/* with the terminating NUL, as bootctl writes */
		var[n++] = (unsigned char)entry[i];
		var[n++] = 0;
	}
	var_path(root, "LoaderEntryOneShot", path, sizeof(path));
	return var_write(path, var, n);
}

int hs_boot_unpin(const char *root, const char *entry)
{
	char path[512], cur[HS_BOOT_ENTRY_MAX + 1];
	int r;

	if (!root)
		root = "";
	r = hs_loader_var(root, "LoaderEntryOneShot", cur, sizeof(cur));
	if (r == -ENOENT || r == -ENODATA)
		return 0;
	if (r < 0)
		return r;
	if (strcmp(cur, entry))
		return 0;	/* someone else's one-shot: theirs to keep */
	var_path(root, "LoaderEntryOneShot", path, sizeof(path));
	r = clear_immutable(path);
	if (r)
		return r;
	return unlink(path) ? -errno : 1;
}

#define PARKED_SUFFIX	".hibseal-parked"

/* Append ",NAME" (NAME's first @len bytes) to the list in @names; it stays NUL-terminated and
 * is cut short when full. Return: the new length (capped at @size - 1).
 */
static size_t append_name(char *names, size_t size, size_t used, const char *name, size_t len)
{
	int w;

	if (used + 1 >= size)
		return used;
	w = snprintf(names + used, size - used, "%s%.*s", used ? "," : "", (int)len, name);
	if (w < 0)
		return used;
	return used + (size_t)w < size ? used + (size_t)w : size - 1;
}

int hs_boot_park(const char *root, const struct hs_boot *b, char *names, size_t size)
{
	char dir[512], from[1024], to[1024];
	long long bt;
	struct dirent *de;
	struct stat st;
	int n = 0, r = 0;
	size_t used = 0;
	DIR *d;

	if (!root)
		root = "";
	names[0] = '\0';
	if (!b->esp[0] || !b->selected[0])
		return 0;
	bt = boot_time(root);
	if (bt <= 0)
		return -ENODATA;
	snprintf(dir, sizeof(dir), "%s/EFI/Linux", b->esp);
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len < 5 || strcasecmp(de->d_name + len - 4, ".efi") ||
		    !strcmp(de->d_name, b->selected))
			continue;
		if ((size_t)snprintf(from, sizeof(from), "%s/%s", dir, de->d_name) >= sizeof(from) ||
		    (size_t)snprintf(to, sizeof(to), "%s" PARKED_SUFFIX, from) >= sizeof(to))
			continue;	/* no entry id is that long */
		if (stat(from, &st) || st.st_mtime <= bt)
			continue;	/* there when this boot started: its boot loader saw it */
		if (rename(from, to)) {
			r = -errno;
			break;
		}
		n++;
		used = append_name(names, size, used, de->d_name, len);
	}
	closedir(d);
	return r ? r : n;
}

int hs_boot_unpark(const char *root, char *names, size_t size)
{
	char esp[256], dir[512], from[1024], to[1024];
	size_t plen = strlen(PARKED_SUFFIX), used = 0;
	struct dirent *de;
	int n = 0, r = 0;
	DIR *d;

	if (!root)
		root = "";
	names[0] = '\0';
	if (find_esp(root, esp, sizeof(esp)))
		return 0;
	snprintf(dir, sizeof(dir), "%s/EFI/Linux", esp);
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len <= plen || strcmp(de->d_name + len - plen, PARKED_SUFFIX))
			continue;
		if ((size_t)snprintf(from, sizeof(from), "%s/%s", dir, de->d_name) >= sizeof(from) ||
		    (size_t)snprintf(to, sizeof(to), "%.*s", (int)(strlen(from) - plen), from) >=
		    sizeof(to))
			continue;
		if (rename(from, to)) {
			r = -errno;
			break;
		}
		n++;
		used = append_name(names, size, used, de->d_name, len - plen);
	}
	closedir(d);
	return r ? r : n;
}
