#!/bin/bash
# One flipped bit in chunk 0, the sealed image metadata page: it fails authentication before
# anything parses it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.metadata
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg flip metadata
vm_boot resume
expect_refused 'its metadata chunk does not authenticate' "the metadata chunk"
vm_done
