// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the boot chain decision (bootlog.c): which PCRs identify the kernel, from
 * event logs laid out as the firmware, shim, systemd-boot, GRUB and the Linux EFI stub write
 * them, and the refusal of every log that is missing, not crypto-agile or malformed, however
 * it is cut. Pure logic, no TPM.
 *
 * Included at the end of bootlog.c.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#include <kunit/test.h>

#define T_LOG_MAX	2048
#define T_SHA1		0x0004
#define T_SHA256	0x000b

struct t_log {
	u8 buf[T_LOG_MAX];
	size_t len;
};

static void t_put(struct kunit *test, struct t_log *l, const void *p, size_t n)
{
	KUNIT_ASSERT_LE(test, l->len + n, (size_t)T_LOG_MAX);
	memcpy(l->buf + l->len, p, n);
	l->len += n;
}

static void t_u32(struct kunit *test, struct t_log *l, u32 v)
{
	__le32 le = cpu_to_le32(v);

	t_put(test, l, &le, sizeof(le));
}

static void t_u16(struct kunit *test, struct t_log *l, u16 v)
{
	__le16 le = cpu_to_le16(v);

	t_put(test, l, &le, sizeof(le));
}

/* The header event: SHA-1 and SHA-256 banks, as OVMF and most laptops log them. */
static struct t_log *t_new(struct kunit *test, const char *sig)
{
	struct t_log *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	u8 zero[20] = {}, sigbuf[16] = {};

	KUNIT_ASSERT_NOT_NULL(test, l);
	strscpy(sigbuf, sig, sizeof(sigbuf));
	t_u32(test, l, 0);
	t_u32(test, l, NO_ACTION);
	t_put(test, l, zero, sizeof(zero));
	t_u32(test, l, 16 + 4 + 4 + 4 + 2 * 4 + 1);	/* the Spec ID event's size */
	t_put(test, l, sigbuf, sizeof(sigbuf));
	t_u32(test, l, 0);				/* platform class */
	t_put(test, l, "\x00\x02\x00\x02", 4);		/* 2.0 errata 0, uintn 2 */
	t_u32(test, l, 2);
	t_u16(test, l, T_SHA1);
	t_u16(test, l, 20);
	t_u16(test, l, T_SHA256);
	t_u16(test, l, 32);
	t_put(test, l, "", 1);				/* no vendor info */
	return l;
}

/* One TCG_PCR_EVENT2 with both digests (their values do not matter here). */
static void t_event(struct kunit *test, struct t_log *l, u32 pcr, u32 type, const void *data,
		    u32 size)
{
	u8 digest[32];

	memset(digest, 0x5a, sizeof(digest));
	t_u32(test, l, pcr);
	t_u32(test, l, type);
	t_u32(test, l, 2);
	t_u16(test, l, T_SHA1);
	t_put(test, l, digest, 20);
	t_u16(test, l, T_SHA256);
	t_put(test, l, digest, 32);
	t_u32(test, l, size);
	t_put(test, l, data, size);
}

static void t_text(struct kunit *test, struct t_log *l, u32 pcr, u32 type, const char *s)
{
	t_event(test, l, pcr, type, s, strlen(s) + 1);
}

static void t_stub_tag(struct kunit *test, struct t_log *l, u32 tag)
{
	u8 ev[8 + 13];

	put_unaligned_le32(tag, ev);
	put_unaligned_le32(13, ev + 4);
	memcpy(ev + 8, "Linux initrd", 13);
	t_event(test, l, 9, EVENT_TAG, ev, sizeof(ev));
}

/* What OVMF logs before any boot loader, then the boot applications of PCR 4. */
static void t_firmware(struct kunit *test, struct t_log *l, int apps)
{
	u8 app[40] = {};
	int i;

	t_text(test, l, 0, NO_ACTION, "StartupLocality");
	t_text(test, l, 0, 0x8, "EDK II");
	t_text(test, l, 7, 0x800000e0, "SecureBoot");
	for (i = 0; i <= 7; i++)
		t_event(test, l, i, SEPARATOR, "\0\0\0\0", 4);
	t_text(test, l, 4, 0x80000007, "Calling EFI Application from Boot Option");
	for (i = 0; i < apps; i++)
		t_event(test, l, 4, EV_EFI_BOOT_SERVICES_APPLICATION, app, sizeof(app));
}

/*
 * Parse @l, expect @want_rc, and expect sealing refused or not: @refused_pe for a kernel started
 * with LoadImage(), @refused_handover for one a boot loader started itself.
 */
