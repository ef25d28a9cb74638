#!/bin/bash
# One flipped bit in the tag of a data chunk: the chunk fails authentication.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.tag
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg_damage flip tag
vm_boot resume
expect_refused "chunk $DAMAGED_CHUNK does not authenticate" "the chunk with the damaged tag"
vm_done
