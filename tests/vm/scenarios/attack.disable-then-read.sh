#!/bin/bash
# Root makes sealing give up, then reads kernel memory. In a resumed system (sealing ready, its
# boot secret in memory, and in its free pages whatever the kernel that restored it left) root
# extends the window PCR through /dev/tpmrm0 and asks for a hibernation: the kernel finds the
# PCR changed, wipes its secret and disables sealing until reboot. Lockdown must not give root
# kernel memory reads then: keys leave copies a wipe does not reach (the restoring kernel's
# state in free pages, stacks, freed buffers). Root tries /proc/kcore and a BPF "%s" on the
# kernel banner, then a /proc/kcore scan of all of RAM for the closed window PCR value: each is
# refused (nothing here claims that RAM holds no copy: that is why the reads stay refused).
# Positive control: in a boot without a TPM (no key ever held) the same /proc/kcore and BPF
# reads of the kernel banner work.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.disable-then-read
VM_GUEST=disable-read vm_uki
seal_hibernate
vm_boot resume
expect "$KLINE_VERIFIED" "the image to be verified"
expect "^HIBSEAL: resumed marker=$SEAL_MARKER " "the hibernated system to resume"
expect '^HIBSEAL: attack: extend pcr=14 rc=0x000$' "root to extend the window PCR"
expect 'sealed hibernation unavailable: the TPM was reset: the window PCR is not what the kernel left' \
	"sealing to give up, with its reason"
expect '^HIBSEAL: hibernate-refused error=' "the hibernation refused"
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_the_TPM_was_reset' \
	"sealing unavailable, lockdown still integrity"
expect '^HIBSEAL: memread: kcore refused step=open errno=1 ' "/proc/kcore refused (EPERM)"
expect 'Lockdown: hibseal-memread: /proc/kcore access is restricted while sealed hibernation holds its key' \
	"lockdown's line for /proc/kcore"
expect '^HIBSEAL: memread: bpf refused step=run helper=-1 ' "the BPF %s read refused (EPERM)"
expect_not 'memread: (kcore|bpf) banner match=' "a kernel memory read after sealing gave up"
# The banner read and the scan: both opened /proc/kcore and were refused.
n=$(grep -c '^HIBSEAL: memread: kcore refused step=open errno=1 ' "$VM_LOG" || true)
[ "$n" = 2 ] || fail "/proc/kcore refused $n times, expected 2: the banner read and the RAM scan"
expect_not 'memread: kcore scan' "a RAM scan through /proc/kcore that was not refused at its open"
vm_tpm none
vm_boot control
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_no_TPM_found$' \
	"integrity lockdown, no TPM: no key held in this boot"
expect '^HIBSEAL: memread: kcore banner match=1 ' "/proc/kcore to read the banner (positive control)"
expect '^HIBSEAL: memread: bpf banner match=1 ' "the BPF %s read of the banner (positive control)"
vm_done
