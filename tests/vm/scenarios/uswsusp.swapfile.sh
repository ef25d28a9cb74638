#!/bin/bash
# s2disk and resume with a swap file: /dev/vdb holds an ext4 file system, made on the host, with
# a 160 MiB /swapfile (no holes) whose first page the host reads with debugfs; the command line
# gives that page to the guest, which puts it in /etc/uswsusp.conf as the resume offset. Under
# Secure Boot lockdown s2disk stores the sealed stream in the file's swap area; the next boot's
# `resume` (before anything mounts the file system) finds it at that offset and the kernel
# verifies and restores it; swap on the file is usable afterwards, and the file system is clean.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_BLANK_DISK_FIRST=1
vm_init uswsusp.swapfile
# The file system, its swap file filled first (mke2fs -d leaves zero blocks as holes).
rm -rf "$W/fs" "$W/swap.img"
mkdir -p "$W/fs"
head -c $((160 << 20)) /dev/zero | tr '\0' '\377' >"$W/fs/swapfile"
chmod 600 "$W/fs/swapfile"
mkswap "$W/fs/swapfile" >/dev/null
mke2fs -q -t ext4 -b 4096 -d "$W/fs" "$W/swap.img" 256M
rm -rf "$W/fs"
offset=$(debugfs -R "bmap /swapfile 0" "$W/swap.img" 2>/dev/null)
case "$offset" in
'' | 0 | *[!0-9]*) fail "debugfs gave no first block for /swapfile ('$offset')" ;;
esac
diag "/swapfile starts at page $offset of the file system"
[ "$(host_swap_signature "$offset")" = SWAPSPACE2 ] || fail "no swap signature at page $offset"

VM_GUEST=uswsusp vm_uki hibseal_vm.uswsusp=resume "hibseal_vm.swapfile=$offset"
vm_boot hibernate
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"lockdown, 'disk' offered, sealing ready"
expect 'Adding [0-9]+k swap on /mnt/swapfile' "swap on the file"
expect '^HIBSEAL: hibernating marker=' "the guest to start hibernating"
# The firmware tried a blank disk first (VM_BLANK_DISK_FIRST; measured into PCR 4): BootNext
# would skip that attempt, so hibseal suspend pins nothing and the next boot follows BootOrder
# again.
expect '^hibseal suspend: the firmware tried 2 boot options to start Boot[0-9A-F]{4} \(/EFI/BOOT/BOOTX64.EFI\): nothing to pin ' \
	"hibseal suspend to leave BootNext alone after a failed boot attempt"
expect "^hibseal suspend: image stored: [0-9]+ bytes in [0-9]+ swap pages of /dev/vdb; powering off\$" \
	"s2disk to store the image"
expect_not 's2disk-failed' "a failed s2disk"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after storing the image"
marker=$(guest_value marker)
boot_id=$(guest_value boot_id)
sig=$(host_swap_signature "$offset")
[ "$sig" = ULSUSPEND ] || fail "the swap file does not announce an image (signature '$sig')"

vm_boot resume
expect '^HIBSEAL: image-boot swap-signature=ULSUSPEND mode=resume$' "the image found in the file"
expect '^hibseal resume: image found on /dev/vdb: [0-9]+ bytes of sealed stream$' "resume to find it"
expect "$KLINE_VERIFIED" "every chunk and the image MAC verified"
expect '^hibseal suspend: resumed$' "s2disk to return in the restored system"
expect "^HIBSEAL: resumed marker=$marker file-marker=$marker boot_id=$boot_id swap-signature=SWAPSPACE2\$" \
	"the script to continue with marker $marker and boot id $boot_id"
expect '^HIBSEAL: swap-reuse=ok$' "swap on the file usable after the resume"
expect_not 'image refused' "a refusal"
expect_not 'EXT4-fs error' "a damaged file system"
[ "$VM_TIMED_OUT" = 0 ] || fail "the resumed system did not finish"
fsck.ext4 -fn "$W/swap.img" >"$W/fsck.out" 2>&1 || fail "fsck: $(tail -n 3 "$W/fsck.out" | tr '\n' ' ')"
vm_done
