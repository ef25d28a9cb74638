// SPDX-License-Identifier: GPL-2.0
/*
 * hs_status_read() and hs_status_explain(): whether this machine can hibernate, and why, from
 * what the kernel publishes (libhibseal.h). Every path is read under a root directory, so the
 * unit tests can hand it a made-up /sys and /proc.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_private.h"
#include "stored_image.h"

#define SECUREBOOT_VAR "sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"


/* @rel under @root, opened for reading. */
static FILE *open_under(const char *root, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	return fopen(path, "re");
}

/* Read @rel under @root into @buf (NUL-terminated, trailing newline dropped). Return: bytes. */
static int read_text(const char *root, const char *rel, char *buf, size_t size)
{
	size_t n;
	FILE *f;

	f = open_under(root, rel);
	if (!f)
		return -errno;
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return (int)n;
}

/* /sys/kernel/security/lockdown: "none [integrity] confidentiality" -> "integrity". */
static void read_lockdown(const char *root, struct hs_status *st)
{
	char buf[128], *open, *close;

	snprintf(st->lockdown, sizeof(st->lockdown), "absent");
	if (read_text(root, "sys/kernel/security/lockdown", buf, sizeof(buf)) <= 0)
		return;
	open = strchr(buf, '[');
	close = open ? strchr(open, ']') : NULL;
	if (open && close && close - open - 1 < (long)sizeof(st->lockdown)) {
		*close = '\0';
		snprintf(st->lockdown, sizeof(st->lockdown), "%s", open + 1);
	}
}

/* The SecureBoot variable: 4 bytes of attributes, then the value byte. */
static void read_secure_boot(const char *root, struct hs_status *st)
{
	FILE *f = open_under(root, SECUREBOOT_VAR);
	unsigned char var[8];
	size_t n;

	st->secure_boot = -1;
	if (!f)
		return;
	n = fread(var, 1, sizeof(var), f);
	fclose(f);
	if (n == 5)
		st->secure_boot = var[4] == 1;
}

/*
 * A list of PCRs as the kernel prints a bitmap ("4,7-9,14": numbers and ranges, ascending, each
 * below 24) into @index. Return: how many, or -1 when the text is not such a list or names
 * more than @max.
 */
static int parse_pcr_list(const char *s, unsigned int *index, int max)
{
	int n = 0, next = 0;

	if (!*s)
		return -1;
	for (;;) {
		unsigned long lo, hi;
		char *end;

		if (*s < '0' || *s > '9')
			return -1;
		lo = strtoul(s, &end, 10);
		hi = lo;
		s = end;
		if (*s == '-') {
			if (s[1] < '0' || s[1] > '9')
				return -1;
			hi = strtoul(s + 1, &end, 10);
			s = end;
		}
		/* (unsigned long: a huge number is not taken for a small one) */
		if (lo < (unsigned long)next || hi < lo || hi > 23)
			return -1;
		for (unsigned int pcr = lo; pcr <= (unsigned int)hi; pcr++) {
			if (n == max)
				return -1;
			index[n++] = pcr;
		}
		next = (int)hi + 1;
		if (!*s)
			return n;
		if (*s++ != ',')
			return -1;
	}
}

/* The PCRs the kernel binds (/sys/power/hibernate_seal_pcrs), and their values from sysfs. */
static void read_tpm(const char *root, struct hs_status *st)
{
	char buf[80], rel[64];
	int n;

	st->tpm_version = 0;
	if (read_text(root, "sys/class/tpm/tpm0/tpm_version_major", buf, sizeof(buf)) > 0)
		st->tpm_version = atoi(buf);
	st->nr_pcrs = 0;
	if (read_text(root, "sys/power/hibernate_seal_pcrs", st->pcrs_bound,
		      sizeof(st->pcrs_bound)) < 0) {
		snprintf(st->pcrs_bound, sizeof(st->pcrs_bound), "absent");
		return;
	}
	n = parse_pcr_list(st->pcrs_bound, st->pcr_index, HS_STATUS_PCRS);
	if (n < 0) {
		snprintf(st->pcrs_bound, sizeof(st->pcrs_bound), "malformed");
		return;
	}
	st->nr_pcrs = n;
	for (int i = 0; i < st->nr_pcrs; i++) {
		snprintf(rel, sizeof(rel), "sys/class/tpm/tpm0/pcr-sha256/%u", st->pcr_index[i]);
		if (read_text(root, rel, buf, sizeof(buf)) != 64)
			snprintf(st->pcr[i], sizeof(st->pcr[i]), "unreadable");
		else
			snprintf(st->pcr[i], sizeof(st->pcr[i]), "%s", buf);
	}
}

