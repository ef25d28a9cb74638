#!/bin/bash
# Root, after boot, seals a secret it knows under the very policy of the real key (copied from
# the real blob), with the same creation PCRs and label, and puts that blob in the image
# header. The kernel inside its next boot window could satisfy that policy, so only the
# creation data stands in the way: it shows the window PCR after the window closed, and the
# image is refused before any chunk is read.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.root-forged
VM_GUEST=seal-attack vm_uki hibseal_vm.attack=forge
seal_hibernate
swapimg hide
vm_boot attack
expect '^HIBSEAL: attack: create rc=0x000$' "root to create its sealed object"
expect '^HIBSEAL: attack: forged key blob of [0-9]+ bytes written$' "the forged blob in the header"
swapimg unhide
vm_boot resume
expect_refused 'its key was not created inside this machine.s boot window' "the forged key"
expect_not 'PM: Loading and decompressing image data' "any chunk read"
vm_done
