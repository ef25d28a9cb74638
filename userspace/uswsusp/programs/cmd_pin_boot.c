// SPDX-License-Identifier: GPL-2.0
/*
 * hibseal pin-boot: make the next boot start this boot's entry, the kernel that can open the
 * image.
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

int cmd_pin_boot(const struct command *cmd, int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "clear", no_argument, NULL, 'c' },
		HELP_OPT,
		{ 0 }
	};
	char why[512], names[1024];
	struct cli o = { 0 };
	struct hs_boot b;
	int r;

	r = parse_options(cmd, argc, argv, "ch", opts, 0, &o);
	if (r >= 0)
		return r;
	hs_boot_entries(NULL, &b);
	if (o.clear) {
		int rc = EXIT_SUCCESS;

		r = hs_boot_unpark(NULL, names, sizeof(names));
		if (r < 0) {
			fprintf(stderr, "hibseal pin-boot: cannot put back the parked boot entries: "
				"%s\n", strerror(-r));
			rc = EXIT_FAILURE;
		} else if (r > 0) {
			printf("hibseal: boot entries put back: %s\n", names);
		}
		if (!b.selected[0])
			return rc;	/* nothing this boot could have pinned */
		r = hs_boot_unpin(NULL, b.selected);
		if (r < 0) {
			fprintf(stderr, "hibseal pin-boot: cannot remove LoaderEntryOneShot: %s\n",
				strerror(-r));
			return EXIT_FAILURE;
		}
		if (r > 0)
			printf("hibseal: one-shot boot entry %s taken back\n", b.selected);
		return rc;
	}
	if (!hs_boot_pinnable(&b, why, sizeof(why))) {
		if (!sealed_now()) {
			/* A plain image: not hibseal's to refuse (nor to open). */
			printf("hibseal: the next boot is not pinned: %s; this hibernation is not "
			       "sealed (no lockdown, or sealing unavailable), so it goes ahead.\n",
			       why);
			return EXIT_SUCCESS;
		}
		fprintf(stderr, "hibseal: hibernation refused: %s. Reboot first, then hibernate "
			"(or, on a machine that boots one kernel only, mask the pin with an "
			"empty /etc/systemd/system/systemd-hibernate.service.d/"
			"hibseal-pin-boot.conf).\n", why);
		return EXIT_FAILURE;
	}
	if (!b.selected[0] && b.grub) {
		printf("hibseal: GRUB boots this system: nothing to pin (a next_entry would change "
		       "what GRUB measures); its configuration, this kernel and its initrd are as "
		       "this boot read them, so the next boot can open the image. Change none of "
		       "them until the resume.\n");
		return EXIT_SUCCESS;
	}
	r = hs_boot_pin(NULL, b.selected);
	if (r) {
		fprintf(stderr, "hibseal: hibernation refused: cannot set LoaderEntryOneShot to %s "
			"(%s), so the next boot could start another kernel, which cannot open the "
			"image.\n", b.selected, strerror(-r));
		return EXIT_FAILURE;
	}
	r = hs_boot_park(NULL, &b, names, sizeof(names));
	if (r < 0) {
		hs_boot_unpark(NULL, why, sizeof(why));
		hs_boot_unpin(NULL, b.selected);
		fprintf(stderr, "hibseal: hibernation refused: cannot park the boot entries "
			"installed since this boot (%s): the boot loader would see other entries at "
			"the resume, and the kernel refuses an image whose memory map moved.\n",
			strerror(-r));
		return EXIT_FAILURE;
	}
	if (b.next[0] && strcmp(b.next, b.selected) && strcmp(b.next_why, "one-shot"))
		printf("hibseal: the next boot starts %s once (LoaderEntryOneShot), not the %s "
		       "entry %s", b.selected, b.next_why, b.next);
	else
		printf("hibseal: the next boot starts %s once (LoaderEntryOneShot)", b.selected);
	if (r > 0)
		printf("; parked until the resume: %s", names);
	printf("\n");
	return EXIT_SUCCESS;
}
