# shellcheck shell=dash disable=SC1091
# fresh.hybrid-sleep and fresh.test-resume: a sealed image written by a boot that then runs on.
# hibseal_vm.mode=MODE is the hibernation mode (/sys/power/disk: suspend, test_resume) of the
# first hibernation; hibseal_vm.then= says what the boot does once it runs again:
#   replay  root writes the image's swap signature back (S1SUSPEND, as the kernel wrote it) and
#           the machine goes down, so the next boot finds that image
#   again   hibernate once more, in mode shutdown, from this same boot; its resume continues here
# With hibseal_vm.attack=hierarchy-off root first disables the TPM's owner hierarchy (its NV
# indices, hibseal's counters among them, are hidden until the next TPM2_Startup(CLEAR)).
# A boot that finds an image it does not resume reports it as hibernate_cycle does. (Sourced by
# /init: return, never exit.)
. /scenarios/common.sh

mode=$(sed -n 's/.*hibseal_vm.mode=\([a-z_]*\).*/\1/p' /proc/cmdline)
then=$(sed -n 's/.*hibseal_vm.then=\([a-z]*\).*/\1/p' /proc/cmdline)

report_platform
sig=$(swap_signature /dev/vdb)
if [ "$sig" != none ]; then
	say "fresh-boot swap-signature=$sig"
	if swapon /dev/vdb; then say "swapon=ok"; else say "swapon=failed"; fi
	return 1
fi
if ! mkswap /dev/vdb >/dev/null || ! swapon /dev/vdb; then
	say "error: cannot enable swap on /dev/vdb"
	return 1
fi
marker=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
echo "$marker" >/tmp/marker
boot_id=$(cat /proc/sys/kernel/random/boot_id)
if ! echo "$mode" 2>/tmp/err >/sys/power/disk; then
	say "disk-mode-refused mode=$mode error=$(tr '\n' ' ' </tmp/err)"
	return 2
fi
say "disk-mode $(cat /sys/power/disk)"
if grep -q 'hibseal_vm.attack=hierarchy-off' /proc/cmdline; then
	hibseal-attack hierarchy-off 2>&1 | sed 's/^/HIBSEAL: /'
fi
say "hibernating marker=$marker boot_id=$boot_id"
if echo disk 2>/tmp/err >/sys/power/state; then rc=0; else rc=1; fi
# Here in the same boot: woken from RAM (suspend), or test_resume's read-back done. The kernel
# wrote the swap header past the page cache: drop it, to read what the device holds.
echo 3 >/proc/sys/vm/drop_caches
say "ran-on rc=$rc error=$(tr '\n' ' ' </tmp/err | tr ' ' '_') marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id) seal=$(seal_status) swap-signature=$(swap_signature /dev/vdb)"
case "$then" in
replay)
	# Root puts the signature back (the image behind it is still on the device), swap turned off
	# first: the kernel refuses writes to an active swap device. swapoff returns only once the
	# image's swap slots are free again.
	if [ "$(swap_signature /dev/vdb)" != S1SUSPEND ]; then
		swapoff /dev/vdb || say "swapoff-failed"
		printf 'S1SUSPEND\000' | dd of=/dev/vdb bs=1 seek=4086 conv=notrunc 2>/tmp/err ||
			say "signature-write-failed error=$(tr '\n' ' ' </tmp/err)"
		sync
		echo 3 >/proc/sys/vm/drop_caches
	fi
	say "signature-written swap-signature=$(swap_signature /dev/vdb)"
	;;
again)
	echo shutdown >/sys/power/disk
	marker=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
	echo "$marker" >/tmp/marker
	say "hibernating-again marker=$marker"
	if ! echo disk 2>/tmp/err >/sys/power/state; then
		say "hibernate-again-refused error=$(tr '\n' ' ' </tmp/err)"
		return 2
	fi
	say "resumed-again marker=$marker file-marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id) swap-signature=$(swap_signature /dev/vdb)"
	;;
esac
return 0
