#!/bin/bash
# The plain uswsusp protocol (what suspend-utils' s2disk and resume speak) under Secure Boot
# lockdown: /dev/snapshot opens (sealing is ready) and says that only the sealed protocol is
# allowed; SNAPSHOT_FREEZE, SNAPSHOT_CREATE_IMAGE, read(), write() and SNAPSHOT_ATOMIC_RESTORE
# each fail with EPERM and a kernel line of lockdown's that names it. The control, Secure Boot
# off (no lockdown), runs the same program: the freeze, the snapshot (in_suspend 1), the read
# of its first page and the write of a page all work, so each of those four refusals is
# lockdown's. ATOMIC_RESTORE has no such control (without a frozen system and a whole image
# written it is refused anyway, EPERM, with no lockdown line): for it the claim is the named
# lockdown line only.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init uswsusp.unsealed-refused
VM_GUEST=uswsusp-plain vm_uki
vm_boot locked
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "lockdown with sealing ready"
expect '^HIBSEAL: uswsusp-attack how=plain open-rdonly=ok info-flags=0x3 freeze=EPERM create=EPERM in-suspend=0 read=EPERM open-wronly=ok write=EPERM restore=EPERM$' \
	"every plain step refused (SNAPSHOT_SEAL_INFO: sealed protocol required, sealing ready)"
for what in SNAPSHOT_FREEZE SNAPSHOT_CREATE_IMAGE read write SNAPSHOT_ATOMIC_RESTORE; do
	expect "hibseal: /dev/snapshot: $what refused: lockdown allows only the sealed protocol \\(SNAPSHOT_SEAL first\\)" \
		"lockdown's line for $what"
done
expect '^HIBSEAL: plain-exit rc=0$' "the program to see every refusal"
expect_not 'Freezing user space processes' "any task frozen"

vm_secureboot off
vm_boot unlocked
expect '^HIBSEAL: lockdown=none secureboot=0 ' "no lockdown"
expect '^HIBSEAL: uswsusp-attack how=plain open-rdonly=ok info-flags=0x2 freeze=ok create=ok in-suspend=1 read=ok open-wronly=ok write=ok restore=EPERM$' \
	"the plain protocol working without lockdown: frozen, snapshot made and read, a page written"
expect 'Freezing user space processes' "the tasks frozen"
expect_not '/dev/snapshot: .* refused' "a lockdown refusal"
vm_done
