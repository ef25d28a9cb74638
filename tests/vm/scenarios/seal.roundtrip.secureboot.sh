#!/bin/bash
# Under Secure Boot lockdown, `echo disk > /sys/power/state` writes a sealed image; the next
# boot unseals its key inside the boot window, authenticates every chunk and the image MAC, and
# resumes: the marker kept in memory and the boot id survive, and swap is usable afterwards.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.roundtrip.secureboot
vm_uki
vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"lockdown, 'disk' offered, /sys/power/hibernate_seal saying ready"
expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
expect_not 'hibernate-refused' "a refused hibernation"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)

vm_boot resume
expect 'hibseal: boot window open' "the restore kernel's window to open"
expect 'PM: hibernation: resume from hibernation' "the restore kernel to find the image"
expect 'PM: hibseal: image verified: [0-9]+ chunks, image MAC matches' "the image to be verified"
expect 'PM: hibernation: hibernation exit' "the restored kernel to leave hibernation"
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2\$" \
	"the script to continue with marker $marker and boot id $boot_id"
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
expect_not 'image refused' "a refusal"
expect_not '^HIBSEAL: boot ' "a fresh boot of /init"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
