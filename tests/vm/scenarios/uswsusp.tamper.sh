#!/bin/bash
# One flipped bit in the image s2disk stored (in a data chunk's ciphertext; the stored header's
# and map's digests still match) -> the kernel refuses that chunk while `resume` writes the
# stream back, nothing is restored, the boot goes on fresh, and swap is usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.tamper
VM_GUEST=uswsusp vm_uki hibseal_vm.uswsusp=resume
vm_boot hibernate
expect '^hibseal suspend: image stored: ' "s2disk to store the image"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
boot_id=$(guest_value boot_id)
python3 "$top/tests/vm/tools/usimg.py" "$W/swap.img" flip | sed 's/^/# /'

vm_boot resume
expect '^HIBSEAL: inspect structure: valid$' \
	"hibseal inspect to find the structure intact (a ciphertext bit needs the key to be seen)"
expect '^hibseal resume: image found on /dev/vdb: ' "resume to find the image (its stored structure intact)"
expect 'hibseal: /dev/snapshot: sealed resume: header accepted' "the header accepted"
expect 'hibseal: image refused: chunk 3 does not authenticate' "the flipped chunk refused"
n=$(grep -ac 'hibseal: image refused' "$VM_LOG" || true)
[ "$n" = 1 ] || fail "expected one refusal line from the kernel, saw $n"
expect '^hibseal resume: image refused by the kernel at stream page [0-9]+: Bad message$' "resume to report the refusal"
expect '^HIBSEAL: resume-exit rc=1$' "resume to exit 1"
expect_not 'image verified' "a verified image"
expect_not '^hibseal suspend: resumed' "the hibernated system restored"
expect_not "boot_id=$boot_id" "the hibernated boot's id"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature given back"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
expect '^HIBSEAL-DONE rc=' "the fresh system to run its script to the end"
vm_done
