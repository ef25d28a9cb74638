# shellcheck shell=dash disable=SC1091
# The sealed uswsusp scenarios (hibseal suspend and resume over /dev/snapshot). hibseal_vm.uswsusp=MODE
# on the kernel command line says what a boot with an image on /dev/vdb does with it:
#   resume    run `hibseal resume` (the device from /etc/uswsusp.conf)
#   attack    first write modified streams back (uswsusp-attack reorder, then modify), then
#             run the genuine `hibseal resume`
#   initramfs nothing here: /init ran `hibseal resume` itself, before any scenario (see /init)
#   renewal   write the stored stream back unchanged (the kernel verifies it) and close
#             /dev/snapshot without a restore (uswsusp-attack abandon); then plant, as the next
#             boot's EFI copy of the key blob, the renewed blob the kernel left in efivarfs if
#             there is one, or else the image header's own blob (attack.renewal-loop)
# A boot with no image makes swap, keeps a marker in memory and runs hibseal suspend; if it returns
# 0 the machine resumed and the script goes on from there (with hibseal_vm.again=1, to a second
# hibseal suspend from the resumed system). (Sourced by /init: return, never
# exit.)
. /scenarios/common.sh

uswsusp_mode=$(sed -n 's/.*hibseal_vm.uswsusp=\([a-z]*\).*/\1/p' /proc/cmdline)
# hibseal_vm.swapfile=N: /dev/vdb holds an ext4 file system (made on the host) whose /swapfile
# starts at page N; hibseal suspend and resume use it through the configuration's resume offset.
swapfile=$(sed -n 's/.*hibseal_vm.swapfile=\([0-9]*\).*/\1/p' /proc/cmdline)
mkdir -p /etc
printf '# hibseal test VM\nresume device = /dev/vdb\nresume offset = %s\n' "${swapfile:-0}" \
	>/etc/uswsusp.conf

# bootnext: the firmware's BootNext (the one-shot boot option hibseal suspend pins), or absent.
# (After a resume efivarfs may still list a BootNext the firmware has deleted: it reads empty.)
bootnext() {
	local v
	v=$(od -An -tx1 -j4 /sys/firmware/efi/efivars/BootNext-8be4df61-93ca-11d2-aa0d-00e098032b8c \
		2>/dev/null | tr -d ' \n')
	echo "${v:-absent}"
}

# swap_on: turn on the swap area (the file, mounting its file system first, or the device).
swap_on() {
	if [ -n "$swapfile" ]; then
		mkdir -p /mnt && { grep -q ' /mnt ' /proc/mounts || mount -t ext4 /dev/vdb /mnt; } &&
			swapon /mnt/swapfile
	else
		swapon /dev/vdb
	fi
}

# area_signature: the swap signature of the area (in the file: at its first page).
area_signature() {
	local m
	[ -n "$swapfile" ] || { swap_signature /dev/vdb; return; }
	m=$(dd if=/dev/vdb bs=1 skip=$((swapfile * 4096 + 4086)) count=10 2>/dev/null | tr -dc 'A-Z0-9')
	echo "${m:-none}"
}

report_platform
sig=$(area_signature)
# The host made the swap file with mkswap: there, a plain swap signature means no image.
[ -z "$swapfile" ] || [ "$sig" != SWAPSPACE2 ] || sig=none
if [ "$sig" = none ]; then
	if [ -z "$swapfile" ] && ! mkswap /dev/vdb >/dev/null; then
		say "error: cannot make swap on /dev/vdb"
		return 1
	fi
	# hibseal_vm.failfirst=1: hibseal suspend with the swap area not yet on fails after pinning
	# the next boot (SNAPSHOT_SET_SWAP_AREA refuses it), and must take the pin back.
	if grep -q 'hibseal_vm.failfirst=1' /proc/cmdline; then
		hibseal suspend
		say "failed-suspend rc=$? bootnext=$(bootnext)"
	fi
	if ! swap_on; then
		say "error: cannot enable swap"
		return 1
	fi
	marker=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
	echo "$marker" >/tmp/marker
	say "hibernating marker=$marker boot_id=$(cat /proc/sys/kernel/random/boot_id)"
	hibseal suspend
	s2rc=$?
	if [ $s2rc != 0 ]; then
		say "s2disk-failed rc=$s2rc swap-signature=$(swap_signature /dev/vdb)"
		return 2
	fi
	say "resumed marker=$marker file-marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id) swap-signature=$(area_signature)"
	say "resume-outcome=$(cat /sys/power/hibernate_seal_resume 2>/dev/null || echo absent)"
	say "resumed bootnext=$(bootnext)"
	if [ -n "$swapfile" ]; then
		if swapoff /mnt/swapfile && swapon /mnt/swapfile; then say "swap-reuse=ok"; else say "swap-reuse=failed"; fi
	elif swapoff /dev/vdb && swapon /dev/vdb; then say "swap-reuse=ok"; else say "swap-reuse=failed"; fi
	say "resumed seal=$(cat /sys/power/hibernate_seal)"
	# hibseal_vm.again=1: the resumed system hibernates once more (its blob renewed).
	if grep -q 'hibseal_vm.again=1' /proc/cmdline; then
		marker=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
		echo "$marker" >/tmp/marker
		say "hibernating-again marker=$marker"
		hibseal suspend
		s2rc=$?
		[ $s2rc = 0 ] || { say "s2disk-failed-again rc=$s2rc"; return 2; }
		say "resumed-again marker=$marker file-marker=$(cat /tmp/marker) boot_id=$(cat /proc/sys/kernel/random/boot_id)"
	fi
	return 0
fi

say "image-boot swap-signature=$sig mode=$uswsusp_mode"
# What hibseal inspect makes of the stored image, without the key (read only).
hibseal inspect /dev/vdb >/tmp/inspect 2>&1
say "inspect-exit rc=$?"
while IFS= read -r line; do
	say "inspect $line"
done </tmp/inspect
case "$uswsusp_mode" in
attack)
	for how in reorder modify; do
		uswsusp-attack "$how" /dev/vdb
		say "attack=$how rc=$?"
	done
	hibseal resume
	say "resume-exit rc=$?"
	;;
resume)
	hibseal resume
	say "resume-exit rc=$?"
	;;
renewal)
	uswsusp-attack abandon /dev/vdb /tmp/header-blob
	say "abandon rc=$?"
	ev=/sys/firmware/efi/efivars
	guid=23f5b65a-b1be-4315-993a-d37c6cb91a7f
	# efivarfs lists what existed when it was mounted: mount it again to see what the kernel
	# has stored since.
	umount "$ev" && mount -t efivarfs efivarfs "$ev"
	say "efivarfs-remount rc=$?"
	if [ -e "$ev/HibsealRenewedBlob-$guid" ]; then
		cp "$ev/HibsealRenewedBlob-$guid" /tmp/plant
		say "renewed-blob=present"
	else
		cp /tmp/header-blob /tmp/plant
		say "renewed-blob=absent"
	fi
	efivar-write "$ev/HibsealKeyBlob-$guid" /tmp/plant
	say "planted rc=$?"
	;;
esac
# Here only if nothing was restored: a fresh boot. Is swap usable?
say "fresh-boot swap-signature=$(area_signature)"
if swap_on; then say "swapon=ok"; else say "swapon=failed"; fi
return 1