/* /proc/swaps: a title line, then "NAME TYPE SIZE USED PRIO" per active swap area. */
static void read_swaps(const char *root, struct hs_status *st)
{
	FILE *f = open_under(root, "proc/swaps");
	char line[512];

	st->nr_swaps = 0;
	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		while (st->nr_swaps < HS_STATUS_SWAPS && fgets(line, sizeof(line), f)) {
			struct hs_swap *sw = &st->swap[st->nr_swaps];

			if (sscanf(line, "%255s %31s %llu %llu", sw->name, sw->type, &sw->kib,
				   &sw->used_kib) != 4)
				continue;
			/* logind does not count zram either: it is RAM, gone at power-off. */
			sw->zram = !strncmp(sw->name, "/dev/zram", 9);
			st->nr_swaps++;
		}
	}
	fclose(f);
}

/* The device node of "MAJOR:MINOR", from sysfs's uevent of that block device. */
static void read_resume_name(const char *root, struct hs_status *st)
{
	char rel[64], buf[512], *name;

	st->resume_name[0] = '\0';
	if (!strchr(st->resume, ':') || !strcmp(st->resume, "0:0"))
		return;
	snprintf(rel, sizeof(rel), "sys/dev/block/%s/uevent", st->resume);
	if (read_text(root, rel, buf, sizeof(buf)) <= 0)
		return;
	name = strstr(buf, "DEVNAME=");
	if (name && (name == buf || name[-1] == '\n')) {
		name += 8;
		name[strcspn(name, "\n")] = '\0';
		if (*name && !strchr(name, '/') && strlen(name) < sizeof(st->resume_name) - 5)
			snprintf(st->resume_name, sizeof(st->resume_name), "/dev/%s", name);
	}
}

/* Active(anon) in /proc/meminfo, in KiB. */
static void read_anon(const char *root, struct hs_status *st)
{
	FILE *f = open_under(root, "proc/meminfo");
	char line[256];

	st->anon_kib = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Active(anon): %llu kB", &st->anon_kib) == 1)
			break;
	fclose(f);
}

unsigned long long hs_swap_free_kib(const struct hs_status *st)
{
	unsigned long long free_kib = 0;

	for (int i = 0; i < st->nr_swaps; i++)
		if (!st->swap[i].zram && st->swap[i].kib > st->swap[i].used_kib)
			free_kib += st->swap[i].kib - st->swap[i].used_kib;
	return free_kib;
}

/*
 * Whether the resume device holds one of the active swap areas: 1 when one of them is a
 * partition with its device number; -1 when every one of them is a partition whose device
 * number sysfs gives and none is the resume device; 0 when that cannot be told (a swap file:
 * on btrfs, for one, its st_dev is not its disk's; no resume device).
 */
static int resume_holds_swap(const char *root, const struct hs_status *st)
{
	char rel[300], dev[32];
	const char *base;
	bool all_known = true;

	if (!strcmp(st->resume, "0:0") || !strchr(st->resume, ':'))
		return 0;
	for (int i = 0; i < st->nr_swaps; i++) {
		if (st->swap[i].zram)
			continue;
		base = strrchr(st->swap[i].name, '/');
		base = base ? base + 1 : st->swap[i].name;
		if (strcmp(st->swap[i].type, "partition") || !*base) {
			all_known = false;
			continue;
		}
		snprintf(rel, sizeof(rel), "sys/class/block/%s/dev", base);
		if (read_text(root, rel, dev, sizeof(dev)) <= 0) {
			all_known = false;
			continue;
		}
		if (!strcmp(dev, st->resume))
			return 1;
	}
	return all_known ? -1 : 0;
}

