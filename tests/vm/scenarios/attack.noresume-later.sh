#!/bin/bash
# "noresume" must stop every resume of the boot, not only the one at boot. The window of the
# boot after a hibernation unseals the image's key from its EFI copy, for a resume that starts
# after the window (uswsusp, /sys/power/resume). In a noresume boot root puts the discarded
# image's hibernation signature back and writes the swap device to /sys/power/resume: the
# kernel must refuse the image for want of its key, and the system runs on.
# Every boot here has the same command line but for noresume, and resume= names no device, so
# nothing resumes at boot: the first boot names /dev/vdb through /sys/power/resume and
# hibernates to it (tests/vm/guest/scenarios/noresume-later.sh).
# The policy binds PCRs 8 and 9 on every chain, and every chain that seals
# measures the command line into a bound PCR (a UKI's PCR 4, and the EFI stub's measurement of
# its load options in PCR 9; GRUB's PCR 8). So a noresume boot's window cannot unseal the
# pending key at all, which refuses the later resume before noresume's own drop of the key
# (patch 0017) comes into it; that drop stays, for a chain that measured no command line, on
# which the kernel does not seal (QEMU's -kernel is such a chain: it measures neither the
# kernel nor its command line).
# Positive control: the same image, TPM and firmware variables, and the hibernating boot's own
# UKI: the window unseals the pending key and the same /sys/power/resume write resumes the
# image, so the refusal is the command line's doing.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.noresume-later
VM_GUEST=noresume-later vm_uki resume=/dev/vdz
seal_hibernate
expect '^HIBSEAL: resume-device-set rc=0$' "the first boot to name /dev/vdb the resume device"
vm_save_state hibernated

VM_GUEST=noresume-later vm_uki resume=/dev/vdz noresume
vm_boot noresume
expect 'hibseal: the EFI copy of a pending image.s key blob does not unseal: ' \
	"the window not to unseal the pending key (the command line is bound)"
expect_not 'hibseal: pending image.s key unsealed' "the pending key unsealed"
expect '^HIBSEAL: rearmed swap-signature=S1SUSPEND$' "root to have the hibernation signature in place"
expect 'image refused: after the boot window its key must have been unsealed by the window, and none is held' \
	"the later resume refused: no key"
expect_not 'PM: hibernation: hibernation exit|^HIBSEAL: resumed' "a restored image"
expect "^HIBSEAL: after-resume-attempt still-running swap-signature=SWAPSPACE2\$" \
	"the system to run on, the signature reset"

# Positive control: the hibernating boot's UKI (its ESP, put back), no noresume.
vm_restore_state hibernated
vm_boot control
expect 'hibseal: pending image.s key unsealed from its EFI copy' "the window to unseal the pending key"
expect_not 'hibseal: noresume' "noresume at work"
expect '^HIBSEAL: rearmed swap-signature=S1SUSPEND$' "the signature in place"
expect "$KLINE_VERIFIED" "the image verified"
expect 'PM: hibernation: hibernation exit' "the restored kernel to leave hibernation"
expect "^HIBSEAL: resumed marker=$SEAL_MARKER file-marker=$SEAL_MARKER boot_id=$SEAL_BOOT_ID " \
	"the hibernated script to continue with its marker, in its boot"
expect_not 'image refused' "a refusal"
vm_done
