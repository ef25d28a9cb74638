// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal pin-boot: make the next boot start this boot's entry, the kernel that can open the
 * image: systemd-boot's LoaderEntryOneShot, or the firmware's BootNext when the firmware
 * started the UKI itself (lib/bootentry.c). hibseal suspend does the same before it
 * hibernates, and takes the pin back when it wakes.
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

/* Will the kernel seal the image of a hibernation now (lockdown on, sealing ready)? */
static bool sealed_now(void)
{
	struct hs_status st;

	if (hs_status_read(NULL, &st))
		return false;
	return (!strcmp(st.lockdown, "integrity") || !strcmp(st.lockdown, "confidentiality")) &&
	       !strcmp(st.seal, "ready");
}

int unpin_next_boot(const char *who)
{
	char names[1024];
	struct hs_boot b;
	int r, rc = EXIT_SUCCESS;

	hs_boot_entries(NULL, &b);
	r = hs_boot_unpark(NULL, names, sizeof(names));
	if (r < 0) {
		fprintf(stderr, "%s: cannot put back the parked boot entries: %s\n", who,
			strerror(-r));
		rc = EXIT_FAILURE;
	} else if (r > 0) {
		printf("%s: boot entries put back: %s\n", who, names);
	}
	if (b.selected[0]) {
		r = hs_boot_unpin(NULL, b.selected);
		if (r < 0) {
			fprintf(stderr, "%s: cannot remove LoaderEntryOneShot: %s\n", who,
				strerror(-r));
			return EXIT_FAILURE;
		}
		if (r > 0)
			printf("%s: one-shot boot entry %s taken back\n", who, b.selected);
	} else if (b.firmware) {
		r = hs_boot_unpin_next(NULL, b.fw_current);
		if (r < 0) {
			fprintf(stderr, "%s: cannot remove BootNext: %s\n", who, strerror(-r));
			return EXIT_FAILURE;
		}
		if (r > 0)
			printf("%s: BootNext (Boot%04X) taken back\n", who,
			       (unsigned int)b.fw_current);
	}
	return rc;
}

int pin_next_boot(const char *who)
{
	char why[512], names[1024];
	struct hs_boot b;
	int r;

	hs_boot_entries(NULL, &b);
	if (!hs_boot_pinnable(&b, why, sizeof(why))) {
		if (!sealed_now()) {
			/* A plain image: not hibseal's to refuse (nor to open). */
			printf("%s: the next boot is not pinned: %s; this hibernation is not "
			       "sealed (no lockdown, or sealing unavailable), so it goes ahead.\n",
			       who, why);
			return EXIT_SUCCESS;
		}
		fprintf(stderr, "%s: hibernation refused: %s. Reboot first, then hibernate%s.\n",
			who, why, !strcmp(who, "hibseal") ? " (or, on a machine that boots one "
			"kernel only, mask the pin with an empty /etc/systemd/system/"
			"systemd-hibernate.service.d/hibseal-pin-boot.conf)" : "");
		return EXIT_FAILURE;
	}
	if (!b.selected[0] && b.grub) {
		printf("%s: GRUB boots this system: nothing to pin (a next_entry would change "
		       "what GRUB measures); its configuration, this kernel and its initrd are as "
		       "this boot read them, so the next boot can open the image. Change none of "
		       "them until the resume.\n", who);
		return EXIT_SUCCESS;
	}
	if (!b.selected[0] && !hs_boot_uses_bootnext(&b)) {
		printf("%s: the firmware tried %d boot options to start Boot%04X (%s): nothing to "
		       "pin (BootNext would skip the failed attempts, which PCR 4 measures); the "
		       "next boot follows BootOrder as this one did.\n", who, b.fw_attempts,
		       (unsigned int)b.fw_current, b.fw_file);
		return EXIT_SUCCESS;
	}
	if (!b.selected[0]) {
		/* The firmware started the UKI itself at its first attempt. */
		r = hs_boot_pin_next(NULL, b.fw_current);
		if (r) {
			fprintf(stderr, "%s: hibernation refused: cannot set BootNext to Boot%04X "
				"(%s), so the next boot could start another kernel, which cannot "
				"open the image.\n", who, (unsigned int)b.fw_current, strerror(-r));
			return EXIT_FAILURE;
		}
		printf("%s: the next boot starts Boot%04X (%s, %s) once (BootNext)\n", who,
		       (unsigned int)b.fw_current, b.fw_label, b.fw_file);
		return EXIT_SUCCESS;
	}
	r = hs_boot_pin(NULL, b.selected);
	if (r) {
		fprintf(stderr, "%s: hibernation refused: cannot set LoaderEntryOneShot to %s "
			"(%s), so the next boot could start another kernel, which cannot open the "
			"image.\n", who, b.selected, strerror(-r));
		return EXIT_FAILURE;
	}
	r = hs_boot_park(NULL, &b, names, sizeof(names));
	if (r < 0) {
		hs_boot_unpark(NULL, why, sizeof(why));
		hs_boot_unpin(NULL, b.selected);
		fprintf(stderr, "%s: hibernation refused: cannot park the boot entries "
			"installed since this boot (%s): the boot loader would see other entries at "
			"the resume, and the kernel refuses an image whose memory map moved.\n",
			who, strerror(-r));
		return EXIT_FAILURE;
	}
	if (b.next[0] && strcmp(b.next, b.selected) && strcmp(b.next_why, "one-shot"))
		printf("%s: the next boot starts %s once (LoaderEntryOneShot), not the %s "
		       "entry %s", who, b.selected, b.next_why, b.next);
	else
		printf("%s: the next boot starts %s once (LoaderEntryOneShot)", who, b.selected);
	if (r > 0)
		printf("; parked until the resume: %s", names);
	printf("\n");
	return EXIT_SUCCESS;
}

int cmd_pin_boot(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "clear", no_argument, NULL, 'c' },
		COMMON_OPTS,
		{ 0 }
	};
	struct cli o = { 0 };
	int r;

	r = parse_options(cmd, argc, argv, "chV", opts, 0, &o);
	if (r >= 0)
		return r;
	return o.clear ? unpin_next_boot("hibseal") : pin_next_boot("hibseal");
}
