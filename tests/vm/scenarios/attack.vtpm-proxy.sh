#!/bin/bash
# Root makes a TPM of its own: swtpm behind the kernel's vTPM proxy registers a TPM 2.0 chip
# after the boot window whose PCR 14 reads all zeros, as a TPM reset since the window would.
# Its PCRs are whatever root's process answers, so the kernel must not take it for a TPM of
# this machine: no "registered after the boot window" extend on it, no "reset" (which would
# switch sealing off and send the blob expiry to root's TPM), sealing still ready, and the
# boot hibernates with a sealed image. Positive control: the proxy's chip is real (the guest
# reads its PCR 14 through the kernel) and the machine's own TPM has its closed window value;
# the image written after the proxy came and went shows sealing was still ready.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
vm_init attack.vtpm-proxy
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=vtpm-proxy vm_uki
seal_hibernate
expect '^HIBSEAL: vtpm device=/dev/tpm[0-9]+ ' "root's vTPM proxy chip to register"
zero=$(printf '%064d' 0)
expect "^HIBSEAL: vtpm pcr14=$zero\$" \
	"the proxy's PCR 14 to read all zeros through the kernel (nothing extended it)"
expect '^HIBSEAL: real pcr14=[0-9a-f]{64}$' "the machine's TPM to answer"
expect_not "^HIBSEAL: real pcr14=$zero\$" "the machine's window PCR at zero"
expect_not 'TPM registered after the boot window' "an extend of root's chip's window PCR"
expect_not 'the TPM was reset' "sealing switched off by root's chip"
vm_done
