#!/bin/bash
# Hibernation mode test_resume: the kernel writes a sealed image and, instead of powering off,
# reads it back in the same boot. The boot runs on, so before any task thaws the kernel
# advances the anti-replay counter: the image on disk is stale. Root writes its signature back
# and the machine goes down: the next boot refuses the image as stale.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fresh.test-resume
VM_GUEST=sleep-modes vm_uki hibseal_vm.mode=test_resume hibseal_vm.then=replay
vm_boot test-resume
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect '^HIBSEAL: disk-mode .*\[test_resume\]' "hibernation mode test_resume"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
expect_made_stale 'PM: hibernation: Wrote'
n=$STALE_N
expect_not 'image verified' "the image restored in the boot that wrote it"
# As upstream 6.1 does with any image in this mode: the read-back cannot open the active swap
# device (EBUSY), so the image and its signature stay on disk.
expect '^HIBSEAL: ran-on rc=1 error=sh:_write_error:_Device_or_resource_busy_ .* seal=ready swap-signature=S1SUSPEND$' \
	"the boot to run on, sealing still ready, the image still on disk"
SEAL_BOOT_ID=$(guest_value boot_id)
expect '^HIBSEAL: signature-written swap-signature=S1SUSPEND$' "root to write the image's signature back"
expect '^HIBSEAL-DONE rc=0$' "the script to finish"

# The same UKI (its command line is measured): the guest finds a signature and reports.
vm_boot replay
expect_refused "it is stale: written at anti-replay counter $n, the TPM's counter is at $((n + 1))" \
	"the image of a boot that ran on"
vm_done
