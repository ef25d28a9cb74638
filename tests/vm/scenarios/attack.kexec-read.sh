#!/bin/bash
# Root carries the machine's RAM into a kernel that lets it read memory. With sealing ready
# (its boot secret in memory), root kexecs the signed kernel, which Secure Boot lockdown
# allows. That kernel was started by kexec, so it does not seal, holds no key, and integrity
# lockdown lets root read /proc/kcore there: root scans all of RAM for the window PCR's closed
# value, which sits right before the boot secret in hibseal's state, and takes the 32 bytes
# after each match. The first kernel must have wiped its keys before the jump (its reboot
# notifier). Before the jump the first kernel wrote an image in mode test_resume and ran on:
# the snapshot's pages and the writer's buffers, copies of memory with hibseal's state in them,
# were freed, and must have been cleared (every match of hibseal's state in RAM, 32 zero bytes then the
# closed value, must be followed by zeros). Positive controls: the scan finds the closed value,
# so it does read the first kernel's state (and, before the fixes, found the secret there and in
# the freed copies: nonzero bytes), and it finds a line the first kernel planted in a file.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
vm_init attack.kexec-read
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=kexec-read vm_uki
vm_boot kexec
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' \
	"the first kernel locked down, sealing ready"
expect '^HIBSEAL: test-resume rc=1 seal=ready$' "an image written in mode test_resume, the boot running on"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "... that image written"
expect 'kexec_core: Starting new kernel' "root to kexec the signed kernel"
child=$(sed -n '/kexec_core: Starting new kernel/,$p' "$VM_LOG")
grep -q '^HIBSEAL: kexec-child$' <<<"$child" || fail "the kexec'd kernel did not run its script"
grep -q "sealed hibernation unavailable: started by kexec" <<<"$child" ||
	fail "the kexec'd kernel did not refuse to seal"
# Where the first kernel's hibseal state was: its "Kernel data" in /proc/iomem (root reads it)
# plus the offset of hibseal in System.map, as an attacker computes it.
expect_no_secret_in_ram "$child"
vm_done
