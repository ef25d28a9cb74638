#!/bin/bash
# One flipped bit in the ciphertext of a data chunk in the middle of a sealed image: the chunk
# fails authentication before it is decompressed, and nothing is restored.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.chunk
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg_damage flip chunk
vm_boot resume
expect_refused "chunk $DAMAGED_CHUNK does not authenticate" "the damaged chunk"
vm_done
