// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation's sysfs files (Documentation/ABI/testing/sysfs-power-hibernate-seal):
 * /sys/power/hibernate_seal, "ready" or "unavailable: <reason>"; and
 * /sys/power/hibernate_seal_resume, what this boot's resume did, which every refusal of an
 * image (hibseal_refused_err(), hibseal_stale_err(), hibseal_refuse() in stream.c) and the resume
 * path (hibseal_resume_note()) record; and /sys/power/hibernate_seal_pcrs, the PCRs this kernel
 * seals to. KUnit: tests/resume_kunit.c, included at the end.
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/cleanup.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <kunit/test-bug.h>

#include "hibseal_private.h"
#include "../power.h"

/*
 * What this boot's resume did, for /sys/power/hibernate_seal_resume. A restored kernel's copy
 * is the one its own boot left, from before it hibernated: hibseal_resumed() replaces it.
 */
static struct {
	enum hibseal_resume what;
	char why[512];
} resume_outcome;
static DEFINE_SPINLOCK(resume_lock);

static const char * const resume_names[HIBSEAL_NR_RESUME] = {
	[HIBSEAL_RESUME_NOT_CHECKED] = "not checked",
	[HIBSEAL_RESUME_NO_IMAGE] = "no image",
	[HIBSEAL_RESUME_FOUND] = "found",
	[HIBSEAL_RESUME_REFUSED] = "refused",
	[HIBSEAL_RESUME_STALE] = "stale",
	[HIBSEAL_RESUME_DISCARDED] = "discarded",
	[HIBSEAL_RESUME_RESTORING] = "restoring",
	[HIBSEAL_RESUME_RESUMED] = "resumed",
	[HIBSEAL_RESUME_FAILED] = "failed",
};

/* An outcome that says why no image ran: later checks in the same boot must not hide it. */
static bool resume_final(enum hibseal_resume what)
{
	return what == HIBSEAL_RESUME_REFUSED || what == HIBSEAL_RESUME_STALE ||
	       what == HIBSEAL_RESUME_DISCARDED || what == HIBSEAL_RESUME_FAILED;
}

/* The transitions hibseal_resume_note() makes: from @now, is @what taken? */
static bool resume_takes(enum hibseal_resume now, enum hibseal_resume what)
{
	switch (what) {
	case HIBSEAL_RESUME_NOT_CHECKED:
	case HIBSEAL_RESUME_RESUMED:	/* hibseal_resumed() only */
		return false;
	case HIBSEAL_RESUME_NO_IMAGE:	/* only a first look: it hides nothing */
		return now == HIBSEAL_RESUME_NOT_CHECKED;
	case HIBSEAL_RESUME_FAILED:
		return now == HIBSEAL_RESUME_FOUND || now == HIBSEAL_RESUME_RESTORING;
	case HIBSEAL_RESUME_RESTORING:
		return true;
	default:	/* found, and the first refusal: the one that stopped the resume */
		return !resume_final(now);
	}
}

/**
 * hibseal_resume_note() - record what this boot's resume did
 * @what: the outcome
 * @why:  its reason (refused, stale, discarded, failed), or NULL
 *
 * Called by the swap reader (found, no image, discarded), by each refusal, and around the
 * restore (pm.c). Outcomes that say why no image ran are kept against a later "no image",
 * and the first refusal against later ones: it is the one that stopped the resume.
 */
void hibseal_resume_note(enum hibseal_resume what, const char *why)
{
	/* KUnit's refusals are not this boot's. */
	if (WARN_ON_ONCE(what >= HIBSEAL_NR_RESUME) || kunit_get_current_test())
		return;
	guard(spinlock)(&resume_lock);
	if (!resume_takes(resume_outcome.what, what))
		return;
	resume_outcome.what = what;
	strscpy(resume_outcome.why, why ?: "", sizeof(resume_outcome.why));
}

