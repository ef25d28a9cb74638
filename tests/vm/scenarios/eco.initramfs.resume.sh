#!/bin/bash
# Resume driven by the initramfs, as Debian does it: no resume= on the kernel command line, so
# the kernel looks for no image at boot; initramfs-tools' local-premount/resume (its
# configuration RESUME=/dev/vdb) writes the device to /sys/power/resume after the boot window
# has closed. The window has already unsealed the pending image's key from the EFI copy of its
# blob (design.md section 4), so the late resume verifies and restores the sealed image, and
# the user process that `systemctl hibernate` froze answers from memory.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.initramfs.resume
debian_init
debian_esp initramfs
eco_hibernate partition
swapimg layout >"$W/layout.txt" || fail "the image on vdb is not a sealed image"

vm_boot resume 'HIBSEAL-DONE'
expect "hibseal: pending image's key unsealed from its EFI copy \([0-9]+-byte blob\)" \
	"the window to unseal the pending image's key from its EFI copy"
expect 'hibseal: boot window closed' "the window to close before the initramfs runs"
expect 'Run /init as init process' "the initramfs to start"
expect "hibseal: pending image's key claimed" "the pending key to be used up"
expect_eco_resumed
# The late path: the window had closed, and the initramfs was running, when the image was found.
expect_order 'hibseal: boot window closed' 'Run /init as init process' "the window closed before userspace"
expect_order 'Run /init as init process' 'PM: hibernation: resume from hibernation' \
	"the initramfs to ask for the resume"
vm_done
