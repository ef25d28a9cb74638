#!/bin/bash
# Hibernation mode test_resume: the kernel writes a sealed image and, instead of powering off,
# reads it back in the same boot. The boot runs on, so before any task thaws the kernel
# advances the anti-replay counter: the image on disk is stale, and the read-back is refused
# (this boot's window never unsealed a key for it). 6.12 resets the signature before it loads
# the image; patch 0002 then gives back the image's swap, which the kernel that runs on still
# counted as taken (swapoff waited for it for ever). Root turns swap off, writes the signature
# back, and the machine goes down: the next boot refuses the image as stale.
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
expect_order 'hibseal: .*image is stale' 'hibseal: image refused: .*none is held' \
	"the image made stale, then its read-back refused"
expect '^HIBSEAL: ran-on rc=1 error=sh:_write_error:_Required_key_not_available_ .* seal=ready swap-signature=SWAPSPACE2$' \
	"the boot to run on, sealing still ready, the signature reset by the read-back"
SEAL_BOOT_ID=$(guest_value boot_id)
expect_not '^HIBSEAL: swapoff-failed' "swapoff to fail (the image's swap not given back)"
expect '^HIBSEAL: signature-written swap-signature=S1SUSPEND$' "root to write the image's signature back"
expect '^HIBSEAL-DONE rc=0$' "the script to finish"

# The same UKI (its command line is measured): the guest finds a signature and reports.
vm_boot replay
expect_refused "it is stale: written at anti-replay counter $n, the TPM's counter is at $((n + 1))" \
	"the image of a boot that ran on"
vm_done
