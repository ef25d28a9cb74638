#!/bin/bash
# `hibseal status` explains whether hibernation is available, and why, in three machines:
# Secure Boot on with a TPM (available, sealed), Secure Boot on without a TPM (not available:
# lockdown forbids unsealed images and sealing is unavailable, with the kernel's reason), and
# Secure Boot off (available, unsealed: lockdown is off). Each time it also reports lockdown,
# Secure Boot, the TPM (its maker and PCRs asked through tpm2-tss, compared with the kernel's
# sysfs) and the PCRs the kernel binds (its /sys/power/hibernate_seal_pcrs, the list its boot
# window logged), the swap area and the resume device as the kernel has them.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

# A TPM with all four of swtpm's PCR banks: hibseal status reads a firmware event log with
# four digests per event (the other scenarios' TPMs have SHA-256 only).
VM_TPM_BANKS=all
vm_init uswsusp.status
VM_GUEST=status vm_uki
vm_boot sealed
expect '^HIBSEAL: status lockdown: integrity$' "lockdown integrity"
expect '^HIBSEAL: status secure boot: on$' "Secure Boot on"
expect '^HIBSEAL: status tpm: present, TPM 2.0$' "the TPM"
expect '^HIBSEAL: status tpm \(tpm2-tss, device:/dev/tpmrm0\): manufacturer IBM, firmware [0-9]+\.[0-9]+$' \
	"the TPM's maker, asked through tpm2-tss (swtpm: IBM)"
bound=$(sed -n 's/.*hibseal: boot window open: PCRs \([0-9,-]*\) read.*/\1/p' "$VM_LOG" | head -n 1)
[ -n "$bound" ] || fail "no PCR list in the boot window's line"
expect "^HIBSEAL: status pcrs bound: $bound \\(sha256; the kernel's /sys/power/hibernate_seal_pcrs\\)\$" \
	"the PCRs the kernel binds, the boot window's list ($bound)"
expect '^HIBSEAL: status pcr 7 \(sha256\): [0-9A-Fa-f]{64}$' "PCR 7's value"
expect '^HIBSEAL: status pcr 8 \(sha256\): [0-9A-Fa-f]{64}$' "PCR 8's, bound and shown"
expect_not '^HIBSEAL: status pcr (0|2) ' "a PCR the kernel does not bind"
expect "^HIBSEAL: status pcr source: the TPM through tpm2-tss; the kernel's sysfs agrees\$" \
	"the PCRs read from the TPM, the same as the kernel's"
expect_not '^HIBSEAL: status pcr 7 \(sha256\): 0{64}$' "PCR 7 unmeasured"
expect '^HIBSEAL: status swap: /dev/vdb \(partition, [0-9]+ KiB, [0-9]+ KiB used\)$' "the swap area"
expect '^HIBSEAL: status resume device: /dev/vdb \(254:16\), offset 0$' "the resume device, by name"
expect '^HIBSEAL: status memory to save: [1-9][0-9]* KiB \(Active\(anon\)\); swap free for it: [1-9][0-9]* KiB$' \
	"the memory an image must hold against the free swap"
expect '^HIBSEAL: status last resume: no image$' "the last resume: no image on this first boot"
expect '^HIBSEAL: status hibernation: available$' "hibernation available"
expect '^HIBSEAL: status why: Hibernation is available, sealed: lockdown \(integrity\) is on' \
	"the reason: sealed under lockdown"
expect '^HIBSEAL: status-exit rc=0$' "exit status 0"

vm_tpm none
vm_boot no-tpm
expect '^HIBSEAL: status tpm: none$' "no TPM"
expect '^HIBSEAL: status sealed hibernation: unavailable: no TPM found$' "the kernel's reason"
expect '^HIBSEAL: status hibernation: not available$' "hibernation not available"
expect '^HIBSEAL: status why: Hibernation is not available: lockdown \(integrity\) forbids unsealed images and sealed hibernation is unavailable: no TPM found\.$' \
	"the reason: lockdown without sealing"
expect '^HIBSEAL: status fix: Turn the TPM on in the firmware setup' "the fix for it"
expect '^HIBSEAL: status-exit rc=1$' "exit status 1"

vm_tpm swtpm
vm_secureboot off
vm_boot unlocked
expect '^HIBSEAL: status lockdown: none$' "lockdown none"
expect '^HIBSEAL: status secure boot: off$' "Secure Boot off"
expect '^HIBSEAL: status hibernation: available$' "hibernation available"
expect '^HIBSEAL: status why: Hibernation is available, unsealed: lockdown is off' \
	"the reason: no lockdown, no sealing"
expect '^HIBSEAL: status-exit rc=0$' "exit status 0"
vm_done
