#!/bin/bash
# Lifting lockdown (SysRq+x on the keyboard) wipes the sealing secret: hibernation is refused
# for the rest of that boot, nothing is written, the system keeps running; the next, locked-down
# boot finds no image and swap usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fresh.lift-wipes
VM_GUEST=fresh-lift vm_uki
VM_TRIGGER='^HIBSEAL: sysrq-wait' VM_TRIGGER_CMD='vm_sendkey alt-sysrq-x' vm_boot lift
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready before the lift"
expect 'Lockdown: lifted from the keyboard \(SysRq\+x\)' "the lift"
expect 'sealed hibernation unavailable: lockdown was lifted in this boot' "the secret wiped"
expect '^HIBSEAL: lockdown=none secureboot=1 state=\[\] seal=unavailable:_lockdown_was_lifted_in_this_boot$' \
	"no hibernation offered after the lift"
expect '^HIBSEAL: hibernate-refused error=' "the hibernation refused"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "nothing written to swap"
expect_not 'PM: hibernation: Wrote|PM: Compressing' "an image written"
expect '^HIBSEAL-DONE rc=' "the system to keep running"
vm_boot locked
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "a locked-down boot"
expect_not 'PM: hibernation: resume from hibernation|image refused' "an image to resume or refuse"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature untouched"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
vm_done
