#!/bin/bash
# The sealed round trip without Secure Boot, with lockdown=integrity on the command line: the
# lockdown still requires a sealed image (PCR 7 then measures Secure Boot off, and the key is
# sealed to that), the next boot in the same mode verifies and resumes it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.roundtrip.integrity-cmdline
vm_secureboot off
VM_GUEST=seal-hibernate vm_uki lockdown=integrity
SEAL_SECUREBOOT=0 seal_hibernate
swapimg layout >"$W/layout.txt" || fail "no sealed image on the swap disk"
vm_boot resume
expect 'Kernel command line: .* lockdown=integrity' "the restore kernel booted in the same mode"
expect 'secureboot: Secure boot disabled' "Secure Boot still off"
expect '\] Kernel is locked down from command line; see man kernel_lockdown.7' \
	"the restore kernel to lock itself down from its command line"
expect_resumed
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
vm_done
