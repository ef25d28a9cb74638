// SPDX-License-Identifier: GPL-2.0
/*
 * libhibseal: what the TPM says of itself, asked through tpm2-tss (ESAPI), for `hibseal status`:
 * its manufacturer and firmware version (TPM2_GetCapability) and the SHA-256 PCRs the status
 * shows (TPM2_PCR_Read). The kernel's sysfs files say the same when they exist; asking the TPM
 * through the resource manager works on any kernel and shows what the TPM itself answers.
 *
 * Copyright (C) 2026 The hibseal authors
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <tss2/tss2_esys.h>
#include <tss2/tss2_rc.h>
#include <tss2/tss2_tctildr.h>

#include "libhibseal.h"

static int fail(char *why, size_t size, const char *what, TSS2_RC rc)
{
	if (why && size)
		snprintf(why, size, "%s: %s", what, Tss2_RC_Decode(rc));
	return -EIO;
}

static void property(const TPMS_CAPABILITY_DATA *cap, TPM2_PT pt, uint32_t *value)
{
	uint32_t i;

	for (i = 0; i < cap->data.tpmProperties.count; i++)
		if (cap->data.tpmProperties.tpmProperty[i].property == pt)
			*value = cap->data.tpmProperties.tpmProperty[i].value;
}

int hs_tpm_query(const char *tcti_conf, const unsigned int *pcrs, size_t nr_pcrs,
		 struct hs_tpm_facts *f, char *why, size_t why_size)
{
	TPML_PCR_SELECTION sel = { .count = 1 }, *sel_out = NULL;
	TPMS_CAPABILITY_DATA *cap = NULL;
	TSS2_TCTI_CONTEXT *tcti = NULL;
	TPML_DIGEST *values = NULL;
	ESYS_CONTEXT *ctx = NULL;
	uint32_t manufacturer = 0, fw = 0, update, i, v;
	TPMI_YES_NO more;
	TSS2_RC rc;
	size_t k;
	int err;

	memset(f, 0, sizeof(*f));
	if (nr_pcrs > HS_TPM_PCRS_MAX)
		return -EINVAL;
	rc = Tss2_TctiLdr_Initialize(tcti_conf, &tcti);
	if (rc)
		return fail(why, why_size, "cannot reach the TPM", rc);
	rc = Esys_Initialize(&ctx, tcti, NULL);
	if (rc) {
		err = fail(why, why_size, "Esys_Initialize", rc);
		goto out;
	}
	rc = Esys_GetCapability(ctx, ESYS_TR_NONE, ESYS_TR_NONE, ESYS_TR_NONE,
				TPM2_CAP_TPM_PROPERTIES, TPM2_PT_MANUFACTURER, 8, &more, &cap);
	if (rc) {
		err = fail(why, why_size, "TPM2_GetCapability", rc);
		goto out;
	}
	property(cap, TPM2_PT_MANUFACTURER, &manufacturer);
	property(cap, TPM2_PT_FIRMWARE_VERSION_1, &fw);
	for (i = 0; i < 4; i++) {
		char c = (char)(manufacturer >> (24 - 8 * i));

		f->manufacturer[i] = c >= 0x21 && c <= 0x7e ? c : '\0';
	}
	f->manufacturer[4] = '\0';
	f->fw_major = fw >> 16;
	f->fw_minor = fw & 0xffff;

	if (!nr_pcrs) {
		err = 0;
		goto out;
	}
	sel.pcrSelections[0].hash = TPM2_ALG_SHA256;
	sel.pcrSelections[0].sizeofSelect = 3;
	for (k = 0; k < nr_pcrs; k++) {
		if (pcrs[k] >= 24) {
			err = -EINVAL;
			goto out;
		}
		sel.pcrSelections[0].pcrSelect[pcrs[k] / 8] |= 1 << (pcrs[k] % 8);
	}
	rc = Esys_PCR_Read(ctx, ESYS_TR_NONE, ESYS_TR_NONE, ESYS_TR_NONE, &sel, &update, &sel_out,
			   &values);
	if (rc) {
		err = fail(why, why_size, "TPM2_PCR_Read", rc);
		goto out;
	}
	/* The values come in PCR order, for the PCRs the TPM returned (pcrSelectionOut). */
	v = 0;
	for (i = 0; i < 24 && v < values->count; i++) {
		if (sel_out->count != 1 || sel_out->pcrSelections[0].hash != TPM2_ALG_SHA256 ||
		    !(sel_out->pcrSelections[0].pcrSelect[i / 8] & (1 << (i % 8))))
			continue;
		for (k = 0; k < nr_pcrs; k++) {
			unsigned int b;

			if (pcrs[k] != i || values->digests[v].size != 32)
				continue;
			for (b = 0; b < 32; b++)
				sprintf(f->pcr[k] + 2 * b, "%02X", values->digests[v].buffer[b]);
			f->have_pcr[k] = true;
		}
		v++;
	}
	err = 0;
out:
	Esys_Free(cap);
	Esys_Free(sel_out);
	Esys_Free(values);
	if (ctx)
		Esys_Finalize(&ctx);
	Tss2_TctiLdr_Finalize(&tcti);
	return err;
}
