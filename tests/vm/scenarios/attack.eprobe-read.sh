#!/bin/bash
# Root reads the boot secret with an event probe. Under Secure Boot's integrity lockdown with
# sealing ready, root mounts tracefs and defines an event probe ("e:" in dynamic_events) on
# sched.sched_process_fork whose fetch arguments read kernel memory at @_text+N: eight bytes of
# linux_banner (a known value), the 32 bytes of the closed window PCR and the 32 of the boot
# secret, where the kernel's System.map and debug info (pahole on vmlinux) place them, as
# root works out from a distribution's debug package. Then the boot hibernates, and whatever
# was read is tried as the image's key on the host (hibseal verify --key): a secret that
# verifies it would let root forge an image the next boot restores. From the boot's first key
# on, every reason above integrity is refused under integrity too, tracefs included: the probe
# cannot be defined. Positive control: the same probe, defined the same way in a boot without
# Secure Boot and without lockdown, where tracefs is open: it reads the banner, and the closed
# value it reads equals PCR 14 as the TPM reports it, so the place is the right one.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.eprobe-read
at=$(python3 "$top/tests/vm/tools/kernel-layout.py" "$(dirname "$VM_DEFAULT_KERNEL")/linux" \
	linux_banner hibseal:hibseal_state.closed hibseal:hibseal_state.secret | paste -sd,) ||
	fail "no layout from the kernel's System.map and debug info"
diag "read at _text + $at (linux_banner, hibseal.closed, hibseal.secret)"
VM_GUEST=eprobe vm_uki hibseal_vm.eprobe=read "hibseal_vm.at=$at"
eprobe_attack
grep -aq '^HIBSEAL: eprobe definition=e:hsattack/leak_sched.sched_process_fork_b0=@_text+' "$W/hibernate.log" ||
	fail "root's event probe did not read at @_text+N"
[ "$(eprobe_read b 1)" = "$(printf 'Linux ve' | od -An -tx1 | tr -d ' \n')" ] ||
	fail "the probe did not read linux_banner's first bytes: $(grep -a -m1 '^HIBSEAL: eprobe' "$VM_LOG")"
closed=$(guest_value pcr14-now)
[ "${#closed}" = 64 ] || fail "no PCR 14 from the TPM ('$closed')"
[ "$(eprobe_read c)" = "$closed" ] ||
	fail "the probe's read at hibseal.closed ($(eprobe_read c)) is not PCR 14 ($closed): the layout is wrong"
vm_done
