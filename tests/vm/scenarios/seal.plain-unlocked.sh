#!/bin/bash
# Lockdown off (Secure Boot off) and so sealing off: upstream behaviour. The image is a plain
# one (the search finds the secret the guest keeps in memory, which seal.confidential relies
# on; hibernate=nocompress keeps pages whole), no hibseal check runs at resume, and the resume
# works.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.plain-unlocked
vm_secureboot off
VM_GUEST=seal-secret vm_uki hibernate=nocompress
vm_boot hibernate
expect '^HIBSEAL: lockdown=none secureboot=0 state=\[.*disk.*\] seal=ready$' \
	"lockdown none, 'disk' offered"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
secret=$(guest_value secret)
case "$secret" in
hibseal-secret-????????????????????????????????) ;;
*) fail "the guest reported no secret ('$secret'): the search below would prove nothing" ;;
esac
SEAL_MARKER=$(guest_value marker)
SEAL_BOOT_ID=$(guest_value boot_id)
swapimg find "$secret" || fail "the plain image does not hold the secret $secret"
if swapimg layout >/dev/null 2>&1; then
	fail "the image is sealed, though lockdown is off"
fi
vm_boot resume
expect "^HIBSEAL: resumed marker=$SEAL_MARKER file-marker=$SEAL_MARKER boot_id=$SEAL_BOOT_ID swap-signature=SWAPSPACE2\$" \
	"the script to continue with marker $SEAL_MARKER and boot id $SEAL_BOOT_ID"
expect_not 'hibseal: image' "a sealed-image check on a plain image"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
