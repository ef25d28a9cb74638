# shellcheck shell=dash disable=SC1091
# Shared by the hibernation scenarios. hibernate_cycle DEV: on the first boot (no swap signature
# on DEV), make swap, keep a marker in memory, and write `disk` to /sys/power/state. If the
# machine resumes, the write returns 0 in the restored memory and the script goes on from there.
# On a later boot that did not resume, report the signature that was left and whether swap works.
. /scenarios/common.sh

hibernate_cycle() {
	local dev=$1 sig marker

	report_platform
	sig=$(swap_signature "$dev")
	if [ "$sig" != none ]; then
		say "fresh-boot swap-signature=$sig"
		if swapon "$dev"; then say "swapon=ok"; else say "swapon=failed"; fi
		return 1
	fi
	if ! mkswap "$dev" >/dev/null || ! swapon "$dev"; then
		say "error: cannot enable swap on $dev"
		return 1
	fi
	marker=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
	echo "$marker" >/tmp/marker
	boot_id=$(cat /proc/sys/kernel/random/boot_id)
	say "hibernating marker=$marker boot_id=$boot_id"
	# hibseal_vm.pause=N: give the host N seconds to act (say, stop the TPM) first.
	# hibseal_vm.fill=N: N MiB of random data in the ramfs, so the image cannot compress it.
	case " $(cat /proc/cmdline) " in
	*" hibseal_vm.fill="*)
		fill=$(sed 's/.*hibseal_vm.fill=\([0-9]*\).*/\1/' /proc/cmdline)
		dd if=/dev/urandom of=/tmp/fill bs=1M count="$fill" 2>/dev/null
		say "filled mib=$(($(stat -c %s /tmp/fill) >> 20)) md5=$(md5sum </tmp/fill | cut -c1-32)"
		;;
	esac
	case " $(cat /proc/cmdline) " in
	*" hibseal_vm.pause="*)
		pause=$(sed 's/.*hibseal_vm.pause=\([0-9]*\).*/\1/' /proc/cmdline)
		say "pcr14-now=$(tpm2-pcrread /dev/tpmrm0 2>/dev/null | sed -n 's/^pcr-sha256\[14\]=//p')"
		say "pausing ${pause}s"
		sleep "$pause"
		;;
	esac
	if ! echo disk 2>/tmp/err >/sys/power/state; then
		say "hibernate-refused error=$(tr '\n' ' ' </tmp/err)"
		say "after-refusal swap-signature=$(swap_signature "$dev") state=[$(disk_state)]"
		return 2
	fi
	say "resumed marker=$marker file-marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id) swap-signature=$(swap_signature "$dev")"
	say "resume-outcome=$(cat /sys/power/hibernate_seal_resume 2>/dev/null || echo absent)"
	[ ! -f /tmp/fill ] || say "fill-after-resume md5=$(md5sum </tmp/fill | cut -c1-32)"
	return 0
}
