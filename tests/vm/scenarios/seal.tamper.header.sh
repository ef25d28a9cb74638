#!/bin/bash
# One flipped bit in the sealed image header (its chunk count): the count of chunks read no
# longer matches, and the image MAC would not either; nothing is restored.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tamper.header
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
swapimg flip header
vm_boot resume
expect_refused '[0-9]+ chunks read, its header says [0-9]+' "the chunk count"
vm_done