static void t_expect(struct kunit *test, struct t_log *l, int want_rc, bool refused_pe,
		     bool refused_handover)
{
	struct hibseal_bootlog b;
	int rc;

	rc = hibseal_bootlog_parse(l->buf, l->len, &b);
	KUNIT_EXPECT_EQ(test, rc, want_rc);
	KUNIT_EXPECT_EQ(test, !!hibseal_bootlog_refusal(rc, &b, true), refused_pe);
	KUNIT_EXPECT_EQ(test, !!hibseal_bootlog_refusal(rc, &b, false), refused_handover);
}

/*
 * systemd-boot starts a UKI: both in PCR 4; the stub's initrd and options in PCR 9. Started
 * by a loader that measured nothing, the same log identifies no kernel.
 */
static void t_chain_uki(struct kunit *test)
{
	struct t_log *l = t_new(test, TCG_SPECID_SIG);
	struct hibseal_bootlog b;

	t_firmware(test, l, 2);
	t_text(test, l, 12, IPL, "kernel command line");	/* systemd-stub's PCRs */
	t_text(test, l, 11, IPL, ".linux");
	t_stub_tag(test, l, STUB_LOAD_OPTIONS_TAG);
	t_stub_tag(test, l, STUB_INITRD_TAG);
	t_text(test, l, 5, 0x80000007, "Exit Boot Services Invocation");
	t_expect(test, l, 0, false, true);
	KUNIT_ASSERT_EQ(test, hibseal_bootlog_parse(l->buf, l->len, &b), 0);
	KUNIT_EXPECT_EQ(test, b.apps, 2);
	KUNIT_EXPECT_EQ(test, b.stub, 2);
	KUNIT_EXPECT_EQ(test, b.loader, 0);
	/* The firmware starting the kernel itself: the same. */
	l = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, l, 1);
	t_stub_tag(test, l, STUB_INITRD_TAG);
	t_expect(test, l, 0, false, true);
}

/* shim, GRUB: GRUB's files in 9 and commands in 8 identify the kernel however it started it. */
static void t_chain_grub(struct kunit *test)
{
	struct t_log *l = t_new(test, TCG_SPECID_SIG);
	struct hibseal_bootlog b;

	t_firmware(test, l, 2);
	t_text(test, l, 14, IPL, "MokList");
	t_text(test, l, 9, IPL, "(hd0,gpt1)/EFI/debian/grub.cfg");
	t_text(test, l, 8, IPL, "grub_cmd: linux /vmlinuz root=/dev/vda2");
	t_text(test, l, 8, IPL, "kernel_cmdline: /vmlinuz root=/dev/vda2");
	t_text(test, l, 9, IPL, "/vmlinuz");
	t_text(test, l, 9, IPL, "/initrd.img");
	t_expect(test, l, 0, false, false);
	KUNIT_ASSERT_EQ(test, hibseal_bootlog_parse(l->buf, l->len, &b), 0);
	KUNIT_EXPECT_EQ(test, b.loader, 5);
	/* One loader event in PCR 8 is one. */
	l = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, l, 1);
	t_text(test, l, 8, IPL, "kernel_cmdline: /vmlinuz");
	t_expect(test, l, 0, false, false);
	/* A tag in PCR 9 that is not the stub's is a loader's; the stub's tags in 8 too. */
	l = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, l, 1);
	t_stub_tag(test, l, 0x12345678);
	t_expect(test, l, 0, false, false);
	l = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, l, 1);
	t_event(test, l, 8, EVENT_TAG, "\xec\x22\x3b\x8f\0\0\0\0", 8);
	t_expect(test, l, 0, false, false);
	/* EV_NO_ACTION extends nothing, wherever it is: not a loader's measurement. */
	l = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, l, 1);
	t_text(test, l, 9, NO_ACTION, "nothing");
	t_expect(test, l, 0, false, true);
}

/* Nothing in PCR 4 says which image started: no sealing. */
static void t_no_application(struct kunit *test)
{
	struct t_log *l = t_new(test, TCG_SPECID_SIG);

	t_firmware(test, l, 0);
	t_text(test, l, 9, IPL, "/vmlinuz");
	t_expect(test, l, 0, true, true);
	/* An application event in another PCR does not count. */
	l = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, l, 0);
	t_event(test, l, 5, EV_EFI_BOOT_SERVICES_APPLICATION, "\0\0\0\0", 4);
	t_expect(test, l, 0, true, true);
}

