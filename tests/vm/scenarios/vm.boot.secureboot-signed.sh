#!/bin/bash
# A UKI signed with the db key boots under Secure Boot; the kernel sees Secure Boot and locks
# itself down in integrity mode (Debian's lockdown-on-Secure-Boot patch).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init vm.boot.secureboot-signed
vm_uki
vm_boot boot
expect 'EFI stub: UEFI Secure Boot is enabled' "the EFI stub to report Secure Boot"
expect 'Secure boot enabled' "the kernel to detect Secure Boot"
expect 'Kernel is locked down from EFI Secure Boot; see man kernel_lockdown.7' \
	"lockdown triggered by Secure Boot"
expect '^HIBSEAL: lockdown=integrity secureboot=1 ' "lockdown [integrity] and SecureBoot=1"
expect '^HIBSEAL: lockdown-file=none \[integrity\] confidentiality$' \
	"/sys/kernel/security/lockdown to read 'none [integrity] confidentiality'"
expect '^HIBSEAL-DONE rc=0$' "the guest scenario to finish"
vm_done
