// SPDX-License-Identifier: GPL-2.0
/*
 * Sealed hibernation's sysfs file, /sys/power/hibernate_seal: "ready", or
 * "unavailable: <reason>" ("Failure semantics" in Documentation/power/sealed-hibernation.rst).
 *
 * Copyright (C) 2026 The hibseal authors
 */

#define pr_fmt(fmt) "hibseal: " fmt

#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>

#include "hibseal_private.h"
#include "../power.h"

/* Cheap to poll; the reason is logged once, when it arises. */
static ssize_t hibernate_seal_show(struct kobject *kobj, struct kobj_attribute *attr,
				   char *buf)
{
	const char *why = hibseal_unavailable_reason();

	return why ? sysfs_emit(buf, "unavailable: %s\n", why) : sysfs_emit(buf, "ready\n");
}

static struct kobj_attribute hibernate_seal_attr = __ATTR_RO(hibernate_seal);

static int __init hibseal_sysfs_init(void)
{
	return sysfs_create_file(power_kobj, &hibernate_seal_attr.attr);
}
late_initcall(hibseal_sysfs_init);
