// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: whether the PCRs the boot window binds identify the running kernel, read
 * from the firmware's TCG event log (the crypto-agile log that the TPM core keeps in
 * chip->log).
 *
 * The window binds PCR 4 (the EFI boot applications), PCR 7 (Secure Boot policy), PCRs 8 and 9
 * (a boot loader's) and the window PCR, on every boot chain:
 *
 * - The firmware or systemd-boot starts the kernel, or a UKI carrying it, with LoadImage():
 *   the firmware measures that image into PCR 4 (EV_EFI_BOOT_SERVICES_APPLICATION). The Linux
 *   EFI stub measures the initrd it loads and its load options into PCR 9 (EV_EVENT_TAG).
 * - GRUB measures each file it reads (the kernel, the initrd, its configuration) into PCR 9
 *   and each command it runs, the kernel's command line among them, into PCR 8 (EV_IPL).
 *   Where it starts the kernel through the EFI handover protocol rather than LoadImage(), PCR
 *   4 holds only shim and GRUB, the same for every kernel that GRUB boots; PCR 9 is what tells
 *   kernels apart.
 *
 * PCRs 8 and 9 are bound whatever the log says: a log can be incomplete (a full log still
 * extends the PCRs but records nothing more, and root can fill it with boot variables), so the
 * log may only ever refuse sealing, never loosen the binding. Refused (hibseal_bootlog_refusal()):
 * no log, a log that is not crypto-agile or does not parse; no boot application in PCR 4; and
 * a kernel that was not started with LoadImage() while no boot loader measured anything into
 * PCR 8 or 9 (anything but EV_NO_ACTION and the stub's two tagged events): then nothing
 * measured it. A log truncated by root can only make a boot refuse.
 *
 * What the log cannot show: a signed boot loader that jumps into the kernel (its PE entry, or
 * the handover entry with the loader type set to the stub's own) without measuring it. Such a
 * loader in db defeats every PCR policy, and the threat model requires that db trusts none
 * (Documentation/power/sealed-hibernation.rst). systemd-stub starts the kernel inside a UKI
 * with LoadImage() too, overriding the firmware's verification and so its measurement of that
 * inner image: the UKI's own measurement in PCR 4 covers it.
 *
 * KUnit: tests/bootlog_kunit.c, included at the end of this file.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/bits.h>
#include <linux/string.h>
#include <linux/tpm.h>
#include <linux/tpm_eventlog.h>
#include <linux/unaligned.h>
#include <asm/setup.h>

#include "hibseal_private.h"

#define EV_EFI_BOOT_SERVICES_APPLICATION	0x80000003
/* The Linux EFI stub's tagged events (drivers/firmware/efi/libstub/efistub.h), in PCR 9. */
#define STUB_INITRD_TAG				0x8F3B22EC
#define STUB_LOAD_OPTIONS_TAG			0x8F3B22ED
/* Digests per event: TPMs have a handful of banks. */
#define MAX_BANKS				8

static_assert(!(BIT(WINDOW_PCR) & LOADER_PCRS), "the window PCR cannot be a boot loader's PCR");

static bool stub_event(u32 pcr, u32 type, const u8 *data, u32 size)
{
	u32 tag;

	if (pcr != 9 || type != EVENT_TAG || size < 8)
		return false;
	tag = get_unaligned_le32(data);
	return tag == STUB_INITRD_TAG || tag == STUB_LOAD_OPTIONS_TAG;
}

/**
 * hibseal_bootlog_parse() - count what a crypto-agile TCG event log measured where
 * @log:  the log: a TCG_PCClientPCREvent carrying the Spec ID Event03, then TCG_PCR_EVENT2s
 * @len:  its length (a tail of zeroes or of 0xff bytes ends it: the TPM core copies the
 *        firmware's whole log area, which EDK II fills with 0xff)
 * @out:  the counts
 *
 * Every field is checked against @len; nothing is read outside the log.
 *
 * Return: 0, -ENOENT if there is no log, -EPROTONOSUPPORT if it is not crypto-agile, -EINVAL
 * if it does not parse.
 */
int hibseal_bootlog_parse(const u8 *log, size_t len, struct hibseal_bootlog *out)
{
	const struct tcg_efi_specid_event_head *spec;
	u16 alg[MAX_BANKS], size[MAX_BANKS];
	u32 head_size, nalgs, i;
	size_t at;

	memset(out, 0, sizeof(*out));
	if (!log || !len)
		return -ENOENT;
	/* The header: pcr 0, EV_NO_ACTION, a zero SHA-1 digest, then the Spec ID event. */
	if (len < sizeof(struct tcg_pcr_event))
		return -EINVAL;
	head_size = get_unaligned_le32(log + offsetof(struct tcg_pcr_event, event_size));
	if (get_unaligned_le32(log) != 0 || get_unaligned_le32(log + 4) != NO_ACTION ||
	    memchr_inv(log + 8, 0, 20) || head_size < sizeof(*spec) ||
	    head_size > len - sizeof(struct tcg_pcr_event))
		return -EINVAL;
	spec = (const void *)(log + sizeof(struct tcg_pcr_event));
	if (memcmp(spec->signature, TCG_SPECID_SIG, sizeof(TCG_SPECID_SIG)))
		return -EPROTONOSUPPORT;
	nalgs = get_unaligned_le32(&spec->num_algs);
	if (!nalgs || nalgs > MAX_BANKS ||
	    head_size < sizeof(*spec) + nalgs * sizeof(spec->digest_sizes[0]))
		return -EINVAL;
	for (i = 0; i < nalgs; i++) {
		alg[i] = get_unaligned_le16(&spec->digest_sizes[i].alg_id);
		size[i] = get_unaligned_le16(&spec->digest_sizes[i].digest_size);
		if (!size[i] || size[i] > 64)
			return -EINVAL;
	}

	at = sizeof(struct tcg_pcr_event) + head_size;
	while (at < len) {
		u32 pcr, type, count, data_size;
		const u8 *data;

		/* The end: nothing but zeroes or 0xff bytes left (the unused log area). */
		if (!memchr_inv(log + at, 0, len - at) || !memchr_inv(log + at, 0xff, len - at))
			break;
		if (len - at < 12)
			return -EINVAL;
		pcr = get_unaligned_le32(log + at);
		type = get_unaligned_le32(log + at + 4);
		count = get_unaligned_le32(log + at + 8);
		at += 12;
		if (pcr >= TPM2_HIBSEAL_NR_PCRS || count != nalgs)
			return -EINVAL;
		for (i = 0; i < count; i++) {
			u32 j;
			u16 id;

			if (len - at < 2)
				return -EINVAL;
			id = get_unaligned_le16(log + at);
			for (j = 0; j < nalgs && alg[j] != id; j++)
				;
			if (j == nalgs || len - at - 2 < size[j])
				return -EINVAL;
			at += 2 + size[j];
		}
		if (len - at < 4)
			return -EINVAL;
		data_size = get_unaligned_le32(log + at);
		at += 4;
		if (len - at < data_size)
			return -EINVAL;
		data = log + at;
		at += data_size;

		out->events++;
		if (type == NO_ACTION)
			continue;
		if (pcr == 4 && type == EV_EFI_BOOT_SERVICES_APPLICATION)
			out->apps++;
		else if (stub_event(pcr, type, data, data_size))
			out->stub++;
		else if (pcr == 8 || pcr == 9)
			out->loader++;
	}
	return 0;
}

static const char unmeasured[] =
	"nothing measured the kernel: no LoadImage(), no boot loader events in PCRs 8 and 9";

/**
 * hibseal_bootlog_refusal() - why the bound PCRs would not identify this kernel, if they would not
 * @rc:         what hibseal_bootlog_parse() returned
 * @b:          ... and counted
 * @load_image: the kernel was started with LoadImage() (its EFI stub entered at its PE entry)
 *
 * Return: NULL when they identify it, else the reason sealing is refused.
 */
const char *hibseal_bootlog_refusal(int rc, const struct hibseal_bootlog *b, bool load_image)
{
	if (rc == -ENOENT)
		return "no TCG event log: what measured the kernel is unknown";
	if (rc == -EPROTONOSUPPORT)
		return "the TCG event log is not crypto-agile (TPM 2.0 format)";
	if (rc)
		return "the TCG event log does not parse";
	if (!b->apps)
		return "the TCG event log has no boot application in PCR 4";
	if (!load_image && !b->loader)
		return unmeasured;
	return NULL;
}

/*
 * x86's EFI stub sets this loader type when it is entered at its PE entry point, which is
 * where StartImage() after LoadImage() enters it; a loader using the EFI handover protocol or
 * the legacy boot protocol sets its own (honest ones do: GRUB's linuxefi 0x6, systemd-stub's
 * handover fallback 0xff). A loader is trusted to say so as it is trusted to measure.
 */
#define EFI_STUB_PE_ENTRY	0x21

/**
 * hibseal_boot_chain() - check that the window's PCRs identify this kernel, from @chip's log
 * @chip: the window's TPM
 *
 * Logs one line saying what the log showed.
 *
 * Return: NULL, or why sealing is refused.
 */
const char * __init hibseal_boot_chain(struct tpm_chip *chip)
{
	bool load_image = boot_params.hdr.type_of_loader == EFI_STUB_PE_ENTRY;
	struct hibseal_bootlog b;
	size_t len = 0;
	int rc;

	if (chip->log.bios_event_log && chip->log.bios_event_log_end > chip->log.bios_event_log)
		len = chip->log.bios_event_log_end - chip->log.bios_event_log;
	rc = hibseal_bootlog_parse(len ? chip->log.bios_event_log : NULL, len, &b);
	if (!rc)
		pr_info("boot chain: %u boot applications in PCR 4, %u boot loader events in PCRs 8 and 9, kernel started %s\n",
			b.apps, b.loader,
			load_image ? "with LoadImage()" : "by its boot loader");
	return hibseal_bootlog_refusal(rc, &b, load_image);
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/bootlog_kunit.c"
#endif
