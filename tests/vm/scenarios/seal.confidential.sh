#!/bin/bash
# A secret kept in memory (256 copies of a random string in tmpfs) does not appear anywhere on
# the swap disk after a sealed hibernation. Both this and seal.plain-unlocked hibernate with
# hibernate=nocompress, so pages go to disk whole: there the plain image shows the secret (the
# search works), here the sealed one does not (and the uncompressed sealed path is exercised).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.confidential
VM_GUEST=seal-secret vm_uki hibernate=nocompress
seal_hibernate
secret=$(guest_value secret)
case "$secret" in
hibseal-secret-????????????????????????????????) ;;
*) fail "the guest reported no secret" ;;
esac
rc=0
swapimg find "$secret" || rc=$?
case $rc in
0) fail "the secret $secret is readable on the swap disk" ;;
1) ;;
*) fail "swapimg could not search the swap disk" ;;
esac
swapimg layout >"$W/layout.txt" || fail "the image on disk is not a sealed image"
# And the uncompressed sealed image resumes.
vm_boot resume
expect_resumed
vm_done
