#!/bin/bash
# Secure Boot across kexec: under Secure Boot lockdown, kexec_file_load refuses an unsigned
# kernel, loads the kernel signed with the build's key, and the kernel it starts knows it was
# booted with Secure Boot (boot_params.secure_boot is carried over) and locks itself down; it
# does not seal (sealed hibernation unavailable, with the reason).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

vm_init lockdown.kexec.secureboot-carried
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=lockdown-kexec vm_uki
vm_boot kexec
expect '^HIBSEAL: lockdown=integrity secureboot=1 ' "the first kernel locked down by Secure Boot"
expect '^LDM-KEXEC: load=ENODATA$' "the unsigned kernel refused (no signature, enforced)"
expect 'Enforced kernel signature verification failed' "the kernel's reason for the refusal"
expect '^LDM-KEXEC: load=ok$' "the signed kernel to load"
expect '^HIBSEAL: kexec-child$' "the kexec'd kernel to run its script"
# From the jump on: the second kernel's own view.
expect 'kexec_core: Starting new kernel' "the jump into the new kernel"
child=$(sed -n '/kexec_core: Starting new kernel/,$p' "$VM_LOG")
grep -q '^HIBSEAL: lockdown=integrity secureboot=1 ' <<<"$child" ||
	fail "the kexec'd kernel does not report lockdown=integrity and Secure Boot on"
# It must not seal: its window PCR holds the first kernel's closed value, which every boot of
# this machine reaches again, so hibernation is not offered (rather than lost after power-on).
grep -q "sealed hibernation unavailable: started by kexec: the window PCR holds the previous kernel's value" <<<"$child" ||
	fail "the kexec'd kernel did not refuse to seal"
grep -Eq '^HIBSEAL: lockdown=integrity secureboot=1 state=\[[^]d]*\] seal=unavailable:_started_by_kexec' <<<"$child" ||
	fail "the kexec'd kernel offers hibernation or does not say why not"
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "the first kernel to offer sealed hibernation"
n=$(grep -c 'Kernel is locked down from EFI Secure Boot;' "$VM_LOG" || true)
[ "$n" = 2 ] || fail "expected both kernels to lock down from EFI Secure Boot, saw $n"
n=$(grep -c 'Secure boot enabled' "$VM_LOG" || true)
[ "$n" -ge 2 ] || fail "expected both kernels to log 'Secure boot enabled', saw $n"
lockdown_record
vm_done
