// SPDX-License-Identifier: GPL-2.0
/*
 * hs_status_read() and hs_status_explain() (userspace/uswsusp/lib/status.c) on made-up /sys
 * and /proc trees: each case writes the files a kernel would publish, then checks the facts
 * read (the last resume's outcome among them) and the one-sentence verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../userspace/uswsusp/include/libhibseal.h"
#include "tap.h"
#include "testfs.h"

#define SB_VAR "sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"

struct machine {
	const char *name;
	const char *lockdown;	/* file contents, NULL: absent */
	int secure_boot;	/* -1: no variable */
	int tpm;		/* 0: none */
	const char *seal;	/* NULL: absent */
	const char *state;
	const char *swaps;	/* /proc/swaps lines after the title */
	const char *resume;
	const char *last_resume;	/* /sys/power/hibernate_seal_resume, NULL: absent */
	/* expected */
	bool available;
	const char *says;	/* a part of the sentence */
	unsigned long long anon_kib;	/* Active(anon) in /proc/meminfo, 0: no meminfo */
};

static const struct machine machines[] = {
	{ "sealed-available", "none [integrity] confidentiality", 1, 2, "ready", "freeze mem disk",
	  "/dev/vdb partition 262140 0 -2\n", "254:16",
	  "refused: its image MAC does not match\n", true,
	  "available, sealed: lockdown (integrity)", 0 },
	{ "sealing-unavailable", "none [integrity] confidentiality", 1, 0,
	  "unavailable: no TPM 2.0", "freeze mem", "", "254:16", "stale: written at anti-replay "
	  "counter 4, the TPM's counter is at 5 (a boot ran since, or it was resumed before)\n",
	  false, "sealed hibernation is unavailable: no TPM 2.0", 0 },
	{ "no-hibseal-kernel", "none integrity [confidentiality]", 1, 2, NULL, "freeze mem", "",
	  "0:0", NULL, false, "this kernel has no sealed hibernation", 0 },
	{ "unlocked", "[none] integrity confidentiality", 0, 2, "ready", "freeze mem disk",
	  "/swapfile file 1048572 0 -2\n", "254:1", "resumed\n", true,
	  "available, unsealed: lockdown is off", 0 },
	{ "no-swap", "[none] integrity confidentiality", 0, 2, "ready", "disk", "", "254:16",
	  "no image\n", false, "no swap is active", 0 },
	{ "no-resume-device", "none [integrity] confidentiality", 1, 2, "ready", "disk",
	  "/dev/vdb partition 262140 0 -2\n", "0:0", "not checked\n", false,
	  "no resume device is set", 0 },
	{ "no-lockdown-lsm", NULL, -1, 0, NULL, "mem disk", "/dev/sda2 partition 100 0 -2\n",
	  "8:2", NULL, true, "unsealed", 0 },
	/* zram holds no image across power-off: it is not swap to hibernate to (as logind). */
	{ "zram-only", "[none] integrity confidentiality", 0, 2, "ready", "disk",
	  "/dev/zram0 partition 4194300 0 100\n", "254:16", "no image\n", false,
	  "but zram (RAM, lost at power-off) is active", 0 },
	/* 300 MiB of memory in use, 262140 KiB of swap with 10000 used: it does not fit. */
	{ "swap-too-small", "none [integrity] confidentiality", 1, 2, "ready", "freeze mem disk",
	  "/dev/vdb partition 262140 10000 -2\n/dev/zram0 partition 4194300 0 100\n", "254:16",
	  "no image\n", false, "307200 KiB of memory in use (Active(anon)) and 252140 KiB of swap "
	  "free", 307200 },
	/* resume= names vdc while swap is on vdb (sysfs gives both numbers): nothing to resume. */
	{ "resume-not-swap", "none [integrity] confidentiality", 1, 2, "ready", "freeze mem disk",
	  "/dev/vdb partition 262140 0 -2\n", "254:32", "no image\n", false,
	  "the resume device 254:32 holds none of the active swap areas", 0 },
	/* The same with 200 MiB in use: it fits, and the resume device has its name. */
	{ "swap-fits", "none [integrity] confidentiality", 1, 2, "ready", "freeze mem disk",
	  "/dev/vdb partition 262140 10000 -2\n", "254:16", "no image\n", true,
	  "available, sealed", 204800 },
};

