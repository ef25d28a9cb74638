#!/bin/bash
# What a TPM bus interposer sees of a sealed hibernation: swtpm logs every command and response
# of both boots (the hibernation and the resume) in hex. The boot secret of the hibernating
# boot crosses the bus three times: in its TPM2_Create, in its self-test's TPM2_Unseal answer,
# and in the resume's TPM2_Unseal answer; each runs in the TPM core's salted HMAC session, so
# the secret (taken from the guest's RAM, a path only the test host has, as in
# seal.verify-kernel-image) must appear nowhere in the capture. Positive controls: each boot's
# capture holds its commands (a TPM2_Create and a TPM2_Unseal in each), and the search finds
# what crosses the bus in clear both ways: the sealed object's label in the TPM2_Create
# command, and the closed window PCR's value in the answer to the guest's TPM2_PCR_Read.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.tpm-bus-clear
VM_TPM_TRAFFIC=1
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=4
VM_TRIGGER='^HIBSEAL: pausing' VM_TRIGGER_CMD=ram_dump seal_hibernate
[ "$VM_TRIGGERED" = 1 ] || fail "the guest never paused for the dump"
pcr14_now=$(guest_value pcr14-now)
key_from_ram "$pcr14_now"
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
tpmtraffic() { python3 "$top/tests/vm/tools/tpmtraffic.py" "$@"; }
traffic() { tpmtraffic "$W/hibernate.tpm-traffic" "$W/resume.tpm-traffic" "$@"; }
# Each boot seals its own secret (TPM2_Create) and unseals one: the hibernating boot in its
# self-test, the resume for the image's key.
for boot in hibernate resume; do
	creates=$(tpmtraffic "$W/$boot.tpm-traffic" --count 153) || fail "no TPM traffic captured in the $boot boot"
	unseals=$(tpmtraffic "$W/$boot.tpm-traffic" --count 15e)
	diag "$boot boot: $creates TPM2_Create, $unseals TPM2_Unseal"
	[ "${creates:-0}" -ge 1 ] || fail "expected a TPM2_Create in the $boot boot, saw ${creates:-none}"
	[ "${unseals:-0}" -ge 1 ] || fail "expected a TPM2_Unseal in the $boot boot, saw ${unseals:-none}"
done
label=$(printf 'hibseal boot secret v2' | od -An -tx1 | tr -d ' \n')
seen=$(traffic --find "$label")
diag "the sealed object's label: $seen"
[[ $seen == *"found 0x153 cmd"* ]] || fail "the capture does not show TPM2_Create's cleartext label: $seen"
# The responses are parsed too: the guest's TPM2_PCR_Read (0x17e) answer carries the value it
# reported.
[[ $pcr14_now =~ ^[0-9A-Fa-f]{64}$ ]] || fail "the guest reported no closed window PCR value ('$pcr14_now')"
seen=$(traffic --find "$pcr14_now")
diag "the closed window PCR value: $seen"
[[ $seen == *"found 0x17e rsp"* ]] || fail "the capture does not show the TPM2_PCR_Read answer with $pcr14_now: $seen"
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
