#!/bin/bash
# Root writes the stored stream back through /dev/snapshot modified: data chunks 1 and 2
# swapped, then one bit of chunk 3 flipped. The kernel refuses each at the chunk, and
# SNAPSHOT_ATOMIC_RESTORE after it is refused too: nothing is restored. The genuine stream,
# written back afterwards by `resume`, still restores (the refusals used nothing up).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.modified-stream
VM_GUEST=uswsusp vm_uki hibseal_vm.uswsusp=attack
vm_boot hibernate
expect '^hibseal suspend: image stored: ' "s2disk to store the image"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)

vm_boot attack
expect '^HIBSEAL: uswsusp-attack how=reorder seal=ok write=EBADMSG at=[0-9]+ of=[0-9]+ restore=EBADMSG$' \
	"the reordered stream and the restore after it refused"
expect 'hibseal: image refused: chunk 1 does not authenticate' "the reordered chunk refused"
expect '^HIBSEAL: uswsusp-attack how=modify seal=ok write=EBADMSG at=[0-9]+ of=[0-9]+ restore=EBADMSG$' \
	"the modified stream and the restore after it refused"
expect 'hibseal: image refused: chunk 3 does not authenticate' "the modified chunk refused"
expect '^HIBSEAL: attack=reorder rc=0$' "the reorder attack to end refused"
expect '^HIBSEAL: attack=modify rc=0$' "the modify attack to end refused"
# Neither attack got as far as a restore: the only one is the genuine resume's.
n=$(grep -ac 'PM: hibernation: Need to copy\|ACPI: PM: Waking up from system sleep state S4' "$VM_LOG" || true)
[ "$n" = 2 ] || fail "expected one restore (two wake-up lines), saw $n lines"
expect "$KLINE_VERIFIED" "the genuine stream verified"
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2\$" \
	"the genuine resume to restore marker $marker"
expect '^HIBSEAL-DONE rc=0$' "the resumed script to finish"
vm_done
