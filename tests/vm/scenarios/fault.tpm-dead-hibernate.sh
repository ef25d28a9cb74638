#!/bin/bash
# The TPM stops answering (swtpm killed) once the hibernation is under way: the kernel checks
# the TPM and the window PCR before it writes a sealed image, so the hibernation aborts before
# power-off, the write to /sys/power/state fails, nothing is left on swap, the system keeps
# running with usable swap.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fault.tpm-dead-hibernate
VM_GUEST=seal-hibernate vm_uki
VM_TRIGGER='PM: hibernation: hibernation entry' VM_TRIGGER_CMD=vm_kill_tpm vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready"
expect 'PM: hibernation: hibernation entry' "the hibernation to start before the TPM dies"
[ "$VM_TRIGGERED" = 1 ] || fail "the TPM was never stopped"
expect 'hibseal: cannot hibernate: the TPM does not answer' "the kernel's reason"
expect '^HIBSEAL: hibernate-refused error=.*Input/output error' "the hibernation to fail with EIO"
expect_not 'PM: hibernation: Wrote' "an image written"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "no hibernation signature left"
expect '^HIBSEAL-DONE rc=' "the system to keep running"
[ "$(host_swap_signature)" = SWAPSPACE2 ] ||
	fail "the swap disk's signature is $(host_swap_signature), not SWAPSPACE2"
vm_boot after
expect_not 'PM: hibernation: resume from hibernation|image refused' "an image found"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "swap intact"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
vm_done
