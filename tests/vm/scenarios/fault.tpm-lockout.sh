#!/bin/bash
# Dictionary-attack lockout: before the machine boots, the TPM is driven into lockout (one
# allowed failure, a wrong password twice on a DA-protected object, tpm2-tools over swtpm's
# socket). Everything sealed hibernation uses is exempt (noDA objects, policy sessions, a
# NO_DA counter, hierarchy authorization), so it hibernates and resumes as usual; the TPM is
# still in lockout afterwards.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/fault.sh
. "$top/tests/vm/fault.sh"

vm_init fault.tpm-lockout
fault_tpm_lockout
[ "$(fault_tpm_in_lockout)" = 1 ] || { fail "the TPM did not enter lockout"; vm_done; }
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_boot resume
expect_resumed
[ "$(fault_tpm_in_lockout)" = 1 ] || fail "the TPM left lockout during the test"
vm_done