/* Active swap that can hold an image across power-off: not zram. */
static int disk_swaps(const struct hs_status *st)
{
	int n = 0;

	for (int i = 0; i < st->nr_swaps; i++)
		n += !st->swap[i].zram;
	return n;
}

/*
 * No resume= set: the uswsusp path's configuration (hibseal suspend, and hibseal resume in the
 * initramfs) may name the device instead: the first of the files that exists, read by the
 * tools' own parser (a file they would refuse names nothing); the device as MAJOR:MINOR from
 * sysfs's /sys/class/block/NAME/dev.
 */
static void read_uswsusp_conf(const char *root, struct hs_status *st)
{
	static const char *const files[] = { "etc/uswsusp.conf", "etc/suspend.conf" };
	struct hs_us_config cfg = { 0 };
	char text[8192], rel[600], num[32];
	const char *file = NULL, *dev;
	size_t n;
	FILE *f = NULL;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]) && !f; i++) {
		f = open_under(root, files[i]);
		file = files[i];
	}
	if (!f)
		return;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	if (n == sizeof(text) - 1 || hs_us_config_parse(text, &cfg, NULL, 0) || !cfg.have_device)
		return;
	/* Only a plain /dev/NAME can be looked up in sysfs. */
	dev = cfg.device;
	if (strncmp(dev, "/dev/", 5) || !dev[5] || strchr(dev + 5, '/') ||
	    strlen(dev) >= sizeof(st->resume_name))
		return;
	snprintf(rel, sizeof(rel), "sys/class/block/%s/dev", dev + 5);
	if (read_text(root, rel, num, sizeof(num)) <= 0 || !strchr(num, ':'))
		return;
	snprintf(st->resume, sizeof(st->resume), "%s", num);
	memcpy(st->resume_name, dev, strlen(dev) + 1);
	snprintf(st->resume_from, sizeof(st->resume_from), "/%s", file);
	st->resume_offset = cfg.offset;
}

int hs_status_read(const char *root, struct hs_status *st)
{
	char buf[256];

	memset(st, 0, sizeof(*st));
	if (!root || !*root)
		root = "";
	read_lockdown(root, st);
	read_secure_boot(root, st);
	read_tpm(root, st);
	read_swaps(root, st);
	if (read_text(root, "sys/power/hibernate_seal", st->seal, sizeof(st->seal)) < 0)
		snprintf(st->seal, sizeof(st->seal), "absent");
	if (read_text(root, "sys/power/hibernate_seal_resume", st->last_resume,
		      sizeof(st->last_resume)) < 0)
		snprintf(st->last_resume, sizeof(st->last_resume), "absent");
	if (read_text(root, "sys/power/state", buf, sizeof(buf)) < 0)
		return -ENOENT;		/* no /sys/power: nothing to say */
	st->disk_offered = strstr(buf, "disk") != NULL;
	if (read_text(root, "sys/power/resume", st->resume, sizeof(st->resume)) < 0)
		snprintf(st->resume, sizeof(st->resume), "unknown");
	if (read_text(root, "sys/power/resume_offset", buf, sizeof(buf)) > 0)
		st->resume_offset = strtoull(buf, NULL, 10);
	read_resume_name(root, st);
	if (!strcmp(st->resume, "0:0"))
		read_uswsusp_conf(root, st);
	read_anon(root, st);
	st->resume_holds_swap = resume_holds_swap(root, st);
	st->sb_check = hs_sb_changed(root, st->sb_changed, sizeof(st->sb_changed));
	hs_mok_pending(root, st->mok_pending, sizeof(st->mok_pending));
	hs_boot_entries(root, &st->boot);
	return 0;
}

/* Is a lockdown mode one that restricts hibernation? */
static bool locked(const struct hs_status *st)
{
	return !strcmp(st->lockdown, "integrity") || !strcmp(st->lockdown, "confidentiality");
}

/*
 * The verdict: the sentence in @buf, and in @kind and @key the reason lib/reasons.def has the
 * fix for (@key NULL when hibernation is available). Return: available.
 */
static bool explain(const struct hs_status *st, char *buf, size_t size,
		    enum hs_reason_kind *kind, const char **key)
{
	bool sealing = !strcmp(st->seal, "ready");
	char why[512];

