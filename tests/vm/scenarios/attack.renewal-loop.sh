#!/bin/bash
# A leaked secret still expires: root cannot keep a pending image's key alive by verifying its
# stream at every boot and never restoring it. An image hibseal suspend stored is pending in
# the next boot, whose window unseals its key from the EFI copy and seals it anew, with that
# window's bound, for the kernel the image would bring back. Root writes the stream to
# /dev/snapshot unchanged (the kernel verifies it and the stream claims the key), closes it
# without a restore, and plants as the next boot's EFI copy whatever renewed blob efivarfs
# then shows. A renewed blob stored when the stream verified would unseal in that next window:
# the secret alive one boot more, and again at every boot. Stored only once the restore
# begins, there is none: root plants the image header's own blob instead (the control: what
# root plants reaches the window), and the TPM refuses it as expired.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.renewal-loop
VM_GUEST=uswsusp vm_uki hibseal_vm.uswsusp=renewal
vm_boot hibernate
expect '^hibseal suspend: image stored: ' "s2disk to store the image"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
bound=$(sed -n 's/.*hibseal: boot window open: .*blob epoch at most \([0-9]*\)).*/\1/p' "$VM_LOG" |
	head -n 1)
[ -n "$bound" ] || fail "no blob epoch bound in the storing boot's log"

vm_boot abandon
expect "hibseal: pending image's key unsealed from its EFI copy" \
	"the window to unseal the pending image's key for a resume after it"
expect "hibseal: anti-replay counter advanced to [0-9]+, blob epoch to $((bound + 1))\$" \
	"the window to move the blob epoch past the image's own bound $bound"
expect '^HIBSEAL: uswsusp-attack how=abandon seal=ok write=ok at=([0-9]+) of=\1$' \
	"the whole genuine stream written and verified"
expect "hibseal: pending image's key claimed: this image cannot be resumed again" \
	"the verified stream to claim the pending key"
expect '^HIBSEAL: abandon rc=0$' "the stream abandoned without a restore"
expect_not 'ACPI: PM: Waking up from system sleep state S4|PM: hibernation: hibernation exit' \
	"a restore"
expect 'hibseal: the image that claimed the pending key was not restored: its renewed key blob is dropped' \
	"the kernel to drop the renewed blob when the stream was released"
expect '^HIBSEAL: efivarfs-remount rc=0$' "efivarfs mounted again, to list what the kernel stored since boot"
expect '^HIBSEAL: renewed-blob=absent$' \
	"no renewed key blob in efivarfs after a verified stream was abandoned"
expect '^HIBSEAL: planted rc=0$' "root to plant a blob as the next boot's EFI copy"

vm_boot harvest
expect "hibseal: the EFI copy of a pending image's key blob has expired: the blob epoch counter is past $bound " \
	"the planted blob refused by the TPM (its bound $bound)"
expect_not "pending image's key unsealed from its EFI copy" "a planted blob to unseal"
vm_done
