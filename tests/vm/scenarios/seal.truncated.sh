#!/bin/bash
# The last chunk dropped from the swap map: the image ends before its final chunk.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.truncated
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg truncate
vm_boot resume
expect_refused 'it ends before its final chunk' "the truncation"
vm_done
