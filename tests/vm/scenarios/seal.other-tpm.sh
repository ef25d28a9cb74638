#!/bin/bash
# Resume on another machine: the same disk and firmware, a new TPM (fresh swtpm state). The
# boot window's PCRs even match, but the key blob only loads under the TPM that sealed it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.other-tpm
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_tpm_new "$W/tpm"
vm_boot resume
expect_refused 'its key blob was not made by a boot window of this TPM \(TPM2_Load' "the other TPM"
vm_done
