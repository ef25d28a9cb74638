#!/bin/bash
# Root, after boot, takes the real key blob from a sealed image and asks the TPM to unseal it
# through /dev/tpmrm0 with the kernel's own policy session (PolicyPCR over PCRs 4, 7, 8, 9 and 14, then
# PolicyNV on the blob epoch counter). The blob loads (it is genuine, and this is its TPM), but
# the window PCR has been extended and the epoch has moved: Unseal fails the policy. The
# positive control comes first, in the same program: an object root seals to the policy that
# this session code satisfies now (a trial session's digest) unseals with the same code, so a
# refusal is the policy's, not a broken command. The same UKI is booted (PCRs 4 and 7 as at
# sealing); only the signature is hidden, so the kernel does not resume the image itself.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
vm_init seal.root-unseal
VM_GUEST=seal-attack vm_uki hibseal_vm.attack=unseal
seal_hibernate
swapimg hide
vm_boot attack
expect 'hibseal: boot window closed' "the window to close before userspace"
expect '^HIBSEAL: attack: createprimary rc=0x000$' "the attacker to get the same primary key"
for step in 'trial startauthsession' 'trial policypcr' 'trial policynv' policygetdigest create \
	load startauthsession policypcr policynv unseal; do
	expect "^HIBSEAL: attack: control $step rc=0x000\$" "the control's $step to work"
done
expect '^HIBSEAL: attack: control unsealed=yes$' "root's own object to unseal with the same code"
expect '^HIBSEAL: attack: load rc=0x000$' "the real blob to load"
expect '^HIBSEAL: attack: policypcr rc=0x000$' "PolicyPCR to run"
# This boot's window resumed nothing and advanced the blob epoch past the blob's bound.
expect '^HIBSEAL: attack: policynv rc=0x126$' "PolicyNV to find the blob epoch past the blob's bound (TPM_RC_POLICY)"
expect '^HIBSEAL: attack: unseal rc=0x9[0-9a-f]d$' "Unseal to fail its policy (TPM_RC_POLICY_FAIL)"
expect_not 'UNSEALED' "root unsealing the image key"
expect '^HIBSEAL: attack-done$' "the attack to run"
vm_done
