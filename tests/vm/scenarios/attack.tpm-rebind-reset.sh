#!/bin/bash
# A TPM bound again, then reset in S3. Root unbinds the TPM's driver and binds it again: a new
# chip, whose window PCR the kernel extends as it registers (patch 0016). The kernel's own
# reference is to the chip that went away. Then root suspends to RAM on a platform that resets
# the TPM while asleep (hs_tpm_s3_reset.ko voids the saved state, as in fresh.s3-tpm-reset).
# Before any task thaws, the kernel must close the window PCR on the chip root now holds, not
# only on its own: the window PCR read back through that chip must not be at its window value
# (zero), or root replays the event log into PCRs 4 and 7 and makes a key blob whose creation
# data shows the window's values. A PCR that cannot be read at all (the TPM core disabled the
# chip) is closed too: nobody can send it commands until another chip registers.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

field() {
	sed -n "s/^HIBSEAL: $1 .*\\b$2=\\([^ ]*\\).*/\\1/p" "$VM_LOG" | head -1
}

vm_init attack.tpm-rebind-reset
# OVMF rebuilds its page tables at 8 MiB on every S3 wake-up (docs/testing.md, traps).
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=tpm-rebind-reset vm_uki "memmap=64K\$0x800000"
VM_WAKE=1 vm_boot s3
zero=$(printf '0%.0s' $(seq 64))
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready"
expect '^HIBSEAL: rebound chip=tpm[0-9]+ pcr14=' "root to bind the TPM's driver again"
expect 'TPM registered after the boot window: PCR 14 extended' "the new chip's window PCR extended"
expect '^HIBSEAL: reset-module=loaded$' "the signed test module to load"
expect "PCR 15 extended after the TPM's suspend \\(rc 0\\)" "the TPM's saved state voided"
expect 'PM: suspend entry \(deep\)' "suspend to RAM (S3)"
expect '^HIBSEAL: s3-woke rc=0 ' "the wake-up"
chip=$(field rebound chip)
before=$(field s3-enter pcr0) after=$(field s3-woke pcr0) pcr14=$(field s3-woke pcr14)
diag "PCR 0 $before -> $after; PCR 14 after the wake-up: $pcr14"
[[ $before =~ ^[0-9A-Fa-f]{64}$ ]] || fail "no PCR 0 value before the suspend ('$before')"
# After the wake-up each PCR is a value, or absent (unreadable) only because the TPM core
# disabled the rebound chip, as the kernel says for that chip.
for v in "$after" "$pcr14"; do
	if [ "$v" = absent ]; then
		expect "after suspend, $chip \\(registered after the boot window\\): its window PCR cannot be extended: the TPM core has disabled it" \
			"the kernel's line that it disabled $chip, for a PCR root cannot read after the wake-up"
	elif ! [[ $v =~ ^[0-9A-Fa-f]{64}$ ]]; then
		fail "a PCR value after the wake-up is neither 64 hex digits nor absent ('$v')"
	fi
done
# The reset itself: PCR 0 changes (the firmware measures nothing on the S3 path), and the
# kernel says it found the rebound chip reset, unless the chip can no longer be read at all.
if [ "$after" != absent ]; then
	[ "$after" != "$before" ] || fail "PCR 0 unchanged by the suspend: the TPM was not reset"
	expect "after suspend, $chip \\(registered after the boot window\\) was reset: PCR 14 extended again" \
		"the kernel to find $chip reset and extend its window PCR again"
fi
if [ "$pcr14" = "$zero" ]; then
	fail "root's chip has the window PCR at its window value after the reset"
fi
expect_not '^HIBSEAL: s3-woke .* seal=ready ' "sealing still offered after the reset"
vm_done
