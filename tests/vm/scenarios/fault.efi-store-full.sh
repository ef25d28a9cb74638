#!/bin/bash
# The key blob's EFI copy cannot be stored: the kernel runs without EFI runtime services
# (efi=noruntime), as it would with a full variable store or firmware that refuses the write.
# Without the copy, only a resume inside the next boot window could open the image, and a
# system that resumes late (an initramfs writing /sys/power/resume, swap on LUKS) would write
# a session nothing can bring back. The kernel must refuse to hibernate before writing
# anything, with its line, and keep running with usable swap and no hibernation signature.
# Positive control: the same machine without efi=noruntime writes its sealed image.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fault.efi-store-full
VM_GUEST=seal-hibernate vm_uki efi=noruntime
vm_boot noruntime
# (efivarfs is empty without runtime services: the SecureBoot variable reads absent, and the
# integrity level is the one Secure Boot set.)
expect '^HIBSEAL: lockdown=integrity secureboot=absent state=\[.*disk.*\] seal=ready$' \
	"integrity lockdown with sealing ready, EFI runtime services off"
expect 'Kernel is locked down from EFI Secure Boot' "lockdown from Secure Boot"
expect 'hibseal: cannot hibernate: no EFI copy of the key blob \(-[0-9]+\), so a resume after the boot window could not open the image' \
	"the kernel's refusal, naming the missing EFI copy"
expect '^HIBSEAL: hibernate-refused error=.*Input/output error' "the write to /sys/power/state to fail with EIO"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "no hibernation signature on swap"
expect '^HIBSEAL-DONE rc=1$' "the system to keep running to the end of its script"
expect_not 'PM: Image saving done|PM: hibernation: Wrote' "an image written"
[ "$(host_swap_signature)" = SWAPSPACE2 ] ||
	fail "page 0 of the swap disk ends in $(host_swap_signature), not SWAPSPACE2"
rm -f "$W/swap.img"
truncate -s 256M "$W/swap.img"
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
expect_not 'no EFI copy of the key blob' "a refusal with EFI runtime services on (control)"
vm_done
