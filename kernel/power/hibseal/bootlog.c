// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation: which PCRs identify the running kernel, read from the firmware's TCG
 * event log (the crypto-agile log that the TPM core keeps in chip->log).
 *
 * The boot window seals to PCR 7 (Secure Boot policy), the window PCR and the PCRs that
 * identify the kernel. Which ones those are depends on what started it:
 *
 * - The firmware or systemd-boot started the kernel, or a UKI carrying it, with LoadImage():
 *   the firmware measured that image into PCR 4 (EV_EFI_BOOT_SERVICES_APPLICATION). The kernel
 *   PCR (CONFIG_HIBERNATION_SEAL_KERNEL_PCR, 4) identifies it. The Linux EFI stub's own
 *   measurements of the initrd and of its load options land in PCR 9 as EV_EVENT_TAG events.
 * - GRUB loaded the kernel itself: PCR 4 holds only shim and GRUB, the same for every kernel
 *   that GRUB boots, and GRUB measured each file it read (the kernel, the initrd, its
 *   configuration) into PCR 9 and each command it ran, the kernel's command line among them,
 *   into PCR 8, as EV_IPL events. Sealed to PCR 4 alone, an image would open under any other
 *   signed kernel the same GRUB boots. PCRs 8 and 9 are bound as well.
 *
 * The rule (hibseal_bootlog_pcrs()): no log, or one that is not crypto-agile or does not
 * parse: no sealing. No boot application in PCR 4: no sealing. Any event a boot loader
 * extended into PCR 8 or 9 (anything but EV_NO_ACTION and the stub's two tagged events): bind
 * 8 and 9. The log is read once, in the window, before any userspace; it is what the firmware
 * and the boot loaders wrote during this boot, and the TPM's PCR values are what the policy
 * checks, so a log that lies only costs its own boot its sealing.
 *
 * What the log cannot show: a signed boot loader that starts kernels without measuring them
 * leaves nothing to bind in any PCR. Such a loader in db defeats every PCR policy, and the
 * threat model requires that db trusts none (Documentation/power/sealed-hibernation.rst).
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

#include "hibseal_private.h"

#define EV_EFI_BOOT_SERVICES_APPLICATION	0x80000003
/* The Linux EFI stub's tagged events (drivers/firmware/efi/libstub/efistub.h), in PCR 9. */
#define STUB_INITRD_TAG				0x8F3B22EC
#define STUB_LOAD_OPTIONS_TAG			0x8F3B22ED
#define LOADER_PCRS				(BIT(8) | BIT(9))
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
 * @len:  its length (trailing zeroes are allowed: the end of the log)
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

		/* The end: nothing but zeroes left (the TPM core's buffer may be padded). */
		if (!memchr_inv(log + at, 0, len - at))
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

/**
 * hibseal_bootlog_pcrs() - the PCRs that identify this kernel, from the counts of its log
 * @rc:     what hibseal_bootlog_parse() returned
 * @b:      ... and counted
 * @reason: set to why sealing is refused, when it is
 *
 * Return: the PCRs to bind besides the window's fixed ones (WINDOW_MASK), or 0 with @reason.
 */
u32 hibseal_bootlog_pcrs(int rc, const struct hibseal_bootlog *b, const char **reason)
{
	*reason = NULL;
	if (rc == -ENOENT)
		*reason = "no TCG event log: which PCRs identify the kernel is unknown";
	else if (rc == -EPROTONOSUPPORT)
		*reason = "the TCG event log is not crypto-agile (TPM 2.0 format)";
	else if (rc)
		*reason = "the TCG event log does not parse";
	else if (!b->apps)
		*reason = "the TCG event log has no boot application in PCR 4";
	if (*reason)
		return 0;
	return b->loader ? LOADER_PCRS : 0;
}

/**
 * hibseal_boot_pcrs() - the policy PCRs of this boot, from @chip's event log
 * @chip:   the window's TPM
 * @mask:   set to WINDOW_MASK, and PCRs 8 and 9 where a boot loader measured into them
 * @reason: set to why sealing is refused (then @mask is WINDOW_MASK), else NULL
 *
 * Logs one line when the boot loader's PCRs are bound.
 */
void __init hibseal_boot_pcrs(struct tpm_chip *chip, u32 *mask, const char **reason)
{
	struct hibseal_bootlog b;
	size_t len = 0;
	u32 extra;
	int rc;

	if (chip->log.bios_event_log && chip->log.bios_event_log_end > chip->log.bios_event_log)
		len = chip->log.bios_event_log_end - chip->log.bios_event_log;
	rc = hibseal_bootlog_parse(len ? chip->log.bios_event_log : NULL, len, &b);
	extra = hibseal_bootlog_pcrs(rc, &b, reason);
	*mask = WINDOW_MASK | extra;
	if (extra)
		pr_info("boot window: the TCG event log has %u boot loader events in PCRs 8 and 9 (GRUB measures the kernel, initrd and command line there): PCRs 8 and 9 are bound too\n",
			b.loader);
}

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/bootlog_kunit.c"
#endif
