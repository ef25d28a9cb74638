#!/bin/bash
# The TPM boot window of sealed hibernation, at a normal Secure Boot boot: the kernel reads the
# policy PCRs (4, 7, 8, 9, 14), seals its boot secret to them, and extends PCR 14 before /init
# runs. The firmware started the UKI: the event log shows it in PCR 4, and no boot loader's
# events in PCRs 8 and 9 (eco.grub.chain has GRUB's).
# The debug self-test proves the secret unseals inside the window and is refused after it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.window.boot
vm_uki
vm_boot boot
expect 'hibseal: boot chain: [1-9][0-9]* boot applications in PCR 4, 0 boot loader events in PCRs 8 and 9, kernel started with LoadImage\(\)$' \
	"the event log to show the UKI the firmware started, and no boot loader's measurements"
expect 'hibseal: boot window open: PCRs 4,7-9,14 read, boot secret sealed to them \([0-9]+-byte blob, blob epoch at most [0-9]+\)' \
	"the window to open and seal the boot secret"
expect 'hibseal: self-test: boot secret unsealed inside the window' "unseal inside the window"
expect 'hibseal: boot window closed: PCR 14 extended' "the window to close"
expect 'hibseal: self-test: unseal after the window refused: TPM2_Unseal, TPM rc 0x9[0-9a-f]d' \
	"a policy failure for unseal after the window"
expect_not 'sealed hibernation unavailable' "sealing unavailable"
# The window closes before the first userspace process.
closed=$(grep -n 'hibseal: boot window closed' "$VM_LOG" | head -n 1 | cut -d: -f1)
init=$(grep -n 'Run /init as init process' "$VM_LOG" | head -n 1 | cut -d: -f1)
if [ -z "$closed" ] || [ -z "$init" ] || [ "$closed" -gt "$init" ]; then
	fail "the window did not close before /init ran (lines ${closed:-none} and ${init:-none})"
fi
# Userspace sees PCR 14 = extend(0...0, SHA-256(event)): nothing but our event touched it.
want=$(python3 -c 'import hashlib
e = hashlib.sha256(b"hibseal: boot window closed").digest()
print(hashlib.sha256(bytes(32) + e).hexdigest())')
[ "$(guest_value 'pcr-sha256\[14\]')" = "$want" ] ||
	fail "PCR 14 is $(guest_value 'pcr-sha256\[14\]'), expected $want"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
