// SPDX-License-Identifier: GPL-2.0
/* A module that only says it loaded: lockdown matrix test (unsigned). */
#include <linux/module.h>

static int __init ldm_unsigned_init(void)
{
	pr_info("ldm_unsigned: loaded\n");
	return 0;
}
module_init(ldm_unsigned_init);

static void __exit ldm_unsigned_exit(void)
{
}
module_exit(ldm_unsigned_exit);

MODULE_DESCRIPTION("hibseal lockdown matrix test module (unsigned)");
MODULE_LICENSE("GPL");
