#!/bin/bash
# Resume with another signed kernel image, signed with the same db key, so PCR 4 differs:
#  1. the same kernel build in a UKI built differently (its command line carries another build
#     tag): PCR 4 measures the whole image;
#  2. another kernel build, the production kernel (make kernel-production: another
#     configuration, another bzImage), with the very command line of the hibernated UKI.
# Each is refused at the kernel's own policy check; the original UKI then resumes the image.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.other-kernel
VM_GUEST=seal-hibernate vm_uki
hibernated_cmdline=$VM_CMDLINE
seal_hibernate
vm_save_state hibernated
# The kernel's own policy check (PolicyPCR over this boot's PCRs against the blob's authPolicy)
# is the step that refuses: PCR 4 measured another UKI.
policy='its key is not sealed to this machine, kernel and Secure Boot state \(key blob public area, TPM rc 0x000\)'
VM_GUEST=seal-hibernate vm_uki hibseal_vm.build=other
vm_boot resume
expect_refused "$policy" "the other UKI, at the policy check"
vm_restore_state hibernated
vm_kernel_variant production
VM_GUEST=seal-hibernate vm_uki
VM_KERNEL=
[ "$VM_CMDLINE" = "$hibernated_cmdline" ] ||
	fail "the other build's command line is '$VM_CMDLINE', not the hibernated '$hibernated_cmdline'"
cmp -s "$B/bzImage" "$B/kernel-production/bzImage" && fail "the two kernel builds are the same file"
vm_boot other-build
expect 'Linux version' "the other kernel to boot"
expect_not 'hibseal: self-test' "the test kernel's self-test (the other build has none)"
expect_refused "$policy" "the other kernel build, at the policy check"
# Positive control: the same TPM, firmware, UKI and image as after the hibernation resume.
vm_restore_state hibernated
vm_boot control
expect_resumed
vm_done
