#!/bin/bash
# SysRq+x pressed on the (QEMU PS/2) keyboard lifts lockdown: lockdown becomes none, /dev/mem
# opens, and sealed hibernation ends for the rest of the boot.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

vm_init lockdown.sysrq-lift.keyboard
VM_GUEST=lockdown-sysrq vm_uki hibseal_vm.sysrq=keyboard
VM_TRIGGER='^HIBSEAL: sysrq-wait' VM_TRIGGER_CMD='vm_sendkey alt-sysrq-x' vm_boot lift
expect '^HIBSEAL: lockdown=integrity secureboot=1 .* seal=ready$' "Secure Boot lockdown, sealing ready"
expect 'sysrq: Lifting kernel lockdown' "the SysRq operation to run"
expect 'Lockdown: lifted from the keyboard \(SysRq\+x\)' "lockdown's own line"
expect 'sealed hibernation unavailable: lockdown was lifted in this boot' "sealing to end"
expect '^HIBSEAL: final lockdown=none dev-mem=ok seal=unavailable:_lockdown_was_lifted_in_this_boot state=\[[^]]*\]$' \
	"lockdown none, /dev/mem open, sealing unavailable"
expect_not '^HIBSEAL: final .*state=\[[^]]*disk' "hibernation still offered after the lift"
lockdown_record
vm_done