static int puts_(const char *root, const char *rel, const char *text)
{
	return put(root, rel, text, strlen(text));
}

static int build(const char *root, const struct machine *m)
{
	char swaps[512];
	int err = 0;

	if (m->lockdown)
		err |= puts_(root, "sys/kernel/security/lockdown", m->lockdown);
	if (m->secure_boot >= 0) {
		unsigned char var[5] = { 6, 0, 0, 0, (unsigned char)m->secure_boot };

		err |= put(root, SB_VAR, var, sizeof(var));
	}
	if (m->tpm) {
		err |= puts_(root, "sys/class/tpm/tpm0/tpm_version_major", "2\n");
		for (int pcr = 0; pcr < 24; pcr++) {
			char rel[64], val[70];

			snprintf(rel, sizeof(rel), "sys/class/tpm/tpm0/pcr-sha256/%d", pcr);
			snprintf(val, sizeof(val), "%064d\n", pcr);
			err |= puts_(root, rel, val);
		}
	}
	if (m->seal) {
		err |= puts_(root, "sys/power/hibernate_seal", m->seal);
		err |= puts_(root, "sys/power/hibernate_seal_pcrs", "4,7-9,14\n");
	}
	if (m->last_resume)
		err |= puts_(root, "sys/power/hibernate_seal_resume", m->last_resume);
	err |= puts_(root, "sys/power/state", m->state);
	err |= puts_(root, "sys/power/resume", m->resume);
	err |= puts_(root, "sys/power/resume_offset", "0\n");
	/* Booted by systemd-boot, which recorded its entry: the next boot can be pinned. */
	{
		static const unsigned char entry[] = { 6, 0, 0, 0, 'h', 0, 's', 0, '.', 0, 'e', 0,
						       'f', 0, 'i', 0, 0, 0 };

		err |= put(root, "sys/firmware/efi/efivars/LoaderEntrySelected-"
			   "4a67b082-0a4c-41cf-b6c7-440b29bb8c4f", entry, sizeof(entry));
		err |= puts_(root, "efi/EFI/Linux/hs.efi", "MZ");
	}
	snprintf(swaps, sizeof(swaps), "Filename\tType\tSize\tUsed\tPriority\n%s", m->swaps);
	err |= puts_(root, "proc/swaps", swaps);
	err |= puts_(root, "sys/dev/block/254:16/uevent", "MAJOR=254\nMINOR=16\nDEVNAME=vdb\n"
		     "DEVTYPE=disk\n");
	/* vdb's device number where the verdict may use it (the others leave it unknown). */
	if (!strncmp(m->name, "swap-", 5) || !strcmp(m->name, "resume-not-swap"))
		err |= puts_(root, "sys/class/block/vdb/dev", "254:16\n");
	if (m->anon_kib) {
		char meminfo[256];

		snprintf(meminfo, sizeof(meminfo), "MemTotal:        2000000 kB\n"
			 "Active(anon):    %llu kB\nInactive(anon):    1000 kB\n", m->anon_kib);
		err |= puts_(root, "proc/meminfo", meminfo);
	}
	return err;
}

/* A reason's match as a TAP name: lower case, runs of anything else as one '-'. */
static void slug(const char *in, char *out, size_t size)
{
	size_t n = 0;

	for (; *in && n + 2 < size; in++) {
		if ((*in >= 'a' && *in <= 'z') || (*in >= '0' && *in <= '9'))
			out[n++] = *in;
		else if (*in >= 'A' && *in <= 'Z')
			out[n++] = (char)(*in - 'A' + 'a');
		else if (n && out[n - 1] != '-')
			out[n++] = '-';
	}
	while (n && out[n - 1] == '-')
		n--;
	out[n] = '\0';
}

/*
 * The last resume's fix as hibseal status finds it: @line written where the kernel keeps it
 * (/sys/power/hibernate_seal_resume, with its newline) in a made-up tree, read back by
 * hs_status_read() and looked up by hs_status_resume_fix(), as `hibseal status` and its JSON
 * do. @read_back is set when the line read is @line itself.
 */
