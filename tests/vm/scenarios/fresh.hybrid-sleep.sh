#!/bin/bash
# Suspend-to-both (hibernation mode `suspend`): the kernel writes a sealed image, then sleeps in
# RAM. On wake-up it runs on, so the image on disk is older than what runs: before any task
# thaws the kernel advances the anti-replay counter (that image is stale now) and sealing stays
# available. Root then writes the image's signature back and the machine goes down: the next
# boot refuses the image as stale, the TPM's counter one past the value it carries. A second
# run: after the wake-up the same boot hibernates again (mode shutdown), and that image resumes.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fresh.hybrid-sleep
# OVMF rebuilds its page tables at 8 MiB on every S3 wake-up (docs/testing.md, traps).
VM_GUEST=sleep-modes vm_uki "memmap=64K\$0x800000" hibseal_vm.mode=suspend hibseal_vm.then=replay
VM_WAKE=1 vm_boot hybrid
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect '^HIBSEAL: disk-mode .*\[suspend\]' "hibernation mode suspend"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
expect 'ACPI: PM: Preparing to enter system sleep state S3' "then suspend to RAM"
expect_made_stale 'Waking up from system sleep state S3'
n=$STALE_N
expect '^HIBSEAL: ran-on rc=0 .* seal=ready swap-signature=SWAPSPACE2$' \
	"the boot to run on after the wake-up, sealing still ready, the signature restored"
SEAL_BOOT_ID=$(guest_value boot_id)
expect '^HIBSEAL: signature-written swap-signature=S1SUSPEND$' "root to write the image's signature back"
expect '^HIBSEAL-DONE rc=0$' "the woken script to finish"

# The same UKI (its command line is measured): the guest finds a signature and reports.
vm_boot replay
expect_refused "it is stale: written at anti-replay counter $n, the TPM's counter is at $((n + 1))" \
	"the image of a boot that ran on"

# The second run: a fresh swap area, hibernate, wake, hibernate again from the woken boot.
rm -f "$W/swap.img"
truncate -s 256M "$W/swap.img"
VM_GUEST=sleep-modes vm_uki "memmap=64K\$0x800000" hibseal_vm.mode=suspend hibseal_vm.then=again
VM_WAKE=1 vm_boot hybrid-again
expect 'hibseal: this boot wrote a sealed image and runs on: anti-replay counter advanced to [0-9]+, that image is stale' \
	"the wake-up to make the first image stale"
expect '^HIBSEAL: ran-on rc=0 .* seal=ready ' "sealing still ready after the wake-up"
expect '^HIBSEAL: hibernating-again marker=' "the woken boot to hibernate again"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the second image to be written"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after the second image"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)

vm_boot resume
expect "$KLINE_VERIFIED" "the second image verified"
expect "^HIBSEAL: resumed-again marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2\$" \
	"the woken boot's script to continue with marker $marker and boot id $boot_id"
expect_not 'image refused' "a refusal"
vm_done
