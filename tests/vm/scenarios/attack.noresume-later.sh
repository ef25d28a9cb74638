#!/bin/bash
# "noresume" must stop every resume of the boot, not only the one at boot. The window of the
# boot after a hibernation unseals the image's key from its EFI copy, for a resume that starts
# after the window (uswsusp, /sys/power/resume). In a noresume boot root puts the discarded
# image's hibernation signature back and writes the swap device to /sys/power/resume: the
# kernel must refuse the image for want of its key (the window drops it under noresume), and
# the system runs on. Positive control: the same image, TPM and firmware variables, a boot
# whose resume= names no device (so nothing resumes at boot, and no noresume): the same
# /sys/power/resume write resumes the image, so the refusal is noresume's doing.
# The boots are direct (VM_DIRECT): with a UKI, noresume changes the command line and so PCR 4,
# and the pending key would not unseal anyway; on a chain that measures the command line into
# no bound PCR (GRUB's, PCR 8), noresume leaves the key unsealable, which is the case here.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.noresume-later
VM_DIRECT=1
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_save_state hibernated
VM_GUEST=noresume-later vm_uki noresume
vm_boot noresume
expect 'hibseal: pending image.s key unsealed from its EFI copy' "the window to unseal the pending key"
expect 'hibseal: noresume: the pending image.s key is dropped' "the key dropped for noresume"
expect 'hibseal: noresume: sealed image on vdb discarded' "the image discarded at boot"
expect '^HIBSEAL: later-boot swap-signature=SWAPSPACE2$' "the swap signature restored at boot"
expect '^HIBSEAL: rearmed swap-signature=S1SUSPEND$' "root to put the hibernation signature back"
expect 'image refused: after the boot window its key must have been unsealed by the window, and none is held' \
	"the later resume refused: no key"
expect_not 'PM: hibernation: hibernation exit|^HIBSEAL: resumed' "a restored image"
expect "^HIBSEAL: after-resume-attempt still-running swap-signature=SWAPSPACE2\$" \
	"the system to run on, the signature reset"
# Positive control: no resume at boot (resume= names no device), no noresume.
vm_restore_state hibernated
VM_GUEST=noresume-later vm_uki resume=/dev/vdz
vm_boot control
expect 'hibseal: pending image.s key unsealed from its EFI copy' "the window to unseal the pending key"
expect_not 'hibseal: noresume' "noresume at work"
expect '^HIBSEAL: rearmed swap-signature=S1SUSPEND$' "the signature in place"
expect 'hibseal: image verified: [0-9]+ chunks, image MAC matches' "the image verified"
expect 'PM: hibernation: hibernation exit' "the restored kernel to leave hibernation"
expect "^HIBSEAL: resumed marker=$SEAL_MARKER file-marker=$SEAL_MARKER boot_id=$SEAL_BOOT_ID " \
	"the hibernated script to continue with its marker, in its boot"
expect_not 'image refused' "a refusal"
vm_done