static const char *resume_fix(const char *line, bool *read_back)
{
	char root[] = "/tmp/hs-resume-XXXXXX", text[600], cmd[64];
	const char *fix = NULL;
	struct hs_status st;

	*read_back = false;
	snprintf(text, sizeof(text), "%s\n", line);
	if (mkdtemp(root) && !puts_(root, "sys/power/state", "freeze mem disk\n") &&
	    !puts_(root, "sys/power/hibernate_seal_resume", text) && !hs_status_read(root, &st)) {
		*read_back = !strcmp(st.last_resume, line);
		fix = hs_status_resume_fix(&st);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	if (system(cmd))
		printf("# could not remove %s\n", root);
	return fix;
}

/* @match as a line the kernel could write: each '*' (a number) as 12, and a reason after. */
static void resume_line(const char *match, char *out, size_t size)
{
	size_t n = 0;

	for (; *match && n + 3 < size; match++) {
		if (*match == '*') {
			out[n++] = '1';
			out[n++] = '2';
		} else {
			out[n++] = *match;
		}
	}
	snprintf(out + n, size - n, " the reason");
}

/*
 * Every reason of lib/reasons.def reaches its own fix through hibseal status: the kernel's
 * reasons through /sys/power/hibernate_seal under lockdown, the last resume's outcomes
 * through /sys/power/hibernate_seal_resume; an earlier entry that shadowed a later one would
 * fail here. A resume that worked or found nothing has no fix, and an unknown reason falls to
 * the catch-all.
 */
static void fixes(void)
{
	struct hs_status base = {
		.lockdown = "integrity", .disk_offered = false, .nr_swaps = 1, .resume = "254:16",
	};

	for (size_t i = 0; i < hs_nr_reasons; i++) {
		const struct hs_reason *r = &hs_reasons[i];
		struct hs_status st = base;
		char name[96], why[512];
		const char *fix = NULL;
		bool read_back = true;

		slug(r->match, name, sizeof(name));
		if (r->kind == HS_REASON_UNAVAILABLE) {
			snprintf(st.seal, sizeof(st.seal), "unavailable: %s%s", r->match,
				 r->match[0] ? " (as the kernel says it)" : "something new");
			fix = hs_status_explain(&st, why, sizeof(why)) ? NULL : hs_status_fix(&st);
		} else if (r->kind == HS_REASON_RESUME) {
			char line[600];

			resume_line(r->match, line, sizeof(line));
			fix = resume_fix(line, &read_back);
		} else {
			continue;	/* each check has its machine above, or in test_eventlog.c */
		}
		if (!tap(fix == r->fix && read_back, "unit.status.fix.%s.%s",
			 r->kind == HS_REASON_UNAVAILABLE ? "unavailable" : "resume",
			 name[0] ? name : "other"))
			printf("# '%s'%s got: %s\n", r->match, read_back ? "" : " (not read back)",
			       fix ? fix : "(none)");
	}
	{
		static const char *const none[] = { "resumed", "no image", "not checked", "found",
						    "restoring" };
		bool all = true, read_back;

		for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
			all &= !resume_fix(none[i], &read_back) && read_back;
		tap(all, "unit.status.fix.resume-none");
	}
	{
		/*
		 * Lines as the kernel writes them (kernel/power/hibseal/), each with the entry
		 * it must reach: numbers of several digits, an errno, the reason's own details.
		 */
		static const struct {
			const char *line, *match;
		} words[] = {
			{ "refused: it is in format version 1, and this kernel reads version 2 only "
			  "(hibernate again with this kernel)", "refused: it is in format version" },
			{ "refused: chunk 4711 does not authenticate",
			  "refused: chunk * does not authenticate" },
			{ "refused: chunk 0 cannot be opened (-12)", "refused: chunk * cannot be opened" },
			{ "refused: 812 chunks read, its header says 813",
			  "refused: * chunks read, its header says" },
			{ "refused: 65536 pages, flags 0x2c; sealed were 65536 pages, flags 0x28",
			  "refused: * pages, flags" },
			{ "refused: it was written through /dev/snapshot, and this reader takes images "
			  "written by the kernel's swap writer",
			  "refused: it was written through /dev/snapshot" },
			{ "refused: its sealed header is malformed: reserved2 byte 3 0x01, not zero",
			  "refused: its sealed header is malformed:" },
			{ "refused: the pending image's key was used or wiped meanwhile",
			  "refused: the pending image's key was used or wiped" },
			{ "stale: written at anti-replay counter 4, the TPM's counter is at 5 (a boot "
			  "ran since, or it was resumed before)", "stale: written at anti-replay counter" },
			{ "failed: the image was found and not restored (the PM: lines say why)",
			  "failed: the image was found and not restored" },
			{ "refused: something a newer kernel says", "refused:" },
		};
		bool all = true;

		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
			const char *want = NULL, *fix;
			bool read_back;

			for (size_t e = 0; e < hs_nr_reasons; e++)
				if (hs_reasons[e].kind == HS_REASON_RESUME &&
				    !strcmp(hs_reasons[e].match, words[i].match))
					want = hs_reasons[e].fix;
			fix = resume_fix(words[i].line, &read_back);
			if (!want || fix != want || !read_back ||
			    (strcmp(words[i].match, "refused:") &&
			     fix == hs_reason_fix(HS_REASON_RESUME, "refused: ?"))) {
				printf("# '%s' got: %s\n", words[i].line, fix ? fix : "(none)");
				all = false;
			}
		}
		tap(all, "unit.status.fix.resume-kernel-words");
	}
	{
		static const char *const checks[] = {
			"no-hibseal-kernel", "not-offered", "no-swap", "swap-too-small",
			"no-resume-device", "resume-not-swap",
			"secure-boot-update", "mok-pending", "boot-entry", "boot-file-not-found",
			"boot-unrecorded",
		};
		bool all = true;

		for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++)
			all &= hs_reason_fix(HS_REASON_SETUP, checks[i]) != NULL;
		tap(all, "unit.status.fix.setup-checks");
	}
}

