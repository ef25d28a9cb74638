#!/bin/bash
# Root carries a hibernation image into a kernel that lets it read memory. With sealing ready,
# root makes a sealed snapshot through /dev/snapshot (SNAPSHOT_SEAL, SNAPSHOT_FREEZE,
# SNAPSHOT_CREATE_IMAGE): its pages are a copy of all of memory, hibseal's state with the boot
# secret included. Root reads none of it and asks for a kexec of the signed kernel while the
# snapshot is in memory: the reboot notifier wipes the live keys, but not that copy, and a
# kernel started by kexec lets root read /proc/kcore under integrity lockdown. The kexec must
# be refused while the snapshot exists. Root then frees it (never having read a byte, so no
# image key was ever derived), closes /dev/snapshot and kexecs: the freed snapshot pages must
# have been wiped too. The kexec'd kernel scans RAM for the window PCR's closed value, which
# sits right before the boot secret in hibseal's state: every match must be followed by zeros.
# Positive controls: that scan reaches the first kernel's hibseal state, and a scan of the same
# RAM finds a line the first kernel planted in a file.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
vm_init attack.kexec-snapshot
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=kexec-snapshot vm_uki
vm_boot kexec
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' \
	"the first kernel locked down, sealing ready"
expect '^LDM-KEXEC: load=ok$' "the signed kernel loaded for kexec"
expect '^HIBSEAL: uswsusp-attack how=kexec snapshot made' "root to make a sealed snapshot"
expect 'hibseal: kexec refused: a hibernation image may be in memory \(/dev/snapshot is open\)' \
	"the kernel's reason for refusing the kexec"
expect '^HIBSEAL: uswsusp-attack how=kexec seal=ok freeze=ok create=ok in-suspend=1 kexec=EBUSY$' \
	"the kexec refused while the snapshot was in memory"
expect 'kexec_core: Starting new kernel' "root to kexec once /dev/snapshot was closed"
child=$(sed -n '/kexec_core: Starting new kernel/,$p' "$VM_LOG")
grep -q '^HIBSEAL: kexec-child$' <<<"$child" || fail "the kexec'd kernel did not run its script"
expect_no_secret_in_ram "$child"
vm_done
