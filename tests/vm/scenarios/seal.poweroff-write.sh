#!/bin/bash
# Power is cut (QEMU killed) halfway through writing a sealed image: once ~6 MB of the ~12 MB
# compressed image have reached the swap disk (throttled to 4 MB/s so the moment is not
# missed). The signature is written last, so the next boot finds no image: a clean fresh boot,
# with swap usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.poweroff-write
VM_GUEST=seal-hibernate vm_uki
# shellcheck disable=SC2016 # evaluated later, by vm_boot
VM_SWAP_OPTS=throttling.bps-write=4000000 VM_TRIGGER_IF='[ "$(swap_kib)" -gt 6000 ]' \
	VM_TRIGGER_CMD=vm_kill_qemu vm_boot hibernate
expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
[ "$VM_KILLED" = 1 ] || fail "power was never cut"
[ "$(host_swap_signature)" = SWAPSPACE2 ] ||
	fail "the swap signature after the cut is $(host_swap_signature), not SWAPSPACE2"
expect 'PM: Compressing and saving image data' "the write to be under way when power is cut"
expect_not 'PM: hibernation: Wrote' "the write to finish"
[ "$(swap_kib)" -lt 10000 ] || fail "the swap disk holds $(swap_kib) KiB: power was cut too late"
SEAL_BOOT_ID=$(guest_value boot_id)
vm_boot fresh
expect_not 'PM: hibernation: resume from hibernation' "an image found"
expect_not 'image refused' "an image to refuse"
expect '^HIBSEAL: boot scenario=' "a fresh boot of /init"
expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature untouched"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
expect '^HIBSEAL-DONE rc=' "the fresh system to run its script to the end"
vm_done