/* No log, a TPM 1.2 style log, and a header that is not one. */
static void t_no_log(struct kunit *test)
{
	struct t_log *l = t_new(test, "Spec ID Event02");
	struct hibseal_bootlog b;

	KUNIT_EXPECT_EQ(test, hibseal_bootlog_parse(NULL, 0, &b), -ENOENT);
	KUNIT_EXPECT_NOT_NULL(test, hibseal_bootlog_refusal(-ENOENT, &b, true));
	t_firmware(test, l, 2);
	t_expect(test, l, -EPROTONOSUPPORT, true, true);
	l = t_new(test, TCG_SPECID_SIG);
	l->buf[4] = 1;				/* header not EV_NO_ACTION */
	t_expect(test, l, -EINVAL, true, true);
	l = t_new(test, TCG_SPECID_SIG);
	l->buf[8] = 1;				/* header digest not zero */
	t_expect(test, l, -EINVAL, true, true);
}

/*
 * A log up to the firmware's first application, then the head of an EV_IPL event in PCR 9
 * announcing @count digests: the malformed cases write the rest.
 */
static struct t_log *t_bad_head(struct kunit *test, u32 count)
{
	struct t_log *m = t_new(test, TCG_SPECID_SIG);

	t_firmware(test, m, 1);
	t_u32(test, m, 9);
	t_u32(test, m, IPL);
	t_u32(test, m, count);
	return m;
}

/* Every cut of a good log is refused or parses to no more than it has; trailing zeroes end it. */
static void t_malformed(struct kunit *test)
{
	struct t_log *l = t_new(test, TCG_SPECID_SIG), *m;
	size_t full, cut;

	t_firmware(test, l, 2);
	t_text(test, l, 9, IPL, "/vmlinuz");
	full = l->len;
	t_expect(test, l, 0, false, false);
	for (cut = 0; cut < full; cut++) {
		struct hibseal_bootlog b;
		int rc = hibseal_bootlog_parse(l->buf, cut, &b);

		/* A cut between two events parses; inside one it must not. */
		if (!rc)
			KUNIT_EXPECT_LT(test, b.events, 15);
		else
			KUNIT_EXPECT_TRUE(test, rc == -EINVAL || rc == -ENOENT);
	}
	/* Padding after the last event, zeroes or 0xff as EDK II leaves its log area: the end. */
	l->len += 64;
	t_expect(test, l, 0, false, false);
	memset(l->buf + full, 0xff, 64);
	t_expect(test, l, 0, false, false);
	/* ... but not a tail of anything else. */
	l->buf[full + 63] = 0;
	t_expect(test, l, -EINVAL, true, true);
	/* An event claiming more data than the log has. */
	m = t_bad_head(test, 2);
	t_u16(test, m, T_SHA1);
	t_put(test, m, l->buf, 20);
	t_u16(test, m, T_SHA256);
	t_put(test, m, l->buf, 32);
	t_u32(test, m, 0x7fffffff);
	t_put(test, m, "x", 1);
	t_expect(test, m, -EINVAL, true, true);
	/* A digest of a bank the header does not list. */
	m = t_bad_head(test, 1);
	t_u16(test, m, 0x000c);			/* SHA-384 */
	t_put(test, m, l->buf, 48);
	t_u32(test, m, 0);
	t_expect(test, m, -EINVAL, true, true);
	/* Fewer digests than banks. */
	m = t_bad_head(test, 1);
	t_u16(test, m, T_SHA256);
	t_put(test, m, l->buf, 32);
	t_u32(test, m, 0);
	t_expect(test, m, -EINVAL, true, true);
	/* A PCR index past the bank's. */
	m = t_new(test, TCG_SPECID_SIG);
	t_firmware(test, m, 1);
	t_text(test, m, 24, IPL, "x");
	t_expect(test, m, -EINVAL, true, true);
}

static struct kunit_case hibseal_bootlog_cases[] = {
	KUNIT_CASE(t_chain_uki),
	KUNIT_CASE(t_chain_grub),
	KUNIT_CASE(t_no_application),
	KUNIT_CASE(t_no_log),
	KUNIT_CASE(t_malformed),
	{}
};

static struct kunit_suite hibseal_bootlog_suite = {
	.name = "hibseal_bootlog",
	.test_cases = hibseal_bootlog_cases,
};

kunit_test_suite(hibseal_bootlog_suite);
