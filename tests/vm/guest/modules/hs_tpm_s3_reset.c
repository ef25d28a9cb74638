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

/*
 * TPM2_PCR_Extend of PCR 15 with a password session, sent as the kernel's sealed hibernation
 * sends its own extends: the TPM core's tpm_pcr_extend() would open an HMAC session
 * (TCG_TPM2_HMAC) that outlives the reset, and after one reset the core disables the chip at
 * the next session start, so no second reset could be staged.
 */
static int hs_extend(struct tpm_chip *chip)
{
	struct tpm_buf buf;
	u8 digest[TPM2_MAX_DIGEST_SIZE];
	int i, rc;

	rc = tpm_buf_init(&buf, TPM2_ST_SESSIONS, TPM2_CC_PCR_EXTEND);
	if (rc)
		return rc;
	memset(digest, 0x5a, sizeof(digest));
	tpm_buf_append_u32(&buf, HS_RESET_PCR);
	tpm_buf_append_u32(&buf, 9);		/* authorizationSize */
	tpm_buf_append_u32(&buf, TPM2_RS_PW);
	tpm_buf_append_u16(&buf, 0);		/* nonce */
	tpm_buf_append_u8(&buf, 0);		/* sessionAttributes */
	tpm_buf_append_u16(&buf, 0);		/* empty password */
	tpm_buf_append_u32(&buf, chip->nr_allocated_banks);
	for (i = 0; i < chip->nr_allocated_banks; i++) {
		tpm_buf_append_u16(&buf, chip->allocated_banks[i].alg_id);
		tpm_buf_append(&buf, digest,
			       min_t(u16, chip->allocated_banks[i].digest_size, sizeof(digest)));
	}
	rc = tpm_transmit_cmd(chip, &buf, 0, "extending PCR 15 after the suspend");
	tpm_buf_destroy(&buf);
	return rc;
}

static int hs_suspend_late(struct device *dev)
{
	struct tpm_chip *chip = tpm_default_chip();
	unsigned int suspended;
	int rc;

	if (!chip) {
		dev_err(dev, "no TPM\n");
		return 0;
	}
	suspended = chip->flags & TPM_CHIP_FLAG_SUSPENDED;
	chip->flags &= ~TPM_CHIP_FLAG_SUSPENDED;
	rc = tpm_try_get_ops(chip);
	if (!rc) {
		rc = hs_extend(chip);
		tpm_put_ops(chip);
	}
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