	*kind = HS_REASON_SETUP;
	*key = NULL;
	if (!st->disk_offered) {
		if (locked(st) && !strncmp(st->seal, "unavailable: ", 13)) {
			snprintf(buf, size, "Hibernation is not available: lockdown (%s) forbids "
				 "unsealed images and sealed hibernation is unavailable: %s.",
				 st->lockdown, st->seal + 13);
			*kind = HS_REASON_UNAVAILABLE;
			*key = st->seal + 13;
		} else if (locked(st) && !strcmp(st->seal, "absent")) {
			snprintf(buf, size, "Hibernation is not available: lockdown (%s) forbids it "
				 "and this kernel has no sealed hibernation.", st->lockdown);
			*key = "no-hibseal-kernel";
		} else {
			snprintf(buf, size, "Hibernation is not available: the kernel does not "
				 "offer it ('disk' is not in /sys/power/state).");
			*key = "not-offered";
		}
		return false;
	}
	if (!disk_swaps(st)) {
		snprintf(buf, size, "Hibernation cannot work yet: the kernel offers it, but no swap "
			 "%sis active to write the image to.",
			 st->nr_swaps ? "but zram (RAM, lost at power-off) " : "");
		*key = "no-swap";
		return false;
	}
	if (!strcmp(st->resume, "0:0")) {
		snprintf(buf, size, "Hibernation cannot work yet: no resume device is set, so the "
			 "next boot would not look for the image.");
		*key = "no-resume-device";
		return false;
	}
	if (st->resume_holds_swap < 0) {
		snprintf(buf, size, "Hibernation cannot work yet: the resume device %s%s%s%s holds "
			 "none of the active swap areas, so the image would be written where the next "
			 "boot does not look.", st->resume_name[0] ? st->resume_name : st->resume,
			 st->resume_name[0] ? " (" : "", st->resume_name[0] ? st->resume : "",
			 st->resume_name[0] ? ")" : "");
		*key = "resume-not-swap";
		return false;
	}
	/* As systemd checks before it hibernates: the anonymous memory in use must fit. */
	if (st->anon_kib && st->anon_kib > hs_swap_free_kib(st) / 100 * 98) {
		snprintf(buf, size, "Hibernation would fail: %llu KiB of memory in use (Active(anon)) "
			 "and %llu KiB of swap free to write it to.", st->anon_kib,
			 hs_swap_free_kib(st));
		*key = "swap-too-small";
		return false;
	}
	if (locked(st) && sealing && st->sb_check > 0) {
		snprintf(buf, size, "Hibernation would lose the session: the Secure Boot "
			 "variable(s) %s changed since this boot (a firmware or revocation update), "
			 "so the next boot measures another PCR 7 and cannot open an image sealed "
			 "now.", st->sb_changed);
		*key = "secure-boot-update";
		return false;
	}
	if (locked(st) && sealing && st->mok_pending[0]) {
		snprintf(buf, size, "Hibernation would lose the session: shim's MokManager has "
			 "pending requests (%s) for the next boot, which then measures other MOK "
			 "lists into PCR 14 and cannot open an image sealed now.", st->mok_pending);
		*key = "mok-pending";
		return false;
	}
	/* What hibseal pin-boot (systemctl hibernate) and hibseal suspend refuse on. */
	if (locked(st) && sealing && !hs_boot_pinnable(&st->boot, why, sizeof(why))) {
		const struct hs_boot *b = &st->boot;

		snprintf(buf, size, "Hibernation would lose the session: %s.", why);
		/* Changed since this boot; or nothing that says which kernel the next boot runs. */
		if (b->selected[0] || b->grub || (b->firmware && !b->fw_error && b->fw_uki > 0))
			*key = "boot-entry";
		else if (b->firmware && !b->fw_error && b->fw_state == HS_ENTRY_GONE)
			*key = "boot-file-not-found";
		else
			*key = "boot-unrecorded";
		return false;
	}
	if (locked(st) && sealing) {
		snprintf(buf, size, "Hibernation is available, sealed: lockdown (%s) is on, so the "
			 "image is encrypted and authenticated with a key the TPM releases only to "
			 "this kernel and Secure Boot state.", st->lockdown);
		return true;
	}
	if (locked(st)) {
		snprintf(buf, size, "Hibernation is not available: lockdown (%s) is on and sealed "
			 "hibernation is %s.", st->lockdown, st->seal);
		*kind = HS_REASON_UNAVAILABLE;
		*key = !strncmp(st->seal, "unavailable: ", 13) ? st->seal + 13 : st->seal;
		return false;
	}
	snprintf(buf, size, "Hibernation is available, unsealed: lockdown is off, so the image is "
		 "written in the clear and resumed without checks.");
	return true;
}