/**
 * hibseal_resumed() - this kernel is the one an image restored
 *
 * Called by create_image() where only a restored kernel finds in_suspend clear, with one CPU
 * up and interrupts off. The outcome this kernel holds is its own boot's: replace it.
 */
void hibseal_resumed(void)
{
	guard(spinlock)(&resume_lock);
	resume_outcome.what = HIBSEAL_RESUME_RESUMED;
	resume_outcome.why[0] = '\0';
}

/* /sys/power/hibernate_seal_resume: "NAME" or "NAME: REASON". */
static ssize_t hibseal_resume_show(char *buf)
{
	guard(spinlock)(&resume_lock);
	if (!resume_outcome.why[0])
		return sysfs_emit(buf, "%s\n", resume_names[resume_outcome.what]);
	return sysfs_emit(buf, "%s: %s\n", resume_names[resume_outcome.what], resume_outcome.why);
}

static void log_refusal(enum hibseal_resume what, const char *prefix, const char *fmt,
			va_list args)
{
	char why[sizeof(resume_outcome.why)];

	vsnprintf(why, sizeof(why), fmt, args);
	pr_err("image refused: %s%s\n", prefix, why);
	hibseal_resume_note(what, why);
}

/**
 * hibseal_refused_err() - log one line, "image refused: <reason>", and keep the reason
 * @fmt: the reason, without "image refused: " or a newline
 *
 * Every refusal of an image goes through here or hibseal_refuse(); the first one of a boot
 * is what /sys/power/hibernate_seal_resume says.
 */
void hibseal_refused_err(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	log_refusal(HIBSEAL_RESUME_REFUSED, "", fmt, args);
	va_end(args);
}

/**
 * hibseal_stale_err() - hibseal_refused_err() for a stale image, "image refused: it is stale: "
 * @fmt: what made it stale
 */
void hibseal_stale_err(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	log_refusal(HIBSEAL_RESUME_STALE, "it is stale: ", fmt, args);
	va_end(args);
}

/* Cheap to poll; the reason is logged once, when it arises. */
static ssize_t hibernate_seal_show(struct kobject *kobj, struct kobj_attribute *attr,
				   char *buf)
{
	const char *why = hibseal_unavailable_reason();

	return why ? sysfs_emit(buf, "unavailable: %s\n", why) : sysfs_emit(buf, "ready\n");
}

static struct kobj_attribute hibernate_seal_attr = __ATTR_RO(hibernate_seal);

static ssize_t hibernate_seal_resume_show(struct kobject *kobj, struct kobj_attribute *attr,
					  char *buf)
{
	return hibseal_resume_show(buf);
}

static struct kobj_attribute hibernate_seal_resume_attr = __ATTR_RO(hibernate_seal_resume);

/*
 * The PCRs (SHA-256 bank) the boot secret is sealed to, as a list ("4,7-9,14"): fixed when the
 * kernel is built, so that userspace shows the set this kernel binds instead of a guess.
 */
static ssize_t hibernate_seal_pcrs_show(struct kobject *kobj, struct kobj_attribute *attr,
					char *buf)
{
	unsigned long mask = WINDOW_MASK;

	return sysfs_emit(buf, "%*pbl\n", TPM2_HIBSEAL_NR_PCRS, &mask);
}

static struct kobj_attribute hibernate_seal_pcrs_attr = __ATTR_RO(hibernate_seal_pcrs);

static struct attribute *hibseal_attrs[] = {
	&hibernate_seal_attr.attr,
	&hibernate_seal_resume_attr.attr,
	&hibernate_seal_pcrs_attr.attr,
	NULL
};

static const struct attribute_group hibseal_attr_group = {
	.attrs = hibseal_attrs,
};

static int __init hibseal_sysfs_init(void)
{
	return sysfs_create_group(power_kobj, &hibseal_attr_group);
}
late_initcall(hibseal_sysfs_init);

#if IS_ENABLED(CONFIG_HIBERNATION_SEAL_KUNIT_TEST)
#include "tests/resume_kunit.c"
#endif
