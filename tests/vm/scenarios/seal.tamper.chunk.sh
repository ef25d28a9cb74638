#!/bin/bash
# One flipped bit in the ciphertext of a data chunk in the middle of a sealed image: the chunk
# fails authentication before it is decompressed, and nothing is restored.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.chunk
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg flip chunk
vm_boot resume
expect_refused 'chunk [0-9]+ does not authenticate' "the damaged chunk"
vm_done
