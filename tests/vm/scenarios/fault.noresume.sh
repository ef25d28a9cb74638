#!/bin/bash
# `noresume` with a valid sealed image: the boot does not resume it, and since its boot window
# advances the anti-replay counter the image could never resume again, so the kernel discards
# it and restores the swap signature. Clean fresh boot, reason logged, swap usable; a later
# boot without noresume finds nothing.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fault.noresume
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
VM_GUEST=seal-hibernate vm_uki noresume
vm_boot noresume
expect 'hibseal: noresume: sealed image on vdb discarded \(this boot makes it stale\), swap signature restored' \
	"the image discarded, with the reason"
expect_not 'PM: hibernation: resume from hibernation|image refused' "a resume attempt"
expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
expect '^HIBSEAL: resume-outcome=discarded: noresume on the kernel command line$' \
	"/sys/power/hibernate_seal_resume to say why"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature restored"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
VM_GUEST=seal-hibernate vm_uki
vm_boot after
expect_not 'PM: hibernation: resume from hibernation|image refused' "an image left behind"
expect '^HIBSEAL: resume-outcome=no image$' "/sys/power/hibernate_seal_resume to find no image"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
vm_done
