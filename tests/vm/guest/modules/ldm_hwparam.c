// SPDX-License-Identifier: GPL-2.0
/*
 * A module with a hardware-address parameter, as old ISA drivers had: lockdown must refuse to
 * let userspace choose it (the module is signed, so only the parameter is at stake).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static unsigned long ioport;
module_param_hw(ioport, ulong, ioport, 0444);
MODULE_PARM_DESC(ioport, "I/O port of the (imaginary) device");

static int __init ldm_hwparam_init(void)
{
	pr_info("ldm_hwparam: loaded, ioport=0x%lx\n", ioport);
	return 0;
}
module_init(ldm_hwparam_init);

static void __exit ldm_hwparam_exit(void)
{
}
module_exit(ldm_hwparam_exit);

MODULE_DESCRIPTION("hibseal lockdown matrix test module (hardware parameter)");
MODULE_LICENSE("GPL");
