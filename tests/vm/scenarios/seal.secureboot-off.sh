#!/bin/bash
# Resume with Secure Boot disabled (firmware variables without keys): PCR 7 differs, so the
# policy the key was sealed with is not the one this boot window gives.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.secureboot-off
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_secureboot off
vm_boot resume
expect_refused 'its key is not sealed to this machine, kernel and Secure Boot state' "the Secure Boot state"
vm_done
