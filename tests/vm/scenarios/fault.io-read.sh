#!/bin/bash
# I/O errors on read: a sector in the middle of a sealed image cannot be read (QEMU blkdebug)
# when the next boot loads it. The load fails before anything is restored: a clean fresh boot
# with the reason logged and swap usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/fault.sh
. "$top/tests/vm/fault.sh"

vm_init fault.io-read
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
# The page of the chunk in the middle of the stream, in 512-byte sectors.
page=$(swapimg chunk-page)
[ -n "$page" ] || { fail "cannot locate a chunk of the image"; vm_done; }
fault_blkdebug_rules "$W/blkdebug.conf" read_aio $((page * 8))
VM_SWAP_BLKDEBUG=$W/blkdebug.conf vm_boot read
expect 'PM: hibernation: resume from hibernation' "the image to be found"
expect 'I/O error' "the read error to reach the kernel"
expect 'PM: hibernation: Failed to load image, recovering' "the load to fail"
expect_not 'PM: hibernation: hibernation exit|image verified' "a restore"
expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
expect_clean_fresh_boot "after the read error" \
	"failed: the image was found and not restored \\(the PM: lines say why\\)"
vm_done
