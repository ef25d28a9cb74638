#!/bin/bash
# `hibseal verify --key` on an image the kernel wrote (not one libhibseal sealed itself). The
# key comes by a path only the test host has: while the guest pauses before hibernating, QEMU's
# monitor stops the VM and saves its RAM, and the host finds hibseal's state in it the way
# attack.kexec-read does (the closed window PCR value, the boot secret after it). The guest's
# root has no such path (attack.*). Each candidate is tried on the sealed image on the disk:
# the boot secret verifies it; the same secret with one bit flipped is refused. This kernel
# writes AES-256-CTR + HMAC-SHA256 (seal.gcm.roundtrip does the same for AES-256-GCM, the default).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.verify-kernel-image
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=4
VM_TRIGGER='^HIBSEAL: pausing' VM_TRIGGER_CMD=ram_dump seal_hibernate
[ "$VM_TRIGGERED" = 1 ] || fail "the guest never paused for the dump"
if key_from_ram "$(guest_value pcr14-now)"; then
	grep -q 'image MAC: verified' "$IMAGE_VERIFIED" || fail "verify did not report the image MAC"
	python3 -c 'import sys; k = bytearray(open(sys.argv[1], "rb").read()); k[0] ^= 1; open(sys.argv[2], "wb").write(k)' \
		"$IMAGE_KEY" "$W/wrong.key"
	if "$HIBSEAL" verify --key "$W/wrong.key" "$W/swap.img" >"$W/verify.wrong.out" 2>&1; then
		fail "a key one bit off verifies the image too"
	fi
fi
"$HIBSEAL" inspect "$W/swap.img" >"$W/inspect.out" 2>&1 || fail "hibseal inspect: $(cat "$W/inspect.out")"
grep -qx 'construction: AES-256-CTR + HMAC-SHA256, 32-byte tags' "$W/inspect.out" ||
	fail "the main test kernel did not write AES-256-CTR + HMAC-SHA256: $(grep construction "$W/inspect.out")"
# The image is untouched by all this: it resumes.
vm_boot resume
expect_resumed
vm_done
