#!/bin/bash
# A data chunk replaced by a copy of the one before it: the copy is authenticated for the
# other position, so it fails.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.duplicated
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg_damage duplicate
vm_boot resume
expect_refused "chunk $DAMAGED_CHUNK does not authenticate" "the repeated chunk"
vm_done
