#!/bin/bash
# Resume with Secure Boot disabled (firmware variables without keys): PCR 7 differs, so the
# policy the key was sealed with is not the one this boot window gives.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.secureboot-off
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_save_state hibernated
vm_secureboot off
vm_boot resume
expect '^HIBSEAL: lockdown=none secureboot=0 ' "Secure Boot off in this boot"
expect_refused 'its key is not sealed to this machine, kernel and Secure Boot state \(key blob public area, TPM rc 0x000\)' \
	"the Secure Boot state (PCR 7), at the policy check"
# Positive control: Secure Boot back on, TPM and image as after the hibernation: resumed.
vm_restore_state hibernated
vm_boot control
expect_resumed
vm_done
