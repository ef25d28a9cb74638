#!/bin/bash
# Power cut (QEMU killed) halfway through loading a sealed image at resume. The kernel puts the
# swap signature back as soon as it finds an image, before loading it, so the next boot is a
# clean fresh boot with swap usable: never a partial restore.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/fault.sh
. "$top/tests/vm/fault.sh"

vm_init fault.poweroff-load
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
VM_SWAP_OPTS=throttling.bps-read=2000000 VM_TRIGGER='PM: Image loading progress: +50%' \
	VM_TRIGGER_CMD=vm_kill_qemu vm_boot cut
expect 'PM: hibernation: resume from hibernation' "the image to be found"
# The cut must have happened, mid-load: a refused image never reaches 50% and would make the
# rest of this scenario a plain fresh boot.
[ "$VM_TRIGGERED" = 1 ] || fail "the cut never came: loading never reached 50%"
[ "$VM_KILLED" = 1 ] || fail "QEMU was not there to kill when loading reached 50%"
VM_LOG=$W/cut.at-trigger.log expect 'PM: Loading and decompressing image data' \
	"loading to have started before the cut"
expect_not 'image refused' "a refusal before the cut"
expect_not 'PM: hibernation: hibernation exit|image verified' "the load to finish before the cut"
vm_boot after
expect_not 'PM: hibernation: resume from hibernation' "the image to be found again"
expect_not "boot_id=$SEAL_BOOT_ID" "the hibernated boot's id"
expect_clean_fresh_boot "after the cut"
vm_done
