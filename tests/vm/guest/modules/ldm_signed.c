// SPDX-License-Identifier: GPL-2.0
/* A module that only says it loaded: lockdown matrix test (signed). */
#include <linux/module.h>

static int __init ldm_signed_init(void)
{
	pr_info("ldm_signed: loaded\n");
	return 0;
}
module_init(ldm_signed_init);

static void __exit ldm_signed_exit(void)
{
}
module_exit(ldm_signed_exit);

MODULE_DESCRIPTION("hibseal lockdown matrix test module (signed)");
MODULE_LICENSE("GPL");
