#!/bin/bash
# Root's usermode helper inside the boot window. The signed UKI's command line names a block
# major with no driver as the resume device (resume=8:0, after the harness's resume=/dev/vdb:
# the last one counts), so the boot-time resume asks for a module from inside the window, and
# the kernel would run the initramfs's /sbin/modprobe there as root. That helper
# (tests/vm/guest/umh-modprobe) reports the window PCR and tries to unseal the key blob of a
# real sealed image: with the window values in the PCRs, it would get the key. The kernel must
# refuse every helper until the window has closed, at once and with one line. Positive
# control: after the window the guest asks for the same module, and the same helper runs,
# reads the closed PCR and is refused by the TPM's policy.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.umh-window
VM_GUEST=umh-window vm_uki resume=8:0
seal_hibernate
vm_boot attack
expect 'hibseal: boot window open: ' "the window to open with the sealed image pending"
expect 'hibseal: usermode helper /sbin/modprobe block-major-8-0 refused: the boot window is open' \
	"the module request for resume=8:0 refused at once, with its line"
expect_order 'hibseal: boot window open: ' 'usermode helper /sbin/modprobe block-major-8-0 refused' \
	"that request to come from inside the window"
expect_order 'usermode helper /sbin/modprobe block-major-8-0 refused' 'hibseal: boot window closed' \
	"that request to come from inside the window"
expect_order 'hibseal: boot window closed' 'umh-attack: ' "no helper before the window closed"
expect '^HIBSEAL: module-request-after-window$' "the guest to ask for the module after the window"
expect 'umh-attack: request=.*block-major-8' "the helper to run for that request (positive control)"
expect 'umh-attack: attack: load rc=0x000' "the helper to load the image's real key blob"
expect 'umh-attack: attack: unseal rc=0x9[0-9a-f]d' "Unseal to fail its policy after the window"
expect_not 'UNSEALED' "root's helper unsealing the image key"
# Every helper that ran (some run for the kernel's own requests after the window, before init)
# saw the window PCR closed.
closed=$(guest_value pcr14-now)
seen=$(grep -ao 'umh-attack: window-pcr=[0-9a-f]*' "$VM_LOG" | cut -d= -f2 | sort -u | tr "\n" " " | sed "s/ $//")
if [ -z "$closed" ] || [ "$closed" != "$seen" ]; then
	fail "the helpers saw window PCR '$seen', not only the closed value '$closed'"
fi
[ "$closed" != "$(printf '0%.0s' $(seq 64))" ] || fail "PCR 14 is still at its window value"
expect '^HIBSEAL: attack-done$' "the guest to finish"
vm_done
