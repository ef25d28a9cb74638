#!/bin/bash
# Suspend to RAM with the TPM's driver unbound. No chip sends TPM2_Shutdown(STATE), so the TPM
# comes back from S3 reset, and no chip is there for the kernel to close the window PCR on
# wake-up: a signed kernel root kexecs next (its window does not run after kexec) or a stock
# one would hand root a TPM at the window's values. The kernel refuses the suspend while no
# TPM 2.0 chip is registered, with its reason; the control binds the driver again and the
# same suspend goes through (the window PCR of the new chip extended as it registered).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.tpm-unbound-suspend
# OVMF rebuilds its page tables at 8 MiB on every S3 wake-up (docs/testing.md, traps).
VM_GUEST=tpm-unbound-suspend vm_uki "memmap=64K\$0x800000"
VM_WAKE=1 vm_boot s3
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready"
expect '^HIBSEAL: unbound$' "root to unbind the TPM's driver"
expect 'hibseal: suspend refused: no TPM 2.0 chip is registered' "the suspend refused, with its reason"
expect '^HIBSEAL: s3-unbound rc=1 error=.*Device_or_resource_busy' "the write to /sys/power/state to fail (EBUSY)"
expect_order 'suspend refused: no TPM 2.0 chip' '^HIBSEAL: bound$' "the refusal before the driver came back"
expect '^HIBSEAL: bound$' "root to bind the driver again"
expect 'TPM registered after the boot window: PCR 14 extended' "the new chip's window PCR extended"
expect 'ACPI: PM: Low-level resume complete' "the control's suspend to RAM and wake-up"
expect '^HIBSEAL: s3-bound rc=0 ' "the control's wake-up"
# The refused attempt never reached the platform: one S3 in all, the control's.
n=$(grep -c 'Preparing to enter system sleep state S3' "$VM_LOG" || true)
[ "$n" = 1 ] || fail "expected one entry into S3 (the control's), found $n"
vm_done
