#!/bin/bash
# Root reads the image keys with a tracing program. Under Secure Boot lockdown with sealing
# ready, root loads a BPF fexit program on hibseal_derive_keys() whose BTF-typed loads copy
# the struct hibseal_keys its last argument points to, and would hibernate (test_resume) to
# make it run: the verifier refuses the program (EPERM, lockdown's reason, patch 0007), so
# nothing is attached and nothing read. Without a TPM no key is ever held, and the same program
# loads and attaches (the positive control: the kernel has the BTF, the program is valid, only
# lockdown's answer differs).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.btf-read
VM_GUEST=btf-read vm_uki
vm_boot sealing
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' "sealing ready"
expect '^HIBSEAL: memread: fexit refused step=load func=hibseal_derive_keys btf_id=[0-9]+ errno=1 \(Operation not permitted\) log=R6_is_ptr_hibseal_keys:_reading_kernel_memory_is_locked_down$' \
	"the verifier to refuse the BTF-typed read of the keys"
expect 'use of bpf to read kernel RAM' "lockdown's line"
expect_not 'memread: fexit (attached|read)' "a program attached or anything read"
expect_not 'PM: hibernation: Wrote' "an image written"
expect '^HIBSEAL: btf-read-done$' "the guest to finish"

vm_tpm none
vm_boot no-tpm
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_no_TPM_found$' \
	"a boot without a TPM"
expect '^HIBSEAL: memread: fexit attached func=hibseal_derive_keys btf_id=[0-9]+ arg=3$' \
	"the same program to load and attach where no key is held"
vm_done