/*
 * /sys/power/hibernate_seal_pcrs as the kernel prints a bitmap: lists and ranges are taken,
 * anything else (and more PCRs than status shows) is "malformed", with no PCR shown.
 */
static void test_pcrs_bound(void)
{
	static const struct {
		const char *text;
		int nr;		/* -1: malformed */
		unsigned int last;
	} cases[] = {
		{ "4,7-9,14\n", 5, 14 }, { "14\n", 1, 14 }, { "0-7\n", 8, 7 }, { "23\n", 1, 23 },
		{ "0-8\n", -1, 0 }, { "7,4\n", -1, 0 }, { "4,,7\n", -1, 0 }, { "9-7\n", -1, 0 },
		{ "24\n", -1, 0 }, { "4-\n", -1, 0 }, { "\n", -1, 0 }, { " 4\n", -1, 0 },
		{ "4,7-9,14,\n", -1, 0 }, { "x\n", -1, 0 }, { "4,4\n", -1, 0 },
	};
	bool all = true;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char root[] = "/tmp/hs-pcrs-XXXXXX", cmd[64];
		struct hs_status st;
		bool ok;

		if (!mkdtemp(root) || puts_(root, "sys/power/state", "disk\n") ||
		    puts_(root, "sys/power/hibernate_seal_pcrs", cases[i].text) ||
		    hs_status_read(root, &st)) {
			all = false;
			continue;
		}
		if (cases[i].nr < 0)
			ok = !strcmp(st.pcrs_bound, "malformed") && !st.nr_pcrs;
		else
			ok = st.nr_pcrs == cases[i].nr &&
			     st.pcr_index[st.nr_pcrs - 1] == cases[i].last;
		if (!ok) {
			printf("# pcrs-bound '%.*s': nr %d bound '%s'\n",
			       (int)strcspn(cases[i].text, "\n"), cases[i].text, st.nr_pcrs,
			       st.pcrs_bound);
			all = false;
		}
		snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
		if (system(cmd))
			all = false;
	}
	tap(all, "unit.status.pcrs-bound.parse");
}

/*
 * No resume= set, and /etc/uswsusp.conf names the device (the uswsusp path's setup, as
 * hibseal-resume(8) gives it): status judges that device, says where it came from, and finds
 * hibernation available; the same without the device in sysfs stays "no resume device".
 */
