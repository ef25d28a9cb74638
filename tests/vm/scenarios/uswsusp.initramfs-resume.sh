#!/bin/bash
# `resume` run by the initramfs (as initramfs-tools' uswsusp hook does: first thing, no options,
# the device from the kernel's resume=) restores the image s2disk stored: /init never reaches
# its scenario in that boot, the hibernated script goes on with its marker.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.initramfs-resume
VM_GUEST=uswsusp vm_uki hibseal_vm.resume=uswsusp hibseal_vm.uswsusp=none
vm_boot hibernate
expect '^hibseal resume: no image on /dev/vdb$' "the initramfs resume to find no image on a blank disk"
expect '^HIBSEAL: initramfs-resume rc=0$' "... and let the boot go on"
expect '^hibseal suspend: image stored: ' "s2disk to store the image"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)

vm_boot resume
expect '^hibseal resume: image found on /dev/vdb: ' "the initramfs resume to find the image"
expect "$KLINE_VERIFIED" "the image verified"
expect_not '^HIBSEAL: initramfs-resume' "the initramfs going on after resume"
expect_not '^HIBSEAL: boot scenario=' "/init reaching its scenario"
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2\$" \
	"the hibernated script to continue with marker $marker"
expect '^HIBSEAL-DONE rc=0$' "the resumed script to finish"
vm_done
