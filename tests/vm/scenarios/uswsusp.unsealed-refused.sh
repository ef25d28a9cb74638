#!/bin/bash
# The plain uswsusp protocol (what suspend-utils' s2disk and resume speak) is refused under
# Secure Boot lockdown: /dev/snapshot opens (sealing is ready) and says that only the sealed
# protocol is allowed, and SNAPSHOT_FREEZE, read(), SNAPSHOT_CREATE_IMAGE, write() and
# SNAPSHOT_ATOMIC_RESTORE all fail with EPERM, with the kernel's reason. With Secure Boot off
# (no lockdown) the same steps are not refused, so the refusal is lockdown's.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.unsealed-refused
VM_GUEST=uswsusp-plain vm_uki
vm_boot locked
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "lockdown with sealing ready"
expect '^HIBSEAL: uswsusp-attack how=plain open-rdonly=ok info-flags=0x3 freeze=EPERM read=EPERM create=EPERM open-wronly=ok write=EPERM restore=EPERM$' \
	"every plain step refused (SNAPSHOT_SEAL_INFO: sealed protocol required, sealing ready)"
expect 'hibseal: /dev/snapshot: ioctl refused: lockdown allows only the sealed protocol \(SNAPSHOT_SEAL first\)' \
	"the kernel's reason for the ioctls"
expect 'hibseal: /dev/snapshot: read refused: lockdown allows only the sealed protocol' "... for read()"
expect 'hibseal: /dev/snapshot: write refused: lockdown allows only the sealed protocol' "... for write()"
expect '^HIBSEAL: plain-exit rc=0$' "the program to see every refusal"
expect_not 'Freezing user space processes' "any task frozen"

vm_secureboot off
vm_boot unlocked
expect '^HIBSEAL: lockdown=none secureboot=0 ' "no lockdown"
expect '^HIBSEAL: uswsusp-attack how=plain open-rdonly=ok info-flags=0x2 freeze=ok read=ENODATA create=skipped open-wronly=ok write=ok restore=EPERM$' \
	"the plain protocol working without lockdown (the freeze done, no image made)"
expect_not '/dev/snapshot: .* refused' "a lockdown refusal"
vm_done
