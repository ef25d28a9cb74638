#!/bin/bash
# Secure Boot on: the base kernel's lockdown refuses hibernation outright. The write fails with
# EPERM, lockdown logs why, and the system keeps running with swap usable.
# The sealed hibernation work replaces this expectation: only the lines marked LOCKDOWN-BAN change.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init vm.hibernate.refused-locked
vm_uki
vm_boot boot
expect '^HIBSEAL: lockdown=integrity secureboot=1 ' "Secure Boot lockdown"
expect_not '^HIBSEAL: lockdown=.* state=\[.*disk.*\]' "'disk' in /sys/power/state"	# LOCKDOWN-BAN
expect '^HIBSEAL: hibernate-refused error=.*Operation not permitted' "EPERM from the write"	# LOCKDOWN-BAN
expect 'Lockdown: [^:]+: hibernation is restricted; see man kernel_lockdown.7' \
	"the lockdown log line"							# LOCKDOWN-BAN
expect_not 'PM: hibernation: hibernation entry' "an attempt to hibernate"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "swap left as swap"
expect '^HIBSEAL-DONE rc=0$' "the system to keep running"
vm_done
