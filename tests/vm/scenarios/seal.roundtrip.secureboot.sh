#!/bin/bash
# Under Secure Boot lockdown, `echo disk > /sys/power/state` writes a sealed image; the next
# boot unseals its key inside the boot window, authenticates every chunk and the image MAC, and
# resumes: the marker kept in memory and the boot id survive, and swap is usable afterwards.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

# A TPM with all four of swtpm's PCR banks: the kernel's boot chain check reads a firmware
# event log with four digests per event (the other scenarios' TPMs have SHA-256 only).
VM_TPM_BANKS=all
vm_init seal.roundtrip.secureboot
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_boot resume
expect 'hibseal: boot window open' "the restore kernel's window to open"
expect 'PM: hibernation: resume from hibernation' "the restore kernel to find the image"
expect_resumed
expect 'hibseal: boot window still closed after hibernation' "the resumed kernel to check the window"
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
