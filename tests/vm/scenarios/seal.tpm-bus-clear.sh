#!/bin/bash
# What a TPM bus interposer sees of a sealed hibernation: swtpm logs every command and response
# of both boots (the hibernation and the resume) in hex. The boot secret of the hibernating
# boot crosses the bus three times: in its TPM2_Create, in its self-test's TPM2_Unseal answer,
# and in the resume's TPM2_Unseal answer; each runs in the TPM core's salted HMAC session, so
# the secret (taken from the guest's RAM, a path only the test host has, as in
# seal.verify-kernel-image) must appear nowhere in the capture. Positive controls: the capture
# holds those commands, and the search finds what they carry in clear (the sealed object's
# label in the TPM2_Create command).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tpm-bus-clear
VM_TPM_TRAFFIC=1
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=4
VM_TRIGGER='^HIBSEAL: pausing' VM_TRIGGER_CMD=ram_dump seal_hibernate
[ "$VM_TRIGGERED" = 1 ] || fail "the guest never paused for the dump"
key_from_ram "$(guest_value pcr14-now)"
# The image's own keys, derived from the secret with the image's salt (HKDF-SHA256, the labels
# of tests/kat/chunk-kat.sh, the test kernel's construction 1), before the resume erases the
# header: they never go to the TPM, and must not show up either.
image_keys=
if [ -n "${IMAGE_KEY:-}" ]; then
	salt=$(swapimg identity | sed -n 's/.* salt=\([0-9a-f]*\)$/\1/p')
	[ "${#salt}" = 64 ] || fail "no salt in the image header: $(swapimg identity)"
	image_keys=$(python3 - "$IMAGE_KEY" "$salt" <<'PY'
import hashlib, hmac, struct, sys
secret, salt = open(sys.argv[1], "rb").read(), bytes.fromhex(sys.argv[2])
def hkdf(ikm, salt, info, n):
    prk, t, out, i = hmac.new(salt, ikm, hashlib.sha256).digest(), b"", b"", 1
    while len(out) < n:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out, i = out + t, i + 1
    return out[:n]
aead = struct.pack("<H", 1)
for label, n in ((b"hibseal v2 chunk encryption", 36), (b"hibseal v2 chunk authentication", 32),
                 (b"hibseal v2 image mac", 32)):
    print(hkdf(secret, salt, label + aead, n).hex())
PY
) || fail "cannot derive the image keys"
fi
vm_boot resume
expect_resumed
traffic() { python3 "$top/tests/vm/tools/tpmtraffic.py" "$W/hibernate.tpm-traffic" "$W/resume.tpm-traffic" "$@"; }
creates=$(traffic --count 153) || fail "no TPM traffic captured"
unseals=$(traffic --count 15e)
diag "captured: $creates TPM2_Create, $unseals TPM2_Unseal"
[ "${creates:-0}" -ge 2 ] || fail "expected a TPM2_Create at each boot, saw ${creates:-none}"
[ "${unseals:-0}" -ge 2 ] || fail "expected TPM2_Unseal at the self-test and the resume, saw ${unseals:-none}"
label=$(printf 'hibseal boot secret v2' | od -An -tx1 | tr -d ' \n')
seen=$(traffic --find "$label")
diag "the sealed object's label: $seen"
[[ $seen == *"found 0x153 cmd"* ]] || fail "the capture does not show TPM2_Create's cleartext label: $seen"
if [ -n "${IMAGE_KEY:-}" ]; then
	seen=$(traffic --find "@$IMAGE_KEY")
	diag "the boot secret: $seen"
	[ "$seen" = absent ] || fail "the boot secret crosses the TPM bus in clear: $seen"
	for k in $image_keys; do
		seen=$(traffic --find "$k")
		[ "$seen" = absent ] || fail "an image key crosses the TPM bus: $seen"
	done
	diag "the image's $(wc -w <<<"$image_keys") derived keys: absent"
fi
vm_done
