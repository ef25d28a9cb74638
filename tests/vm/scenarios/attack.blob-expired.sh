#!/bin/bash
# A genuine key blob expires. Root keeps a copy of a sealed image, which carries its boot's key
# blob. The image resumes once (the positive control: the blob is genuine and unseals in the
# next window), a fresh boot follows (its window advances the blob epoch), and root writes the
# copy back. In the next window the TPM itself refuses that blob (PolicyNV: the epoch is past
# the bound its policy names), before the anti-replay counter is even looked at: whoever had
# learnt that boot's secret could not use it with its blob any more.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.blob-expired
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
bound=$(sed -n 's/.*hibseal: boot window open: .*blob epoch at most \([0-9]*\)).*/\1/p' "$VM_LOG" | head -n 1)
[ -n "$bound" ] || fail "no blob epoch bound in the sealing boot's log"
cp --sparse=always "$W/swap.img" "$W/swap.copy"

vm_boot resume
expect_resumed
expect_not 'blob epoch to' "a resuming window to advance the blob epoch"

vm_boot fresh
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "a boot with no image"
expect "hibseal: anti-replay counter advanced to [0-9]+, blob epoch to $((bound + 1))\$" \
	"the fresh boot's window to move the blob epoch past the image's bound $bound"

cp --sparse=always "$W/swap.copy" "$W/swap.img"
vm_boot replay
expect_refused "its key blob has expired: the blob epoch counter is at $((bound + 1)), past the $bound its policy allows \\(TPM2_PolicyNV, TPM rc 0x126\\)" \
	"the earlier boot's genuine blob, refused by the TPM"
expect_not 'it is stale' "the refusal to come from anything but the TPM's policy"
vm_done
