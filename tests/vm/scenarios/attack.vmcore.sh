#!/bin/bash
# Root reads the kernel's memory from a crash kernel. Under Secure Boot lockdown root may load
# a signed kernel as the crash kernel (kexec_file_load -p) with an initrd of its own, which
# nothing verifies, and crash the machine (SysRq+c from /proc): the crash kernel does not seal
# and reads the crashed kernel's RAM through /proc/vmcore, where hibseal's state lies (found
# with /proc/iomem and System.map, as in attack.kexec-read): the boot secret right after the
# window PCR's closed value. The crash path runs no notifier, so no wipe helps: with a key in
# memory under lockdown, the kernel refuses to load a crash kernel at all. Positive control: in
# a boot without a TPM (no key ever held) the same crash kernel loads, and after the crash
# reads the crashed kernel's memory (its banner) through /proc/vmcore.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
vm_init attack.vmcore
VM_MEM=768
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=vmcore-read vm_uki crashkernel=256M
vm_boot crash
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' \
	"Secure Boot lockdown with sealing ready"
expect '^HIBSEAL: crashkernel=[0-9a-f]+-[0-9a-f]+:Crashkernel$' "memory reserved for a crash kernel"
expect 'hibseal: crash kernel refused: sealed hibernation has had keys in memory in this boot' \
	"the kernel's reason for refusing the crash kernel"
expect '^LDM-KEXEC: crash-load=EPERM$' "root's crash kernel refused"
expect_not '^HIBSEAL: crashing$' "a crash with a crash kernel loaded"
# Had a crash kernel run: where the crashed kernel's hibseal state was, and what was after the
# closed window PCR value there.
child=$(sed -n '/^HIBSEAL: crash-kernel$/,$p' "$VM_LOG")
if [ -n "$child" ]; then
	hs=$(hibseal_state_paddr)
	while read -r paddr after zero; do
		if [ $((paddr)) -ge "$hs" ] && [ $((paddr)) -lt $((hs + 1024)) ]; then
			fail "the crash kernel read the crashed kernel's hibseal state: after the closed window PCR value, $after ($zero)"
		fi
	done < <(sed -n 's/^HIBSEAL: memread: vmcore scan match paddr=\(0x[0-9a-f]*\) after hex=\([0-9a-f]*\) \(zero=[01]\)$/\1 \2 \3/p' <<<"$child")
fi
vm_tpm none
VM_EXPECT_CRASH=1 vm_boot control
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_no_TPM_found$' \
	"Secure Boot lockdown, no TPM: no key held in this boot"
expect '^LDM-KEXEC: crash-load=ok$' "the same crash kernel to load where no key was held"
expect '^HIBSEAL: crashing$' "root to crash the machine"
expect '^HIBSEAL: crash-kernel$' "the crash kernel to run root's initrd"
expect '^HIBSEAL: banner-memread: vmcore scan done mib=[0-9]+ matches=[1-9]' \
	"the crash kernel to read the crashed kernel's memory through /proc/vmcore (positive control)"
vm_done
