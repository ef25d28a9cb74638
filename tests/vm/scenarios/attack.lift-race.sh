#!/bin/bash
# SysRq+x against a real-time spinner. Root runs a SCHED_FIFO task at the top priority on
# every CPU, real-time throttling off, polling /sys/kernel/security/lockdown; a person presses
# SysRq+x. As soon as lockdown reads none, root reads kernel memory (/proc/kcore). When
# the secret was wiped by a worker after lockdown dropped, the spinner read it in between, so
# the wipe is in the key handler. A boot that held a key drops lockdown only
# once its key blobs have expired in the TPM, from process context. On 6.1 the spinner kept
# that worker off the CPU and never saw none; since 6.12 the fair deadline server gives normal
# tasks their share beside real-time hogs, so the worker runs while the spinner spins, the
# blobs expire, lockdown drops, and the spinner sees none at once and reads: it must find the
# window PCR's closed value at the symbol hibseal (the positive control: the read works) and zeros
# where the secret was. A later read as root, once the spinner is done, finds the same.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.lift-race
VM_GUEST=lift-race vm_uki
VM_TRIGGER='^memread: waiting-for-lift' VM_TRIGGER_CMD='vm_sendkey alt-sysrq-x' vm_boot lift
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"sealing ready before the lift"
expect '^HIBSEAL: rt-runtime=-1$' "real-time throttling off"
expect '^memread: waiting-for-lift policy=fifo priority=99' "root's spinner at the top real-time priority"
expect "Lockdown: lifting from the keyboard \\(SysRq\\+x\\) once sealed hibernation's key blobs have expired" \
	"the lift, deferred until the blobs expire"
expect '^memread: lifted$' "the spinner to see lockdown none while it spun (the race run)"
expect_not '^memread: lift timeout$' "the spinner to give up (the race not run)"
expect 'hibseal: blob epoch counter advanced to [0-9]+: every key blob made so far has expired' \
	"the key blobs expired"
expect_order 'every key blob made so far has expired' 'Lockdown: lifted from the keyboard \(SysRq\+x\)' \
	"the blobs to expire before lockdown dropped"
expect '^HIBSEAL: after-lift lockdown=none seal=unavailable:_lockdown_was_lifted_in_this_boot$' \
	"lockdown none and sealing unavailable after the lift"
expect '^memread: kcore find hibseal=0x[0-9a-f]+ offset=[0-9]+$' \
	"root to find the closed window PCR value in hibseal's state through /proc/kcore"
expect '^memread: kcore after zero=1$' "the secret beside it wiped"
expect_order '^memread: lifted$' '^memread: kcore after zero=' "the spinner's own read after the lift"
[ "$(grep -c '^memread: kcore after zero=1$' "$VM_LOG")" = 2 ] ||
	fail "expected two reads of the secret's place, the spinner's and root's later one, both zeros"
expect_not '^memread: kcore after zero=0$' "the boot secret read after the lift"
vm_done
