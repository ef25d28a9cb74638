#!/bin/bash
# Root reads kernel memory with bpf_snprintf("%s"), which 6.1 gives any program of a
# CAP_PERFMON caller and which asks nobody before it copies a kernel string. Under integrity
# lockdown with sealing ready, root's socket filter reads the kernel banner (a known value),
# then scans the memory at the symbol hibseal for the window PCR's closed value and reads the 32
# bytes after it, the boot secret; then the boot hibernates. Whatever was read is tried as the
# key of the image on the swap disk (hibseal verify --key): a secret that verifies it would
# let root forge an image the next boot restores. The kernel must refuse every such read for
# the whole boot. Positive control: the same program reads the banner in a boot with no TPM,
# where no key was ever held.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.bpf-printk-read
VM_GUEST=bpf-read vm_uki
vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"integrity lockdown with sealing ready"
expect '^HIBSEAL: memread: bpf refused step=run helper=-1 ' \
	"root's program to load and run, and its %s read of kernel memory to fail with EPERM"
expect 'Lockdown: hibseal-memread: use of bpf to read kernel RAM is restricted' \
	"lockdown's line for the refused read"
expect_not 'memread: bpf banner match=' "the banner read through %s"
expect_not 'memread: bpf (find hibseal=|after )' "any byte of hibseal's state read through %s"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
# What root's bytes would open: tried as the image's key, on the host.
leaked_key "$(grep -ao 'memread: bpf after hex=[0-9a-f]*' "$VM_LOG" | head -n 1 | cut -d= -f2)"
swapimg hide
vm_tpm none
vm_boot control
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_no_TPM_found$' \
	"integrity lockdown, no TPM: no key held in this boot"
expect '^HIBSEAL: memread: bpf banner match=1 ' \
	"the same %s read of the kernel banner to work where no key was held (positive control)"
vm_done
