#!/bin/bash
# An image in format version 1 (whose keys did not bind the construction, issue 16 finding 7)
# is refused with its own line before its key is unsealed: the header of a genuine image is
# given version 1, as a version-1 kernel would have written it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.old-format-refused
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg set-version 1
vm_boot resume
expect_refused 'it is in format version 1, and this kernel reads version 2 only' "a version 1 image"
expect_not 'anti-replay counter advanced to [0-9]+: this image' "the counter advanced for it"
vm_done
