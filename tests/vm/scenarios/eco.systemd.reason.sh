#!/bin/bash
# With sealing unavailable (Secure Boot lockdown, no TPM), hibernation is not offered and
# `systemctl hibernate` fails, and the reason is given once: the sysfs status and one kernel
# line in the journal say "no TPM found"; the lockdown LSM's line appears once, not on every one
# of the desktop's polls of /sys/power/state or logind's CanHibernate.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.systemd.reason
debian_init
debian_esp reason
vm_tpm none
vm_boot no-tpm 'HIBSEAL-DONE'
expect '^HIBSEAL: boot mode=reason lockdown=integrity state=\[[^]]*\] seal=unavailable: no TPM found ' \
	"lockdown on, sealing unavailable for want of a TPM"
expect_not '^HIBSEAL: boot mode=reason .*state=\[[^]]*disk' "'disk' offered in /sys/power/state"
expect '^HIBSEAL: can-hibernate=na$' "logind to say hibernation is not available"
expect '^HIBSEAL: systemctl-hibernate rc=1 msg=.*not supported' "systemctl hibernate to fail"
expect '^HIBSEAL: sysfs=unavailable: no TPM found$' "the sysfs status's reason"
expect '^HIBSEAL: journal: hibseal: sealed hibernation unavailable: no TPM found$' \
	"the kernel's reason in the journal"
expect '^HIBSEAL: journal-reasons=1 journal-lockdown=1$' \
	"the reason and the lockdown line once each in the journal, after 20 polls and more"
expect '^HIBSEAL: status: .*sealed hibernation is unavailable: no TPM found' \
	"hibseal status to give the same reason"
n=$(grep -v '^HIBSEAL' "$VM_LOG" | grep -c 'hibernation is restricted' || true)
[ "$n" = 1 ] || fail "expected one lockdown line on the console, saw $n"
# initramfs-tools asks the kernel to resume only from a device that holds an image.
expect '^HIBSEAL: last-resume status=not checked sysfs=not checked$' \
	"hibseal status and the kernel to say no resume was tried"
expect_not 'PM: hibernation: hibernation entry' "a hibernation attempt"
expect '^HIBSEAL-DONE rc=0$' "the test service to finish"
vm_done