bool hs_status_explain(const struct hs_status *st, char *buf, size_t size)
{
	enum hs_reason_kind kind;
	const char *key;

	return explain(st, buf, size, &kind, &key);
}

const char *hs_status_fix(const struct hs_status *st)
{
	enum hs_reason_kind kind;
	const char *key;
	char why[1024];

	if (explain(st, why, sizeof(why), &kind, &key) || !key)
		return NULL;
	return hs_reason_fix(kind, key);
}

const char *hs_status_resume_fix(const struct hs_status *st)
{
	return hs_reason_fix(HS_REASON_RESUME, st->last_resume);
}

/* The errno of a refusal is for the kernel's documentation only. */
const struct hs_reason hs_reasons[] = {
#define HS_REASON(kind, match, fix) { HS_REASON_##kind, match, fix },
#define HS_REFUSAL(match, err, fix) { HS_REASON_RESUME, match, fix },
#include "reasons.def"
#undef HS_REFUSAL
#undef HS_REASON
};

const size_t hs_nr_reasons = sizeof(hs_reasons) / sizeof(hs_reasons[0]);

/* Does @match start @text? A '*' in @match stands for a number, one digit or more. */
static bool reason_matches(const char *match, const char *text)
{
	for (; *match; match++) {
		if (*match != '*') {
			if (*text++ != *match)
				return false;
			continue;
		}
		if (!isdigit((unsigned char)*text))
			return false;
		while (isdigit((unsigned char)*text))
			text++;
	}
	return true;
}

const char *hs_reason_fix(enum hs_reason_kind kind, const char *text)
{
	for (size_t i = 0; i < hs_nr_reasons; i++)
		if (hs_reasons[i].kind == kind && reason_matches(hs_reasons[i].match, text))
			return hs_reasons[i].fix;
	return NULL;
}

/* A comma-separated list ("db,dbx", "MokNew, MokSB") as a JSON array of its names. */
static void json_list(struct hs_json *j, const char *key, const char *list)
{
	char buf[256], *save = NULL, *name;

	hs_json_array(j, key);
	snprintf(buf, sizeof(buf), "%s", list);
	for (name = strtok_r(buf, ", ", &save); name; name = strtok_r(NULL, ", ", &save))
		hs_json_string(j, NULL, name);
	hs_json_close(j);
}

/* "NAME" or "NAME: REASON" (the kernel's sysfs lines) split into two members. */
static void json_split(struct hs_json *j, const char *name_key, const char *reason_key,
		       const char *line)
{
	const char *colon = strstr(line, ": ");
	char name[64];

	if (!colon) {
		hs_json_string(j, name_key, line);
		hs_json_string(j, reason_key, NULL);
		return;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(colon - line), line);
	hs_json_string(j, name_key, name);
	hs_json_string(j, reason_key, colon + 2);
}

