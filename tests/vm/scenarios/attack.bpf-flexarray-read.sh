#!/bin/bash
# Root reads kernel memory through a BTF pointer past the end of a structure. A socket filter
# (any program type of a CAP_PERFMON caller, not only tracing programs) takes
# bpf_get_current_task_btf()->cred->group_info: struct group_info ends in a flexible array,
# gid[], and the verifier lets a program load any of its elements at a constant offset, so a
# load at offset N reads whatever lies N bytes after the structure. For init (and every task
# that never called setgroups()) it is init_groups, a global: the closed window PCR and the
# boot secret lie at a fixed distance from it (System.map and pahole, as root works them out).
# Under Secure Boot's integrity lockdown with sealing ready the program must be refused at
# load with lockdown's line (patch 0007: a load past the end of a structure asks lockdown in
# every program type), and whatever was read is tried as the key of the image the boot then
# writes. Positive control: in a boot without Secure Boot and lockdown the same program loads,
# and what it reads at the closed window PCR's place equals PCR 14 as the TPM reports it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.bpf-flexarray-read
layout=$(python3 "$top/tests/vm/tools/kernel-layout.py" "$(dirname "$VM_DEFAULT_KERNEL")/linux" \
	:task_struct.cred :cred.group_info init_groups hibseal:hibseal_state.closed \
	hibseal:hibseal_state.secret) || fail "no layout from the kernel's System.map and debug info"
read -r cred groups init_groups closed secret <<<"$(echo "$layout" | paste -sd' ')"
at=$cred,$groups,$((closed - init_groups)),$((secret - init_groups))
diag "task_struct.cred at $cred, cred.group_info at $groups; the closed PCR and the secret $((closed - init_groups)) and $((secret - init_groups)) bytes after init_groups"
VM_GUEST=flex-read vm_uki "hibseal_vm.at=$at"
vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"integrity lockdown with sealing ready"
expect '^HIBSEAL: flex secret refused step=load errno=1 .*reading_kernel_memory_is_locked_down' \
	"the program to be refused at load (EPERM) by the verifier's lockdown check"
expect 'Lockdown: hibseal-memread: use of bpf to read kernel RAM is restricted while sealed hibernation holds its key' \
	"lockdown's line for the refused read"
expect_not '^HIBSEAL: flex (closed|secret) hex=' "a read past the end of group_info while a key is held"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
leaked_key "$(grep -a -m1 '^HIBSEAL: flex secret hex=' "$VM_LOG" | sed 's/.*hex=//' | cut -c1-64)"
swapimg hide
vm_secureboot off
vm_boot control
expect '^HIBSEAL: lockdown=none secureboot=0 ' "no Secure Boot, no lockdown"
pcr=$(guest_value pcr14-now)
[ "${#pcr}" = 64 ] || fail "no PCR 14 from the TPM ('$pcr')"
got=$(grep -a -m1 '^HIBSEAL: flex closed hex=' "$VM_LOG" | sed 's/.*hex=//')
[ "$got" = "$pcr" ] ||
	fail "the program's read at hibseal.closed ('$got') is not PCR 14 ($pcr): it did not load, or the layout is wrong"
vm_done
