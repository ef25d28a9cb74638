#!/bin/bash
# The TPM stops (swtpm killed) while the system is hibernating, before the image is written:
# the kernel checks the TPM before it writes a sealed image, so the write fails, the system
# keeps running, and no hibernation signature is left on the swap device.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tpm-fail-hibernate
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=3
VM_TRIGGER='^HIBSEAL: pausing' VM_TRIGGER_CMD=vm_kill_tpm vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect 'hibseal: cannot hibernate: the TPM does not answer' "the kernel to notice the TPM is gone"
[ "$VM_TRIGGERED" = 1 ] || fail "the TPM was never stopped"
expect '^HIBSEAL: hibernate-refused error=.*Input/output error' "the write to /sys/power/state to fail with EIO"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "no hibernation signature on swap"
expect '^HIBSEAL-DONE rc=1$' "the system to keep running to the end of its script"
expect_not 'PM: Image saving done' "an image written"
# What the disk holds, not what the guest's page cache showed it.
[ "$(host_swap_signature)" = SWAPSPACE2 ] ||
	fail "page 0 of the swap disk ends in $(host_swap_signature), not SWAPSPACE2"
vm_done
