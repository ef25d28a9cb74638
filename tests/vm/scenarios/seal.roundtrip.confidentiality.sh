#!/bin/bash
# The sealed round trip under Secure Boot with lockdown=confidentiality on the command line (in
# the UKI, measured with it): the image is sealed (swapimg finds its sealed header), the next
# boot in the same mode verifies and resumes it, and swap is usable afterwards.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.roundtrip.confidentiality
VM_GUEST=seal-hibernate vm_uki lockdown=confidentiality
SEAL_LOCKDOWN=confidentiality seal_hibernate
swapimg layout >"$W/layout.txt" || fail "no sealed image on the swap disk"
vm_boot resume
expect 'Kernel command line: .* lockdown=confidentiality' "the restore kernel booted in the same mode"
# The kernel's word for it, not the command line the harness wrote: Secure Boot alone would
# lock it down to integrity, and say so instead.
expect '\] Kernel is locked down from command line; see man kernel_lockdown.7' \
	"the restore kernel to lock itself down from its command line"
expect_not 'Kernel is locked down from EFI Secure Boot' "lockdown from Secure Boot (integrity) alone"
expect_resumed
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
vm_done
