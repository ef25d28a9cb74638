#!/bin/bash
# A plain image written by an unlocked boot (Secure Boot off) is refused once Secure Boot is
# turned on: a locked-down kernel restores only sealed images. The swap stays usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.plain-refused-locked
vm_secureboot off
VM_GUEST=seal-hibernate vm_uki
vm_boot hibernate
expect '^HIBSEAL: lockdown=none secureboot=0 state=\[.*disk.*\]' "lockdown none, 'disk' offered"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the plain image to be written"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
SEAL_BOOT_ID=$(guest_value boot_id)
vm_secureboot on
vm_boot resume
expect '^HIBSEAL: lockdown=integrity secureboot=1 ' "Secure Boot lockdown on the resume boot"
expect_refused 'it is not sealed, and lockdown allows only sealed images' "a plain image"
vm_done
