#!/bin/bash
# Root carries a resumed system's RAM into a kernel that lets it read memory. The kernel that
# restores an image loads each image page whose own frame it still uses into another, free
# page, and copies it into place only at the jump: those pages, holding decrypted pages of the
# image (the restored kernel's boot secret among them), are free memory of the restored kernel.
# The restoring kernel's own keys are wiped before the jump (0027), and the restored kernel must
# clear its free pages. After a real resume (a sealed image written by one boot, verified and
# restored by the next), root kexecs the signed kernel, which scans all of RAM for the window
# PCR's closed value, right before the boot secret in hibseal's state: every match must be
# followed by zeros. Positive controls: the scan reaches the restored kernel's hibseal state,
# and finds a line the restored system planted in a file.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
vm_init attack.kexec-resumed
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=kexec-resumed vm_uki nokaslr
seal_hibernate
vm_boot resume
expect 'kexec_core: Starting new kernel' "root to kexec the signed kernel from the resumed system"
child=$(sed -n '/kexec_core: Starting new kernel/,$p' "$VM_LOG")
# The restored system's part of the log: the kexec'd kernel boots /init afresh.
log=$VM_LOG
VM_LOG=$W/restored.log
sed '/kexec_core: Starting new kernel/q' "$log" >"$VM_LOG"
expect_resumed
expect 'PM: hibernation: free pages cleared after restore' "the restored kernel to clear its free pages"
VM_LOG=$log
grep -q '^HIBSEAL: kexec-child$' <<<"$child" || fail "the kexec'd kernel did not run its script"
expect_no_secret_in_ram "$child"
vm_done