int hs_status_json(FILE *f, const struct hs_status *st)
{
	static const char *const entry_states[] = { "kept", "gone", "rewritten" };
	char fw[16];
	enum hs_reason_kind kind;
	struct hs_json j;
	const char *key;
	char why[1024];
	bool available = explain(st, why, sizeof(why), &kind, &key);
	char num[16];

	hs_json_begin(&j, f);
	hs_json_uint(&j, "format", 1);
	hs_json_bool(&j, "available", available);
	hs_json_string(&j, "why", why);
	hs_json_string(&j, "fix", available || !key ? NULL : hs_reason_fix(kind, key));
	hs_json_string(&j, "lockdown", st->lockdown);
	hs_json_bool(&j, "secure_boot", st->secure_boot);
	hs_json_object(&j, "tpm");
	hs_json_uint(&j, "version", st->tpm_version);
	hs_json_string(&j, "pcrs_bound", strcmp(st->pcrs_bound, "absent") &&
		       strcmp(st->pcrs_bound, "malformed") ? st->pcrs_bound : NULL);
	hs_json_object(&j, "pcrs_sha256");
	for (int i = 0; st->tpm_version && i < st->nr_pcrs; i++) {
		snprintf(num, sizeof(num), "%u", st->pcr_index[i]);
		hs_json_string(&j, num, strcmp(st->pcr[i], "unreadable") ? st->pcr[i] : NULL);
	}
	hs_json_close(&j);
	hs_json_close(&j);
	hs_json_object(&j, "sealed_hibernation");
	json_split(&j, "state", "reason", st->seal);
	hs_json_close(&j);
	hs_json_object(&j, "last_resume");
	json_split(&j, "outcome", "reason", st->last_resume);
	hs_json_string(&j, "fix", hs_status_resume_fix(st));
	hs_json_close(&j);
	hs_json_bool(&j, "disk_offered", st->disk_offered);
	hs_json_array(&j, "swaps");
	for (int i = 0; i < st->nr_swaps; i++) {
		hs_json_object(&j, NULL);
		hs_json_string(&j, "name", st->swap[i].name);
		hs_json_string(&j, "type", st->swap[i].type);
		hs_json_uint(&j, "size_kib", st->swap[i].kib);
		hs_json_uint(&j, "used_kib", st->swap[i].used_kib);
		hs_json_bool(&j, "zram", st->swap[i].zram);
		hs_json_close(&j);
	}
	hs_json_close(&j);
	hs_json_object(&j, "resume");
	hs_json_string(&j, "device", strcmp(st->resume, "0:0") ? st->resume : NULL);
	hs_json_string(&j, "name", st->resume_name[0] ? st->resume_name : NULL);
	hs_json_bool(&j, "holds_swap", st->resume_holds_swap ? st->resume_holds_swap > 0 : -1);
	hs_json_uint(&j, "offset", st->resume_offset);
	hs_json_string(&j, "from", st->resume_from[0] ? st->resume_from : NULL);
	hs_json_close(&j);
	hs_json_object(&j, "memory");
	hs_json_uint(&j, "active_anon_kib", st->anon_kib);
	hs_json_uint(&j, "swap_free_kib", hs_swap_free_kib(st));
	hs_json_close(&j);
	hs_json_object(&j, "secure_boot_variables");
	hs_json_bool(&j, "compared", st->sb_check >= 0);
	json_list(&j, "changed", st->sb_check > 0 ? st->sb_changed : "");
	hs_json_close(&j);
	json_list(&j, "mok_requests", st->mok_pending);
	hs_json_object(&j, "boot");
	snprintf(fw, sizeof(fw), "Boot%04X", (unsigned int)st->boot.fw_current);
	hs_json_string(&j, "loader", st->boot.selected[0] ? "systemd-boot" :
		       st->boot.grub ? "grub" : st->boot.firmware ? "firmware" : NULL);
	hs_json_string(&j, "entry", st->boot.selected[0] ? st->boot.selected :
		       st->boot.firmware ? fw : NULL);
	hs_json_string(&j, "entry_state", st->boot.selected[0] ?
		       entry_states[st->boot.selected_state] :
		       st->boot.firmware && !st->boot.fw_error ?
		       entry_states[st->boot.fw_state] : NULL);
	hs_json_string(&j, "file", st->boot.firmware && !st->boot.fw_error ?
		       st->boot.fw_file : NULL);
	hs_json_bool(&j, "uki", st->boot.firmware && !st->boot.fw_error && st->boot.fw_uki >= 0 ?
		     st->boot.fw_uki : -1);
	hs_json_string(&j, "next", st->boot.next[0] ? st->boot.next : NULL);
	hs_json_string(&j, "next_why", st->boot.next[0] ? st->boot.next_why : NULL);
	hs_json_string(&j, "grub_changed", st->boot.grub_changed[0] ? st->boot.grub_changed : NULL);
	hs_json_close(&j);
	return hs_json_end(&j) || ferror(f) ? -1 : 0;
}
