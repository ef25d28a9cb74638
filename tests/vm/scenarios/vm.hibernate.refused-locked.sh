#!/bin/bash
# Secure Boot on, but no TPM, so sealed hibernation is unavailable: lockdown still refuses
# hibernation. `disk` is not offered, the write fails with EPERM, the kernel says why once
# (lockdown's line and hibseal's reason, not one per read of /sys/power/state), and the
# system keeps running with swap usable. (With a TPM, seal.roundtrip.secureboot hibernates.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init vm.hibernate.refused-locked
vm_tpm none
vm_uki
vm_boot boot
expect '^HIBSEAL: lockdown=integrity secureboot=1 ' "Secure Boot lockdown"
expect_not '^HIBSEAL: lockdown=.* state=\[.*disk.*\]' "'disk' in /sys/power/state"
expect '^HIBSEAL: lockdown=.* seal=unavailable:_no_TPM_found$' "the sysfs status to give the reason"
expect 'hibseal: sealed hibernation unavailable: no TPM found' "the kernel to log the reason"
expect '^HIBSEAL: hibernate-refused error=.*Operation not permitted' "EPERM from the write"
expect 'Lockdown: [^:]+: hibernation is restricted; see man kernel_lockdown.7' \
	"the lockdown log line"
n=$(grep -ac 'hibernation is restricted' "$VM_LOG" || true)
[ "$n" = 1 ] || fail "the lockdown line was logged $n times; once is enough, whatever polls the state"
expect_not 'PM: hibernation: hibernation entry' "an attempt to hibernate"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "swap left as swap"
expect '^HIBSEAL-DONE rc=0$' "the system to keep running"
vm_done
