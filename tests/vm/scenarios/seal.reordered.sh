#!/bin/bash
# Two neighbouring data chunks swapped in the swap map: each is authenticated for its own
# position (the index is in the associated data), so the first out of place fails.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.reordered
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg_damage reorder
vm_boot resume
expect_refused "chunk $DAMAGED_CHUNK does not authenticate" "the chunk out of place"
vm_done
