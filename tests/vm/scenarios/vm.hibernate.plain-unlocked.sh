#!/bin/bash
# Secure Boot off, so no lockdown: upstream hibernation through the in-kernel swap writer.
# Boot 1 keeps a random marker in memory and hibernates; boot 2 resumes the image, and the same
# shell script goes on after its `echo disk`, with the marker and boot id it had.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init vm.hibernate.plain-unlocked
vm_secureboot off
vm_uki
vm_boot hibernate
expect '^HIBSEAL: lockdown=none secureboot=0 state=\[.*disk.*\]' "lockdown none, 'disk' offered"
expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
expect 'PM: hibernation: hibernation entry' "the kernel to enter hibernation"
expect 'PM: Image saving done' "the image to be written"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the write to complete"
# The console loses its last lines at power-off; QEMU ending by itself is the proof.
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
expect_not '^HIBSEAL-DONE' "a finished script before resume"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)

vm_boot resume
expect 'PM: hibernation: resume from hibernation' "the restore kernel to find the image"
expect 'PM: Image loading done' "the image to be loaded"
expect 'PM: hibernation: Read [0-9]+ kbytes' "the whole image to be read"
expect 'PM: hibernation: hibernation exit' "the restored kernel to leave hibernation"
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2$" \
	"the script to continue with marker $marker, boot id $boot_id, swap signature restored"
expect_not '^HIBSEAL: boot ' "a fresh boot of /init"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