static void test_uswsusp_conf(void)
{
	struct machine m = machines[0];	/* sealed-available, swap on 254:16 */
	const char *conf = "# hibseal\nsplash = y\n  Resume Device : /dev/vdb  \nresume offset = 0\n";
	bool got[2] = { false, false };

	m.resume = "0:0";
	for (int with_sysfs = 0; with_sysfs < 2; with_sysfs++) {
		char root[] = "/tmp/hs-usconf-XXXXXX", why[512], cmd[64];
		struct hs_status st;
		bool available;

		if (!mkdtemp(root) || build(root, &m) || puts_(root, "etc/uswsusp.conf", conf) ||
		    (with_sysfs && puts_(root, "sys/class/block/vdb/dev", "254:16\n")) ||
		    hs_status_read(root, &st))
			continue;
		available = hs_status_explain(&st, why, sizeof(why));
		if (with_sysfs)
			got[1] = available && !strcmp(st.resume, "254:16") &&
				 !strcmp(st.resume_name, "/dev/vdb") &&
				 !strcmp(st.resume_from, "/etc/uswsusp.conf") && st.resume_holds_swap == 1;
		else
			got[0] = !available && strstr(why, "no resume device is set") &&
				 !st.resume_from[0];
		if (!got[with_sysfs])
			printf("# uswsusp.conf (sysfs %d): %s, resume %s from '%s': %s\n", with_sysfs,
			       available ? "available" : "not available", st.resume, st.resume_from,
			       why);
		snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
		if (system(cmd))
			printf("# could not remove %s\n", root);
	}
	tap(got[1], "unit.status.uswsusp-conf.resume-device");
	tap(got[0], "unit.status.uswsusp-conf.control");
}

int main(void)
{
	for (size_t i = 0; i < sizeof(machines) / sizeof(machines[0]); i++) {
		const struct machine *m = &machines[i];
		char root[] = "/tmp/hs-status-XXXXXX", why[512], cmd[600];
		struct hs_status st;
		bool available;

		if (!mkdtemp(root) || build(root, m)) {
			tap(0, "unit.status.%s.setup", m->name);
			continue;
		}
		tap(hs_status_read(root, &st) == 0, "unit.status.%s.read", m->name);
		/* The --json object of each machine, for tests/unit/check-json.sh's schema check. */
		if (getenv("HS_JSON_DIR")) {
			char path[512];
			FILE *f;

			snprintf(path, sizeof(path), "%s/%s.json", getenv("HS_JSON_DIR"), m->name);
			f = fopen(path, "w");
			if (!f || hs_status_json(f, &st) || fclose(f))
				printf("# could not write %s\n", path);
		}
		available = hs_status_explain(&st, why, sizeof(why));
		if (!tap(available == m->available && strstr(why, m->says) &&
			 !hs_status_fix(&st) == m->available,
			 "unit.status.%s.verdict", m->name))
			printf("# got %s: %s (fix: %s)\n", available ? "available" : "not available",
			       why, hs_status_fix(&st) ? hs_status_fix(&st) : "none");
		/* The PCRs shown are those the kernel binds, and none without its file. */
		if (m->tpm && m->seal)
			tap(st.tpm_version == 2 && !strcmp(st.pcrs_bound, "4,7-9,14") &&
			    st.nr_pcrs == 5 && st.pcr_index[0] == 4 && st.pcr_index[3] == 9 &&
			    st.pcr_index[4] == 14 &&
			    !strcmp(st.pcr[1], "0000000000000000000000000000000000000000000000000000000000000007"),
			    "unit.status.%s.pcrs", m->name);
		else if (m->tpm)
			tap(st.tpm_version == 2 && !strcmp(st.pcrs_bound, "absent") && !st.nr_pcrs,
			    "unit.status.%s.pcrs", m->name);
		tap(st.secure_boot == m->secure_boot, "unit.status.%s.secure-boot", m->name);
		tap(st.anon_kib == m->anon_kib &&
		    !strcmp(st.resume_name, strcmp(m->resume, "254:16") ? "" : "/dev/vdb"),
		    "unit.status.%s.resume-name-and-memory", m->name);
		{
			/* The kernel's line as it is, its newline dropped; "absent" without it. */
			size_t n = m->last_resume ? strcspn(m->last_resume, "\n") : 0;

			if (!tap(m->last_resume ? !strncmp(st.last_resume, m->last_resume, n) &&
				 !st.last_resume[n] : !strcmp(st.last_resume, "absent"),
				 "unit.status.%s.last-resume", m->name))
				printf("# got '%s'\n", st.last_resume);
		}
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd))
			printf("# could not remove %s\n", root);
	}
	{
		struct hs_status st;

		tap(hs_status_read("/nonexistent-root", &st) == -ENOENT, "unit.status.no-sysfs");
	}
	fixes();
	test_pcrs_bound();
	test_uswsusp_conf();
	return tap_exit();
}
