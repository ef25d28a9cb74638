#!/bin/bash
# The same UKI, unsigned, on the ESP: the firmware's Secure Boot check refuses to start it, so
# no Linux banner ever appears. (QEMU's -kernel would have let it through; see TESTING.md.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init vm.boot.unsigned-refused
vm_uki --unsigned
# The firmware then falls through its other boot options; stop once the refusal is logged.
VM_BOOT_TIMEOUT=${VM_REFUSE_TIMEOUT:-120}
vm_boot boot 'Access Denied|Security Violation'
expect 'Access Denied|Security Violation' "the firmware to refuse the unsigned image"
expect_not 'Linux version' "Linux banner"
expect_not 'EFI stub' "EFI stub output"
expect_not 'HIBSEAL' "guest output"
vm_done
