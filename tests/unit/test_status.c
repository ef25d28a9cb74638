// SPDX-License-Identifier: GPL-2.0
/*
 * hs_status_read() and hs_status_explain() (userspace/uswsusp/lib/status.c) on made-up /sys
 * and /proc trees: each case writes the files a kernel would publish, then checks the facts
 * read and the one-sentence verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../userspace/uswsusp/lib/libhibseal.h"
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
	/* expected */
	bool available;
	const char *says;	/* a part of the sentence */
};

static const struct machine machines[] = {
	{ "sealed-available", "none [integrity] confidentiality", 1, 2, "ready", "freeze mem disk",
	  "/dev/vdb partition 262140 0 -2\n", "254:16", true, "available, sealed: lockdown (integrity)" },
	{ "sealing-unavailable", "none [integrity] confidentiality", 1, 0,
	  "unavailable: no TPM 2.0", "freeze mem", "", "254:16", false,
	  "sealed hibernation is unavailable: no TPM 2.0" },
	{ "no-hibseal-kernel", "none integrity [confidentiality]", 1, 2, NULL, "freeze mem", "",
	  "0:0", false, "this kernel has no sealed hibernation" },
	{ "unlocked", "[none] integrity confidentiality", 0, 2, "ready", "freeze mem disk",
	  "/swapfile file 1048572 0 -2\n", "254:1", true, "available, unsealed: lockdown is off" },
	{ "no-swap", "[none] integrity confidentiality", 0, 2, "ready", "disk", "", "254:16",
	  false, "no swap is active" },
	{ "no-resume-device", "none [integrity] confidentiality", 1, 2, "ready", "disk",
	  "/dev/vdb partition 262140 0 -2\n", "0:0", false, "no resume device is set" },
	{ "no-lockdown-lsm", NULL, -1, 0, NULL, "mem disk", "/dev/sda2 partition 100 0 -2\n",
	  "8:2", true, "unsealed" },
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
	if (m->seal)
		err |= puts_(root, "sys/power/hibernate_seal", m->seal);
	err |= puts_(root, "sys/power/state", m->state);
	err |= puts_(root, "sys/power/resume", m->resume);
	err |= puts_(root, "sys/power/resume_offset", "0\n");
	snprintf(swaps, sizeof(swaps), "Filename\tType\tSize\tUsed\tPriority\n%s", m->swaps);
	err |= puts_(root, "proc/swaps", swaps);
	return err;
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
		available = hs_status_explain(&st, why, sizeof(why));
		if (!tap(available == m->available && strstr(why, m->says),
			 "unit.status.%s.verdict", m->name))
			printf("# got %s: %s\n", available ? "available" : "not available", why);
		if (m->tpm)
			tap(st.tpm_version == 2 && st.pcr_index[3] == 7 &&
			    !strcmp(st.pcr[3], "0000000000000000000000000000000000000000000000000000000000000007"),
			    "unit.status.%s.pcrs", m->name);
		tap(st.secure_boot == m->secure_boot, "unit.status.%s.secure-boot", m->name);
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd))
			printf("# could not remove %s\n", root);
	}
	{
		struct hs_status st;

		tap(hs_status_read("/nonexistent-root", &st) == -ENOENT, "unit.status.no-sysfs");
	}
	return tap_exit();
}
