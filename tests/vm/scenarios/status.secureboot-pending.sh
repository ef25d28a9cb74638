#!/bin/bash
# A Secure Boot update written now takes effect at the next boot, whose PCR 7 then differs: an
# image sealed before it could not be opened. `hibseal status` must say so before anyone
# hibernates. The guest appends a KEK-signed revocation to dbx, as fwupd does; status compares
# the firmware's TCG event log (what this boot measured into PCR 7) with efivarfs.
#  - Positive control first: on the real OVMF event log, before the write, the variables are as
#    measured and hibernation is available, sealed.
#  - The write really happened (dbx grew), and status then names dbx, says the session would be
#    lost and to reboot first, and exits 1.
#  - The next boot proves the warning right: its PCR 7 differs from the first boot's, and status
#    finds the variables as measured again.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init status.secureboot-pending
VM_GUEST=sb-update vm_uki hibseal_sb=update
vm_boot update
expect '^HIBSEAL: status before secure boot variables: as this boot measured them \(event log\)$' \
	"the real event log read, the variables as measured (positive control)"
expect '^HIBSEAL: status before why: Hibernation is available, sealed' "hibernation available before"
expect '^HIBSEAL: dbx-write=ok$' "the dbx update to be written"
size_before=$(sed -n 's/^HIBSEAL: dbx-size before=\([0-9]*\)$/\1/p' "$VM_LOG")
size_after=$(sed -n 's/^HIBSEAL: dbx-size after=\([0-9]*\)$/\1/p' "$VM_LOG")
if [ -z "$size_before" ] || [ -z "$size_after" ] || [ "$size_after" -le "$size_before" ]; then
	fail "dbx did not grow (${size_before:-?} -> ${size_after:-?} bytes): the update was not applied"
fi
expect '^HIBSEAL: status after secure boot variables: changed since this boot: dbx \(the next boot' \
	"status to name dbx as changed"
expect "^HIBSEAL: status after why: Hibernation would lose the session: the Secure Boot variable\\(s\\) dbx changed since this boot.*cannot open an image sealed now\\.\$" \
	"the verdict: the session would be lost"
expect '^HIBSEAL: status after fix: Reboot first, so that the update takes effect, then hibernate\.$' \
	"the fix: reboot first"
expect '^HIBSEAL: status-exit after rc=1$' "exit status 1"
pcr7_first=$(sed -n 's/^HIBSEAL: status before pcr 7 (sha256): \([0-9A-Fa-f]*\)$/\1/p' "$VM_LOG")
[ -n "$pcr7_first" ] || fail "no PCR 7 from the first boot"

VM_GUEST=sb-update vm_uki hibseal_sb=next
vm_boot next
expect "^HIBSEAL: dbx-size now=$size_after\$" "the update kept by the firmware"
expect '^HIBSEAL: status next secure boot variables: as this boot measured them \(event log\)$' \
	"the variables as this boot measured them"
pcr7_next=$(sed -n 's/^HIBSEAL: status next pcr 7 (sha256): \([0-9A-Fa-f]*\)$/\1/p' "$VM_LOG")
if [ -z "$pcr7_next" ] || [ "$pcr7_next" = "$pcr7_first" ]; then
	fail "PCR 7 did not change with dbx (${pcr7_first:-?} -> ${pcr7_next:-?}): the warning had no cause"
fi
vm_done
