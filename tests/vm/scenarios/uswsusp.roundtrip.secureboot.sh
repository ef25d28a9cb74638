#!/bin/bash
# Under Secure Boot lockdown, s2disk hibernates through /dev/snapshot with the sealed protocol:
# the kernel seals the stream, s2disk stores it in the swap area and powers off. The next boot's
# window unseals the image's key from its EFI copy; `resume`, run by the boot's script (after
# the window has closed), writes the stream back; the kernel authenticates every chunk and the
# image MAC and restores: the marker kept in memory and the boot id survive, swap is usable.
# The restored kernel's own key blob expired when that window closed (the blob epoch moved), so
# the window sealed its secret anew and the resume left it that blob: the resumed system
# hibernates once more and a third boot resumes it the same way.
# The next boot is pinned: no boot loader records an entry here, the firmware starts the UKI
# from its removable media path at its first attempt (the ESP is its first boot option), and
# hibseal suspend sets BootNext to the option it booted.
# First it runs with the swap area off: it pins, fails (not an active swap area), and takes
# the pin back. Then it hibernates; the resumed system finds BootNext gone without having
# removed it (no "taken back" line): the firmware used it up.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.roundtrip.secureboot
VM_GUEST=uswsusp vm_uki hibseal_vm.uswsusp=resume hibseal_vm.again=1 hibseal_vm.failfirst=1
vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"lockdown, 'disk' offered, sealing ready"
pin='^hibseal suspend: the next boot starts Boot([0-9A-F]{4}) \(.*, /EFI/BOOT/BOOTX64.EFI\) once \(BootNext\)$'
expect "$pin" "hibseal suspend to pin the firmware's boot option of this boot"
[ "$(grep -cE "$pin" "$VM_LOG")" = 2 ] ||
	fail "hibseal suspend did not pin the next boot twice (the failing run, then the hibernation)"
opt=$(grep -m1 -oE 'starts Boot[0-9A-F]{4}' "$VM_LOG" | tail -c 5)
expect '^hibseal suspend: /dev/vdb at offset 0 is not an active swap area' \
	"the first hibseal suspend to fail after the pin (swap off)"
expect "^hibseal suspend: BootNext \\(Boot$opt\\) taken back\$" "... and to take the pin back"
expect '^HIBSEAL: failed-suspend rc=1 bootnext=absent$' "... leaving no BootNext, the system running"
expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
expect 'hibseal: /dev/snapshot: sealed image of [0-9]+ pages in [0-9]+ chunks' \
	"the kernel to seal the stream"
expect '^hibseal suspend: image stored: [0-9]+ bytes in [0-9]+ swap pages of /dev/vdb; powering off$' \
	"s2disk to store the image"
expect_not 's2disk-failed' "a failed s2disk"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)
sig=$(dd if="$W/swap.img" bs=1 skip=4086 count=9 2>/dev/null)
[ "$sig" = ULSUSPEND ] || fail "the swap area does not announce an image (signature '$sig')"

vm_boot resume
expect "hibseal: pending image's key unsealed from its EFI copy \\([0-9]+-byte blob\\), for one resume" \
	"the window to unseal the pending image's key"
expect 'hibseal: boot window closed' "the window to close before userspace"
expect '^HIBSEAL: image-boot swap-signature=ULSUSPEND mode=resume$' "the image found after boot"
expect '^HIBSEAL: inspect format: hibseal sealed hibernation image, version 2, stored by hibseal suspend \(sealed /dev/snapshot stream\)$' \
	"hibseal inspect to recognise hibseal suspend's image"
expect '^HIBSEAL: inspect structure: valid$' "... and find its structure valid"
expect '^HIBSEAL: inspect-exit rc=0$' "... exit 0"
expect '^hibseal resume: image found on /dev/vdb: [0-9]+ bytes of sealed stream$' "resume to find it"
expect 'hibseal: /dev/snapshot: sealed resume: header accepted' "the kernel to accept the header"
expect "$KLINE_VERIFIED" "every chunk and the image MAC verified"
expect "hibseal: pending image's key claimed: this image cannot be resumed again" "the key used once"
expect '^hibseal suspend: resumed$' "s2disk to return in the restored system"
expect 'hibseal: boot window still closed after hibernation' "the resumed kernel to check the window"
expect_not 'ioctl refused' "a refused ioctl of the sealed s2disk"
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2\$" \
	"the script to continue with marker $marker and boot id $boot_id"
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
expect '^HIBSEAL: resumed bootnext=absent$' "BootNext used up by the resume boot's firmware"
expect_not 'BootNext \(Boot[0-9A-F]{4}\) taken back' "hibseal removing a BootNext the firmware should have used"
expect 'hibseal: renewed key blob taken \(blob epoch at most [0-9]+\)' \
	"the restored kernel to take the blob its secret was sealed into anew"
expect '^HIBSEAL: resumed seal=ready$' "sealing ready in the resumed system"
expect '^HIBSEAL: hibernating-again marker=' "the resumed system to hibernate again"
expect_not 'image refused' "a refusal"
expect_not 's2disk-failed' "a failed s2disk"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after the second image"
marker2=$(guest_value marker)

vm_boot resume-again
expect "hibseal: pending image's key unsealed from its EFI copy" "the renewed blob to unseal in the third window"
expect "hibseal: pending image's key claimed: this image cannot be resumed again" "the second image's key used once"
expect "^HIBSEAL: resumed-again marker=$marker2 file-marker=$marker2 boot_id=$boot_id\$" \
	"the twice-resumed system to continue with marker $marker2 and boot id $boot_id"
expect_not 'image refused' "a refusal"
expect '^HIBSEAL-DONE rc=0$' "the twice-resumed script to finish"
vm_done
