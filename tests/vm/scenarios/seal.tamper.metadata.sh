#!/bin/bash
# One flipped bit in chunk 0, the sealed image metadata page: it fails authentication before
# anything parses it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.metadata
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_save_state hibernated
swapimg_damage flip metadata
[ "$DAMAGED_CHUNK" = 0 ] || fail "swapimg damaged chunk $DAMAGED_CHUNK, not the metadata chunk 0"
vm_boot resume
expect_refused 'its metadata chunk does not authenticate' "the metadata chunk"
# Positive control: the undamaged image, TPM and firmware as after the hibernation: resumed.
vm_restore_state hibernated
vm_boot control
expect_resumed
vm_done
