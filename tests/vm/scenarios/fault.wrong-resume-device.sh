#!/bin/bash
# A sealed image on vdb, and a boot told resume=/dev/vda (the ESP): nothing is resumed and
# nothing is written to the ESP; that boot's window advances the anti-replay counter and the blob
# epoch, so when a later boot looks on the right device the TPM refuses to unseal the image's key
# blob (expired: PolicyNV; one reason line) and the kernel boots fresh with swap usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fault.wrong-resume-device
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
# The command line names resume=/dev/vdb; a later resume= wins.
VM_GUEST=seal-hibernate vm_uki resume=/dev/vda
esp_sum=$(sha256sum <"$W/esp.img")
vm_boot wrong
expect 'Command line: .* resume=/dev/vda' "the wrong resume device on the command line"
expect_not 'PM: hibernation: resume from hibernation|image refused' "a resume attempt"
expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
expect '^HIBSEAL: boot scenario=' "a fresh boot"
[ "$(sha256sum <"$W/esp.img")" = "$esp_sum" ] || fail "the ESP was written to"
VM_GUEST=seal-hibernate vm_uki
vm_boot right
expect_refused 'its key blob has expired: the blob epoch counter is at [0-9]+, past the [0-9]+ its policy allows \(TPM2_PolicyNV, TPM rc 0x126\)' \
	"an image a boot window has passed"
vm_done
