// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal status: whether hibernation is available on this machine, why, and what to do.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hibseal.h"

/* Which PCRs the kernel seals to, as /sys/power/hibernate_seal_pcrs says. */
static void show_bound(const struct hs_status *st)
{
	if (!strcmp(st->pcrs_bound, "absent"))
		printf("pcrs bound: unknown (this kernel has no /sys/power/hibernate_seal_pcrs)\n");
	else if (!strcmp(st->pcrs_bound, "malformed"))
		printf("pcrs bound: unknown (/sys/power/hibernate_seal_pcrs is not a list of at "
		       "most %d PCRs)\n", HS_STATUS_PCRS);
	else
		printf("pcrs bound: %s (sha256; the kernel's /sys/power/hibernate_seal_pcrs)\n",
		       st->pcrs_bound);
}

/*
 * A TPM 2.0: ask it through tpm2-tss, at @tcti (cmd_status() chooses it: --tcti,
 * $TPM2TOOLS_TCTI, $HIBSEAL_TCTI, else the resource manager), for its maker and the PCRs the
 * kernel binds, and say whether the kernel's sysfs values agree; without an answer, sysfs alone.
 */
static void show_tpm(const struct hs_status *st, const char *tcti)
{
	struct hs_tpm_facts f;
	char why[256] = "";
	bool agree = true;
	int i;

	/* tpm2-tss logs its own errors to stderr; the one line below says what failed. */
	setenv("TSS2_LOG", "all+none", 0);
	show_bound(st);
	if (hs_tpm_query(tcti, st->pcr_index, st->nr_pcrs, &f, why, sizeof(why))) {
		printf("tpm (tpm2-tss, %s): no answer: %s\n", tcti, why);
		for (i = 0; i < st->nr_pcrs; i++)
			printf("pcr %u (sha256): %s\n", st->pcr_index[i], st->pcr[i]);
		if (st->nr_pcrs)
			printf("pcr source: the kernel's sysfs\n");
		return;
	}
	printf("tpm (tpm2-tss, %s): manufacturer %s, firmware %u.%u\n", tcti,
	       f.manufacturer[0] ? f.manufacturer : "unknown", f.fw_major, f.fw_minor);
	for (i = 0; i < st->nr_pcrs; i++) {
		const char *value = f.have_pcr[i] ? f.pcr[i] : "not returned";

		printf("pcr %u (sha256): %s\n", st->pcr_index[i], value);
		if (!f.have_pcr[i] || strcasecmp(f.pcr[i], st->pcr[i]))
			agree = false;
	}
	if (st->nr_pcrs)
		printf("pcr source: the TPM through tpm2-tss; the kernel's sysfs %s\n",
		       agree ? "agrees" :
		       "differs (a PCR changed between the reads, or sysfs is unreadable)");
}

/* What started this boot (systemd-boot's entry, GRUB, a firmware boot option), and what the
 * next boot will start. */
static void show_boot(const struct hs_boot *b)
{
	char why[512];

	if (!b->selected[0] && b->grub) {
		printf("boot entry: GRUB (it records none)\n");
		if (b->grub_changed[0])
			printf("next boot: GRUB's files changed since this boot (%s): it would measure "
			       "another kernel, initrd or configuration (PCRs 8 and 9), which cannot open a "
			       "sealed image\n", b->grub_changed);
		else
			printf("next boot: GRUB with its files as this boot read them, this boot's "
			       "kernel\n");
		return;
	}
	if (!b->selected[0] && b->firmware) {
		char cur[16];

		snprintf(cur, sizeof(cur), "Boot%04X", (unsigned int)b->fw_current);
		if (b->fw_error) {
			printf("boot entry: the firmware's %s, unreadable (%s)\n", cur,
			       strerror(-b->fw_error));
			return;
		}
		printf("boot entry: the firmware's %s (%s): %s, %s%s\n", cur, b->fw_label,
		       b->fw_file, b->fw_uki > 0 ? "a UKI" : !b->fw_uki ? "a boot loader" :
		       "not read", b->fw_state == HS_ENTRY_GONE ? " (not found under /efi, "
		       "/boot/efi or /boot)" : b->fw_state == HS_ENTRY_REWRITTEN ?
		       " (rewritten since this boot)" : "");
		if (b->fw_attempts > 1)
			printf("boot attempts: %d this boot (the firmware tried other options first): "
			       "a hibernation pins nothing, BootOrder decides%s%s\n", b->fw_attempts,
			       b->fw_changed[0] ? "; changed since: " : "", b->fw_changed);
		if (!b->next[0])
			printf("next boot: unknown (no BootNext, no BootOrder)\n");
		else if (!strcmp(b->next, cur))
			printf("next boot: %s (%s), this boot's kernel\n", b->next, b->next_why);
		else if (hs_boot_pinnable(b, why, sizeof(why)) && hs_boot_uses_bootnext(b))
			printf("next boot: %s (%s), another boot option: a hibernation sets BootNext "
			       "to %s (hibseal pin-boot, hibseal suspend)\n", b->next, b->next_why,
			       cur);
		else
			printf("next boot: %s (%s), another boot option\n", b->next, b->next_why);
		return;
	}
	if (!b->selected[0]) {
		printf("boot entry: not recorded (no LoaderEntrySelected, no BootCurrent)\n");
		return;
	}
	printf("boot entry: %s%s\n", b->selected,
	       b->selected_state == HS_ENTRY_GONE ? " (no longer in the ESP)" :
	       b->selected_state == HS_ENTRY_REWRITTEN ? " (rewritten since this boot)" : "");
	if (!b->next[0])
		printf("next boot: unknown (no ESP with EFI/Linux found at /efi, /boot/efi, /boot)\n");
	else if (!strcmp(b->next, b->selected))
		printf("next boot: %s (%s), this boot's kernel\n", b->next, b->next_why);
	else if (hs_boot_pinnable(b, why, sizeof(why)))
		printf("next boot: %s (%s), another kernel: a hibernation pins %s for the boot "
		       "after it and parks the entries installed since this boot (hibseal "
		       "pin-boot, hibseal suspend)\n", b->next, b->next_why, b->selected);
	else
		printf("next boot: %s (%s), another kernel\n", b->next, b->next_why);
}

