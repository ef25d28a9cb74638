#!/bin/bash
# The TPM stops answering (swtpm killed) while the next boot loads a sealed image: the image's
# key was unsealed, but its freshness cannot be checked nor the anti-replay counter advanced,
# so it is refused before anything is restored: a clean fresh boot with the reason logged and
# swap usable, and sealing unavailable for that boot.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fault.tpm-dead-resume
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
VM_SWAP_OPTS=throttling.bps-read=4000000 VM_TRIGGER='PM: hibernation: resume from hibernation' \
	VM_TRIGGER_CMD=vm_kill_tpm vm_boot resume
expect_refused 'cannot advance the anti-replay counter' "a TPM that died during the load"
expect 'sealed hibernation unavailable: cannot close the boot window' "sealing off for this boot"
vm_done
