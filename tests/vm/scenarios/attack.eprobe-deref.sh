#!/bin/bash
# Root reads the boot secret through a deref chain of an event probe, starting at a global
# pointer: the address hibseal's own lock keeps in its wait list (the list head's own address
# while nobody waits), and from there the closed window PCR and the boot secret at their
# distance from it, taken from the kernel's debug info (pahole on vmlinux); and, as a known
# value, the string saved_command_line points to. Under Secure Boot's integrity lockdown with
# sealing ready, the definition must be refused as in attack.eprobe-read (the whole of tracefs
# is, from the boot's first key on), and whatever was read is tried as the key of the image the
# boot then writes. Positive control: in a boot without Secure Boot and lockdown the same
# chain reads the kernel's command line as /proc/cmdline shows it, and the closed value equals
# PCR 14 as the TPM reports it.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.eprobe-deref
layout=$(python3 "$top/tests/vm/tools/kernel-layout.py" "$(dirname "$VM_DEFAULT_KERNEL")/linux" \
	saved_command_line hibseal:hibseal_state.lock.wait_list hibseal:hibseal_state.closed \
	hibseal:hibseal_state.secret) || fail "no layout from the kernel's System.map and debug info"
read -r cmdline list closed secret <<<"$(echo "$layout" | paste -sd' ')"
at=$cmdline,$list,$((closed - list)),$((secret - list))
diag "saved_command_line at _text + $cmdline; hibseal's lock wait list at _text + $list, the closed PCR and the secret $((closed - list)) and $((secret - list)) bytes from the address it holds"
VM_GUEST=eprobe vm_uki hibseal_vm.eprobe=deref "hibseal_vm.at=$at"
eprobe_attack
grep -aq '^HIBSEAL: eprobe definition=e:hsattack/leak_sched.sched_process_fork_cmd=+0(@_text+' "$W/hibernate.log" ||
	fail "root's event probe had no deref chain from @_text+N"
want=$(guest_value cmdline | tr '_' ' ')
got=$(grep -a -m1 '^HIBSEAL: eprobe fetched ' "$VM_LOG" | sed -n 's/.* cmd="\([^"]*\)".*/\1/p' | tr '_' ' ')
[ -n "$want" ] || fail "the guest reported no command line"
[ "$got" = "$want" ] ||
	fail "the chain through saved_command_line read '$got', not the command line '$want'"
pcr=$(guest_value pcr14-now)
[ "${#pcr}" = 64 ] || fail "no PCR 14 from the TPM ('$pcr')"
[ "$(eprobe_read c)" = "$pcr" ] ||
	fail "the chain's read of hibseal.closed ($(eprobe_read c)) is not PCR 14 ($pcr): the layout is wrong"
vm_done
