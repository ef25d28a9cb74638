#!/bin/bash
# SysRq+x against a real-time spinner. Root runs a SCHED_FIFO task at the top priority on
# every CPU, real-time throttling off, polling /sys/kernel/security/lockdown; a person presses
# SysRq+x. As soon as lockdown reads none, root may read kernel memory (/proc/kcore): if the
# sealing secret were wiped later, by a worker, the spinner would find it still there. It
# looks for the window PCR's closed value at the symbol hs (found: the reader really reads
# hibseal's state, the positive control) and reads the 32 bytes after it: all zero, or the
# secret leaked.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.lift-race
VM_GUEST=lift-race vm_uki
VM_TRIGGER='^memread: waiting-for-lift' VM_TRIGGER_CMD='vm_sendkey alt-sysrq-x' vm_boot lift
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"sealing ready before the lift"
expect '^HIBSEAL: rt-runtime=-1$' "real-time throttling off"
expect '^memread: waiting-for-lift policy=fifo priority=99' "root's spinner at the top real-time priority"
expect 'Lockdown: lifted from the keyboard \(SysRq\+x\)' "the lift"
expect '^memread: lifted$' "the spinner to see lockdown lifted"
expect '^memread: kcore find hs=0x[0-9a-f]+ offset=[0-9]+$' \
	"the spinner to find the closed window PCR value in hibseal's state through /proc/kcore"
expect '^memread: kcore after zero=1$' "the secret beside it wiped by the time lockdown read none"
expect_not '^memread: kcore after zero=0$' "the boot secret read after the lift"
expect_order '^memread: kcore after ' 'sealed hibernation unavailable: lockdown was lifted' \
	"the spinner to read before any worker ran (the race was real)"
expect '^HIBSEAL: after-lift lockdown=none seal=unavailable:_lockdown_was_lifted_in_this_boot$' \
	"sealing unavailable after the lift"
vm_done