int cmd_status(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "tcti", required_argument, NULL, 'T' },
		{ "json", no_argument, NULL, 'j' },
		COMMON_OPTS,
		{ 0 }
	};
	struct cli o = { 0 };
	struct hs_status st;
	const char *fix, *tcti;
	char why[512];
	bool available;
	int r;

	r = parse_options(cmd, argc, argv, "T:jhV", opts, 0, &o);
	if (r >= 0)
		return r;
	tcti = o.tcti;
	/* As tpm2-tools choose the TPM: the option, then TPM2TOOLS_TCTI; ours; the kernel's. */
	if (!tcti)
		tcti = getenv("TPM2TOOLS_TCTI");
	if (!tcti)
		tcti = getenv("HIBSEAL_TCTI");
	if (!tcti)
		tcti = "device:/dev/tpmrm0";
	if (hs_status_read(NULL, &st)) {
		fprintf(stderr, "hibseal status: no /sys/power/state: is sysfs mounted?\n");
		return EXIT_FAILURE;
	}
	available = hs_status_explain(&st, why, sizeof(why));
	if (o.json) {
		if (hs_status_json(stdout, &st) || fflush(stdout)) {
			fprintf(stderr, "hibseal status: writing the report: %s\n", strerror(errno));
			return EXIT_FAILURE;
		}
		return available ? EXIT_SUCCESS : EXIT_FAILURE;
	}
	printf("lockdown: %s\n", st.lockdown);
	printf("secure boot: %s\n", st.secure_boot < 0 ? "unknown (no EFI variables)" :
	       st.secure_boot ? "on" : "off");
	if (st.tpm_version)
		printf("tpm: present, TPM %d.0\n", st.tpm_version);
	else
		printf("tpm: none\n");
	if (st.tpm_version == 2)
		show_tpm(&st, tcti);
	else if (st.tpm_version)
		show_bound(&st);
	printf("sealed hibernation: %s\n", st.seal);
	printf("last resume: %s\n", st.last_resume);
	fix = hs_status_resume_fix(&st);
	if (fix)
		printf("last resume fix: %s\n", fix);
	printf("disk in /sys/power/state: %s\n", st.disk_offered ? "yes" : "no");
	for (int i = 0; i < st.nr_swaps; i++)
		printf("swap: %s (%s, %llu KiB, %llu KiB used)%s\n", st.swap[i].name, st.swap[i].type,
		       st.swap[i].kib, st.swap[i].used_kib,
		       st.swap[i].zram ? ": zram, not counted (RAM, lost at power-off)" : "");
	if (!st.nr_swaps)
		printf("swap: none active\n");
	if (st.resume_name[0])
		printf("resume device: %s (%s), offset %llu%s%s%s\n", st.resume_name, st.resume,
		       st.resume_offset, st.resume_from[0] ? " (from " : "", st.resume_from,
		       st.resume_from[0] ? ": hibseal suspend and resume; no resume= set)" : "");
	else
		printf("resume device: %s, offset %llu\n", st.resume, st.resume_offset);
	if (st.anon_kib)
		printf("memory to save: %llu KiB (Active(anon)); swap free for it: %llu KiB\n",
		       st.anon_kib, hs_swap_free_kib(&st));
	if (st.sb_check > 0)
		printf("secure boot variables: changed since this boot: %s (the next boot's PCR 7 "
		       "differs)\n", st.sb_changed);
	else if (st.sb_check == 0)
		printf("secure boot variables: as this boot measured them (event log)\n");
	else
		printf("secure boot variables: not compared (%s)\n",
		       st.sb_check == -ENOENT ? "no TCG event log" :
		       st.sb_check == -EPROTONOSUPPORT ? "a SHA-1-only event log" :
		       "the event log is malformed");
	printf("mok requests for the next boot: %s\n", st.mok_pending[0] ? st.mok_pending : "none");
	show_boot(&st.boot);
	printf("hibernation: %s\n", available ? "available" : "not available");
	printf("why: %s\n", why);
	fix = hs_status_fix(&st);
	if (fix)
		printf("fix: %s\n", fix);
	if (fflush(stdout)) {
		fprintf(stderr, "hibseal status: writing the report: %s\n", strerror(errno));
		return EXIT_FAILURE;
	}
	return available ? EXIT_SUCCESS : EXIT_FAILURE;
}
