#!/bin/bash
# Resume with another signed kernel image: a UKI signed with the same db key but built
# differently (its command line carries another build tag), so PCR 4 differs. (The kernel inside
# is the same build: a second kernel build would take minutes; PCR 4 measures the whole image.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.other-kernel
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
VM_GUEST=seal-hibernate vm_uki hibseal_vm.build=other
vm_boot resume
expect_refused 'its key is not sealed to this machine, kernel and Secure Boot state' "the other kernel"
vm_done
