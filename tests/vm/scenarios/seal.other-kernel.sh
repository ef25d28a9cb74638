#!/bin/bash
# Resume with another signed kernel image: a UKI signed with the same db key but built
# differently (its command line carries another build tag), so PCR 4 differs. (The kernel inside
# is the same build: a second kernel build would take minutes; PCR 4 measures the whole image.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.other-kernel
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_save_state hibernated
VM_GUEST=seal-hibernate vm_uki hibseal_vm.build=other
vm_boot resume
# The kernel's own policy check (PolicyPCR over this boot's PCRs against the blob's authPolicy)
# is the step that refuses: PCR 4 measured another UKI.
expect_refused 'its key is not sealed to this machine, kernel and Secure Boot state \(key blob public area, TPM rc 0x000\)' \
	"the other kernel, at the policy check"
# Positive control: the same TPM, firmware, UKI and image as after the hibernation resume.
vm_restore_state hibernated
vm_boot control
expect_resumed
vm_done
