#!/bin/bash
# One flipped bit inside the sealed key blob (the TPM-encrypted private part): the TPM's
# integrity check fails at TPM2_Load, so the image key cannot be recovered.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.keyblob
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg flip keyblob
vm_boot resume
expect_refused 'its key blob was not made by a boot window of this TPM \(TPM2_Load' "the TPM's integrity check"
vm_done
