// SPDX-License-Identifier: GPL-2.0
/*
 * fresh.s3-tpm-reset: make the TPM come back from S3 as if it had been reset.
 *
 * The TPM driver saves the TPM's state (TPM2_Shutdown(STATE)) in its suspend callback. A PCR
 * extend after that voids the saved state, so on wake-up the firmware's TPM2_Startup(STATE)
 * fails and it starts the TPM clear (OVMF's fallback): every PCR at its reset value, which is
 * what a reset of the TPM while the machine slept leaves. This runs in the suspend_late phase,
 * after every device's suspend callback, and extends PCR 15, which nothing here measures.
 *
 * Since 6.12 the TPM core refuses every command once its suspend callback has run
 * (TPM_CHIP_FLAG_SUSPENDED, -ENODEV from tpm_pcr_extend()); this test module lifts the flag for
 * its one extend, with every task frozen, and puts it back.
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/tpm.h>

#define HS_RESET_PCR	15

static struct platform_device *hs_pdev;

static int hs_suspend_late(struct device *dev)
{
	struct tpm_digest digests[TPM_MAX_HASHES] = {};
	struct tpm_chip *chip = tpm_default_chip();
	unsigned int suspended;
	int i, rc;

	if (!chip) {
		dev_err(dev, "no TPM\n");
		return 0;
	}
	for (i = 0; i < chip->nr_allocated_banks && i < TPM_MAX_HASHES; i++) {
		digests[i].alg_id = chip->allocated_banks[i].alg_id;
		memset(digests[i].digest, 0x5a, sizeof(digests[i].digest));
	}
	suspended = chip->flags & TPM_CHIP_FLAG_SUSPENDED;
	chip->flags &= ~TPM_CHIP_FLAG_SUSPENDED;
	rc = tpm_pcr_extend(chip, HS_RESET_PCR, digests);
	chip->flags |= suspended;
	put_device(&chip->dev);
	dev_info(dev, "PCR %d extended after the TPM's suspend (rc %d): its saved state is void\n",
		 HS_RESET_PCR, rc);
	return 0;
}

static const struct dev_pm_ops hs_pm_ops = {
	.suspend_late = hs_suspend_late,
};

static int hs_probe(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver hs_driver = {
	.probe = hs_probe,
	.driver = {
		.name = "hs_tpm_s3_reset",
		.pm = &hs_pm_ops,
	},
};

static int __init hs_init(void)
{
	int rc = platform_driver_register(&hs_driver);

	if (rc)
		return rc;
	hs_pdev = platform_device_register_simple("hs_tpm_s3_reset", -1, NULL, 0);
	if (IS_ERR(hs_pdev)) {
		platform_driver_unregister(&hs_driver);
		return PTR_ERR(hs_pdev);
	}
	pr_info("hs_tpm_s3_reset: armed, the next suspend voids the TPM's saved state\n");
	return 0;
}
module_init(hs_init);

static void __exit hs_exit(void)
{
	platform_device_unregister(hs_pdev);
	platform_driver_unregister(&hs_driver);
}
module_exit(hs_exit);

MODULE_DESCRIPTION("hibseal test module: the TPM comes back from S3 reset");
MODULE_LICENSE("GPL");
