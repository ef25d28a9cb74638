#!/bin/bash
# A TPM reset across suspend to RAM is caught before any task runs. A first S3 cycle: the
# firmware restores the TPM's saved state, the window PCR is what the kernel left, sealing stays
# ready. A second, after hs_tpm_s3_reset.ko voided the saved state: the firmware starts the TPM
# clear (every PCR reset, as after a reset while asleep); the kernel finds the window PCR changed
# before tasks thaw, extends it again, wipes the secret and refuses sealed hibernation. A third
# reset, with sealing already off, is closed again all the same. The system runs on, nothing is
# written, swap stays usable, and the next boot seals again.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

# s3_field WHAT N KEY: KEY=value from the "HIBSEAL: WHAT n=N ..." line (s3-enter, s3-woke).
s3_field() {
	sed -n "s/^HIBSEAL: $1 n=$2 .*\\b$3=\\([^ ]*\\).*/\\1/p" "$VM_LOG" | head -1
}

vm_init fresh.s3-tpm-reset
# OVMF rebuilds its page tables at 8 MiB on every S3 wake-up, memory its e820 map gives the OS
# (docs/testing.md, traps): keep the guest kernel off it.
VM_INITRD=$LOCKDOWN_INITRD VM_GUEST=s3-reset vm_uki "memmap=64K\$0x800000"
VM_WAKE=1 vm_boot s3
zero=$(printf '0%.0s' $(seq 64))
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready"
expect 'PM: suspend entry \(deep\)' "suspend to RAM (S3)"
expect '^HIBSEAL: s3-woke n=1 rc=0 seal=ready ' "the first wake-up, sealing still ready"
expect 'hibseal: boot window still closed after suspend' "the window checked on the first wake-up"
# pcr_of WHAT N NAME: the PCR value from the guest's line (checked below to be 64 hex digits).
pcr_of() {
	s3_field "$1" "$2" "$3"
}
# Every value compared below must be there: an empty or "absent" pair would compare equal.
for what in s3-enter s3-woke; do
	for n in 1 2 3; do
		for pcr in pcr0 pcr14; do
			[[ $(pcr_of $what $n $pcr) =~ ^[0-9A-Fa-f]{64}$ ]] ||
				fail "no $pcr value in the $what n=$n line ('$(pcr_of $what $n $pcr)')"
		done
		[[ $(s3_field $what $n busybox) =~ ^[0-9a-f]{32}$ ]] ||
			fail "no busybox sum in the $what n=$n line"
	done
done
[ "$(pcr_of s3-enter 1 pcr14)" = "$(pcr_of s3-woke 1 pcr14)" ] ||
	fail "the window PCR changed across a plain S3 cycle"
[ "$(pcr_of s3-enter 1 pcr0)" = "$(pcr_of s3-woke 1 pcr0)" ] ||
	fail "PCR 0 changed across a plain S3 cycle: the firmware did not restore the TPM's state"
expect '^HIBSEAL: reset-module=loaded$' "the signed test module to load"
expect "PCR 15 extended after the TPM's suspend \\(rc 0\\)" "the TPM's saved state voided"
expect 'sealed hibernation unavailable: the TPM was reset: the window PCR is not what the kernel left' \
	"the reset detected, with its reason"
expect '^HIBSEAL: s3-woke n=2 rc=0 seal=unavailable:_the_TPM_was_reset' "sealing unavailable after the reset"
pcr0_before=$(pcr_of s3-enter 2 pcr0) pcr0_after=$(pcr_of s3-woke 2 pcr0)
pcr14_before=$(pcr_of s3-enter 2 pcr14) pcr14_after=$(pcr_of s3-woke 2 pcr14)
diag "PCR 0 $pcr0_before -> $pcr0_after; PCR 14 $pcr14_before -> $pcr14_after"
if [ -z "$pcr0_after" ] || [ "$pcr0_before" = "$pcr0_after" ]; then
	fail "PCR 0 unchanged by the second S3: the TPM was not reset"
fi
# The reset left PCR 14 at zero, its window value; the kernel's one extension closes it again,
# to the value the boot's closing gave it.
if [ -z "$pcr14_after" ] || [ "$pcr14_after" = "$zero" ] || [ "$pcr14_after" != "$pcr14_before" ]; then
	fail "the window PCR is not closed again after the reset ($pcr14_after)"
fi
for n in 1 2 3; do
	[ "$(s3_field s3-enter $n busybox)" = "$(s3_field s3-woke $n busybox)" ] ||
		fail "memory changed across S3 cycle $n (the page cache's /bin/busybox)"
done
# A third reset, with sealing already off: the window PCR is closed again all the same.
expect '^HIBSEAL: s3-woke n=3 rc=0 seal=unavailable:_the_TPM_was_reset' "the third wake-up"
[ "$(pcr_of s3-woke 3 pcr14)" = "$pcr14_before" ] ||
	fail "the window PCR is not closed again after the second reset"
# (PCR 0 comes back from each reset with the same value, so the kernel's lines tell them apart.)
n=$(grep -c 'after suspend the window PCR is not what the kernel left (a TPM reset): extended again' "$VM_LOG" || true)
[ "$n" = 2 ] || fail "the kernel logged $n window re-extensions after suspend, expected 2"
n=$(grep -c 'hibseal: boot window still closed after suspend' "$VM_LOG" || true)
[ "$n" = 1 ] || fail "the kernel found the window closed after $n suspends, expected 1"
# Before any task ran: the reset's line comes before the tasks of the second wake-up restart.
expect_before_thaw 'the TPM was reset: the window PCR' '^HIBSEAL: s3-enter n=2' "the reset caught"
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_the_TPM_was_reset' \
	"hibernation no longer offered"
expect '^HIBSEAL: hibernate-refused error=' "the hibernation refused"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2 ' "nothing written to swap"
expect_not 'PM: hibernation: Wrote|PM: Compressing' "an image written"
expect '^HIBSEAL-DONE rc=' "the system to keep running"
vm_boot next
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready again after a reboot"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature untouched"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
vm_done
