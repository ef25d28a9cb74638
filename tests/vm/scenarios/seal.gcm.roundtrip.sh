#!/bin/bash
# A kernel that writes AES-256-GCM images (HIBERNATION_SEAL_AES_GCM, the production kernel of
# seal.production) hibernates, and its image is checked three ways:
#  - `hibseal inspect` reads the construction from the header: AES-256-GCM, 16-byte tags (the
#    test kernel writes AES-256-CTR + HMAC-SHA256, 32-byte tags: seal.verify-kernel-image);
#  - `hibseal verify --key` verifies every tag and the image MAC with the boot secret, found in
#    the guest's RAM as seal.verify-kernel-image finds it (a path only the test host has);
#  - with one bit of a chunk flipped, verify and the kernel both refuse that very chunk.
# The kernel's AES-NI code seals and opens the chunks (the guest CPU has AES-NI).
# Then the unchanged image (disk, TPM and firmware variables put back) resumes.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.gcm.roundtrip
vm_kernel_variant production
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=4
VM_TRIGGER='^HIBSEAL: pausing' VM_TRIGGER_CMD=ram_dump seal_hibernate
[ "$VM_TRIGGERED" = 1 ] || fail "the guest never paused for the dump"
# The guest CPU has AES-NI, and the kernel's AES-NI code is built in (Kconfig selects it): it,
# not the generic C code, sealed the chunks.
expect 'hibseal: chunk AEAD gcm\(aes\) by [^ ]*(aesni|vaes)' "AES-NI to seal the chunks"
hibseal_tool
"$HIBSEAL" inspect "$W/swap.img" >"$W/inspect.out" 2>&1 || fail "hibseal inspect: $(cat "$W/inspect.out")"
grep -qx 'construction: AES-256-GCM, 16-byte tags' "$W/inspect.out" ||
	fail "not a GCM image: $(grep construction "$W/inspect.out")"
if key_from_ram "$(guest_value pcr14-now)"; then
	grep -q 'every tag verified' "$IMAGE_VERIFIED" || fail "verify did not check every tag"
	grep -q 'image MAC: verified' "$IMAGE_VERIFIED" || fail "verify did not report the image MAC"
fi
vm_save_state hibernated
if swapimg_damage flip chunk; then
	if "$HIBSEAL" verify --key "$IMAGE_KEY" "$W/swap.img" >"$W/verify.flipped.out" 2>&1; then
		fail "hibseal verify accepts the image with chunk $DAMAGED_CHUNK changed"
	else
		grep -q "data-chunk chunk $DAMAGED_CHUNK: " "$W/verify.flipped.out" ||
			fail "hibseal verify refused another chunk: $(cat "$W/verify.flipped.out")"
	fi
	vm_boot refused
	expect_refused "chunk $DAMAGED_CHUNK does not authenticate" "the changed GCM chunk"
fi
# Positive control: the same image, unchanged, with the TPM and firmware state of the hibernation.
vm_restore_state hibernated
vm_boot resume
expect_not 'hibseal: self-test' "the boot-window self-test (not built in)"
expect_resumed
expect 'hibseal: chunk AEAD gcm\(aes\) by [^ ]*(aesni|vaes)' "AES-NI to open the chunks"
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
vm_done
