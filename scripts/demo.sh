#!/bin/bash
# The main job, for now: boot the signed UKI under OVMF Secure Boot with a swtpm TPM 2.0, and show
# that the kernel is locked down, the TPM answers, and hibernation is refused by lockdown.
set -eu
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../tests/vm/lib.sh"

show() {	# show TITLE REGEX: print the matching console lines under a title
	printf '\n== %s\n' "$1"
	grep -aE -- "$2" "$VM_LOG" | sed 's/^/   /' || echo "   (nothing)"
}

vm_init demo
vm_uki
echo "demo: booting $W/uki.efi under Secure Boot (accelerator: $(vm_accel)); console: $W/boot.log"
vm_boot boot
show "Firmware and kernel: Secure Boot" 'UEFI Secure Boot is enabled|Secure boot enabled'
show "Lockdown" 'Kernel is locked down|^HIBSEAL: lockdown='
show "TPM 2.0 (swtpm): driver and PCRs 4 and 7" 'tpm_tis|^HIBSEAL: pcr-sha256'
show "Hibernation attempt" 'hibernating|hibernate-refused|hibernation is restricted|after-refusal'
expect '^HIBSEAL-DONE rc=0$' "the demo scenario to finish"
expect 'Lockdown: [^:]+: hibernation is restricted' "lockdown to refuse hibernation"
echo
[ "$vm_failures" = 0 ] &&
	echo "demo: OK: locked down under Secure Boot, TPM answers, hibernation refused by lockdown"
vm_done
