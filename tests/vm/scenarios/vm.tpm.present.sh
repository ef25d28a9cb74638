#!/bin/bash
# The swtpm TPM 2.0 is visible to the kernel and answers raw TPM2_PCR_Read commands from our
# static test program through /dev/tpm0.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init vm.tpm.present
vm_uki
vm_boot boot
expect 'tpm_tis .*2\.0 TPM' "the TIS driver to bind a TPM 2.0"
expect '^HIBSEAL: tpm2-pcrread rc=0$' "tpm2-pcrread to succeed"
n=$(grep -Ec '^HIBSEAL: pcr-sha256\[[0-9]+\]=[0-9a-f]{64}$' "$VM_LOG" || true)
[ "$n" = 24 ] || fail "expected 24 SHA-256 PCR values, got $n"
# The firmware measured the Secure Boot policy into PCR 7, so it is not all zeros; a debug PCR
# nobody extends (16) still is.
zero=$(printf '0%.0s' $(seq 64))
[ "$(guest_value 'pcr-sha256\[7\]')" != "$zero" ] || fail "PCR 7 is all zeros"
[ "$(guest_value 'pcr-sha256\[16\]')" = "$zero" ] || fail "PCR 16 is not all zeros"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
