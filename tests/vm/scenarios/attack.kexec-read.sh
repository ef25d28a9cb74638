#!/bin/bash
# Root carries the machine's RAM into a kernel that lets it read memory. With sealing ready
# (its boot secret in memory), root kexecs the signed kernel, which Secure Boot lockdown
# allows. That kernel was started by kexec, so it does not seal, holds no key, and integrity
# lockdown lets root read /proc/kcore there: root scans all of RAM for the window PCR's closed
# value, which sits right before the boot secret in hibseal's state, and takes the 32 bytes
# after each match. The first kernel must have wiped its keys before the jump (its reboot
# notifier). Before the jump the first kernel wrote an image in mode test_resume and ran on:
# the snapshot's pages and the writer's buffers, copies of memory with hibseal's state in them,
# were freed, and must have been cleared (every match of hibseal's state in RAM, 32 zero bytes then the
# closed value, must be followed by zeros). Positive control: the scan finds the closed value,
# so it does read the first kernel's state (and, before the fixes, found the secret there and in
# the freed copies: nonzero bytes).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

[ -s "$LOCKDOWN_INITRD" ] || { diag "no $LOCKDOWN_INITRD: run 'make lockdown'"; exit 1; }
vm_init attack.kexec-read
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=kexec-read vm_uki
vm_boot kexec
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' \
	"the first kernel locked down, sealing ready"
expect '^HIBSEAL: test-resume rc=1 seal=ready$' "an image written in mode test_resume, the boot running on"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "... that image written"
expect 'kexec_core: Starting new kernel' "root to kexec the signed kernel"
child=$(sed -n '/kexec_core: Starting new kernel/,$p' "$VM_LOG")
grep -q '^HIBSEAL: kexec-child$' <<<"$child" || fail "the kexec'd kernel did not run its script"
grep -q "sealed hibernation unavailable: started by kexec" <<<"$child" ||
	fail "the kexec'd kernel did not refuse to seal"
# The first kernel's value, from its part of the log (guest_value would take the child's own).
closed=$(sed '/kexec_core: Starting new kernel/q' "$VM_LOG" | grep -a '^HIBSEAL: pcr14-now=' |
	tail -n 1 | cut -d= -f2)
[[ "$closed" =~ ^[0-9a-f]{64}$ ]] || fail "the first kernel reported no PCR 14 ('$closed')"
grep -q "^HIBSEAL: pcr14-now=$closed\$" <<<"$child" ||
	fail "the kexec'd kernel does not see the first kernel's closed window PCR value"
# Where the first kernel's hibseal state was: its "Kernel data" in /proc/iomem (root reads it)
# plus the offset of hibseal in System.map, as an attacker computes it.
map=$B/linux/System.map
data=$(guest_value kernel-data | sed -n 's/^\([0-9a-f]*\)-[0-9a-f]*:Kerneldata.*/\1/p')
hs_off=$(( 0x$(awk '$3 == "hibseal" { print $1; exit }' "$map") - 0x$(awk '$3 == "_sdata" { print $1 }' "$map") ))
hs=$(( 0x$data + hs_off ))
found=''
while read -r paddr after zero; do
	if [ $((paddr)) -ge $hs ] && [ $((paddr)) -lt $((hs + 1024)) ]; then
		found=$zero
		diag "hibseal's closed window PCR value at 0x$(printf %x $((paddr))), then $after"
	else
		diag "also in RAM (not hibseal's state): $paddr $after"
	fi
done < <(sed -n 's/^HIBSEAL: memread: kcore scan match paddr=\(0x[0-9a-f]*\) after hex=\([0-9a-f]*\) \(zero=[01]\)$/\1 \2 \3/p' <<<"$child")
[ -n "$found" ] || fail "root's scan of RAM did not reach the first kernel's hibseal state (hs at 0x$(printf %x $hs))"
[ "$found" != zero=0 ] || fail "the first kernel's boot secret is in RAM after kexec (nonzero bytes after the closed value)"
copies=$(grep -c '^HIBSEAL: memread: kcore scan match .* zero=0$' <<<"$child" || true)
[ "$copies" = 0 ] || fail "$copies copies of hibseal's state with a secret in them are in RAM after kexec"
vm_done
