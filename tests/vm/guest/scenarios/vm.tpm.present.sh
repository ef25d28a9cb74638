# shellcheck shell=dash disable=SC1091
# Talk to the TPM with a raw TPM2_PCR_Read from our own static program.
. /scenarios/common.sh
report_platform
ls -l /dev/tpm0 /dev/tpmrm0
tpm2-pcrread /dev/tpm0 >/tmp/pcrs
tpm_rc=$?
sed 's/^/HIBSEAL: /' /tmp/pcrs
say "tpm2-pcrread rc=$tpm_rc"
[ $tpm_rc = 0 ]
