#!/bin/bash
# `hibseal verify --key` on an image the kernel wrote (not one libhibseal sealed itself). The
# key comes by a path only the test host has: while the guest pauses before hibernating, QEMU's
# monitor stops the VM and saves its RAM, and the host finds hibseal's state in it the way
# attack.kexec-read does (the closed window PCR value, the boot secret after it). The guest's
# root has no such path (attack.*). Each candidate is tried on the sealed image on the disk:
# the boot secret verifies it; the same secret with one bit flipped is refused.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

# dump_ram: the guest's memory, VM stopped meanwhile (run by vm_boot's trigger).
# shellcheck disable=SC2317
dump_ram() {
	vm_monitor stop >/dev/null
	vm_monitor "pmemsave 0 $((VM_MEM << 20)) \"$W/ram.bin\"" >/dev/null
	vm_monitor cont >/dev/null
}

vm_init seal.verify-kernel-image
VM_GUEST=seal-hibernate vm_uki hibseal_vm.pause=4
VM_TRIGGER='^HIBSEAL: pausing' VM_TRIGGER_CMD=dump_ram seal_hibernate
[ "$VM_TRIGGERED" = 1 ] || fail "the guest never paused for the dump"
pcr=$(guest_value pcr14-now)
[ "${#pcr}" = 64 ] || fail "the guest reported no closed PCR 14 value ('$pcr')"
[ -s "$W/ram.bin" ] || fail "no RAM dump"
hibseal=$B/uswsusp/hibseal
# (make: an older build of the tool may be there, from another format version)
make -s -C "$top/userspace/uswsusp" OUT="$B/uswsusp" "$hibseal" >/dev/null || fail "cannot build hibseal"
# Every 32 bytes that follow a copy of the closed PCR value, as key files.
n=$(python3 - "$W/ram.bin" "$pcr" "$W/cand" <<'PY'
import sys
ram, pcr, out = open(sys.argv[1], "rb").read(), bytes.fromhex(sys.argv[2]), sys.argv[3]
n, at = 0, ram.find(pcr)
while at >= 0:
    key = ram[at + 32:at + 64]
    if len(key) == 32 and any(key):
        open("%s.%d" % (out, n), "wb").write(key)
        n += 1
    at = ram.find(pcr, at + 1)
print(n)
PY
)
rm -f "$W/ram.bin"	# 512 MiB
diag "$n candidate secrets beside the closed PCR 14 value in the guest's RAM"
good=
for ((i = 0; i < ${n:-0}; i++)); do
	if "$hibseal" verify --key "$W/cand.$i" "$W/swap.img" >"$W/verify.$i.out" 2>&1; then
		good=$W/cand.$i
		break
	fi
done
if [ -z "$good" ]; then
	fail "no candidate verifies the kernel's image: $(tail -n 2 "$W/verify.0.out" 2>/dev/null | tr '\n' ' ')"
else
	diag "verified: $(tr '\n' ' ' <"${good/cand/verify}.out" | cut -c1-300)"
	grep -q 'image MAC: verified' "${good/cand/verify}.out" || fail "verify did not report the image MAC"
	python3 -c 'import sys; k = bytearray(open(sys.argv[1], "rb").read()); k[0] ^= 1; open(sys.argv[2], "wb").write(k)' \
		"$good" "$W/wrong.key"
	if "$hibseal" verify --key "$W/wrong.key" "$W/swap.img" >"$W/verify.wrong.out" 2>&1; then
		fail "a key one bit off verifies the image too"
	fi
fi
# The image is untouched by all this: it resumes.
vm_boot resume
expect_resumed
vm_done
