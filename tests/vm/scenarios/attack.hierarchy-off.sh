#!/bin/bash
# Root hides the counters. With the owner authorization empty, root disables the TPM's owner
# hierarchy (TPM2_HierarchyControl): hibseal's NV counters become inaccessible until the next
# TPM2_Startup(CLEAR), and an S3 cycle keeps them so. Root then asks for suspend-to-both: if an
# image were written, the wake-up could not make it stale and root could bring it back later,
# older than what ran since. The kernel reads both counters before writing (tasks frozen) and
# refuses the hibernation (EIO, its line); nothing is written, the system runs on. The next
# boot (the hierarchy back on) seals as usual: the positive control that the refusal was the
# hidden counters.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.hierarchy-off
VM_GUEST=sleep-modes vm_uki "memmap=64K\$0x800000" hibseal_vm.mode=suspend hibseal_vm.then=none \
	hibseal_vm.attack=hierarchy-off
VM_WAKE=1 vm_boot hierarchy-off
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect '^HIBSEAL: attack: hierarchy-off rc=0x000$' "root to disable the owner hierarchy"
expect "hibseal: cannot hibernate: the TPM's counters cannot be read \\(TPM2_NV_ReadPublic failed, -?[0-9]+, TPM rc 0x[0-9a-f]+\\)" \
	"the kernel to refuse, the counters hidden"
expect '^HIBSEAL: ran-on rc=1 error=sh:_write_error:_Input/output_error_ .* swap-signature=SWAPSPACE2$' \
	"the hibernation to fail with EIO, nothing on disk, the system running on"
expect_not 'PM: hibernation: Wrote|PM: Compressing' "an image written"
expect '^HIBSEAL-DONE rc=0$' "the script to finish"

vm_boot next
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"sealing ready again once TPM2_Startup(CLEAR) re-enabled the hierarchy"
expect 'hibseal: anti-replay counter advanced to [0-9]+, blob epoch to [0-9]+' "the counters readable again"
vm_done
