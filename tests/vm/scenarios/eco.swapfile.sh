#!/bin/bash
# Hibernation to a swap file: /swapfile on the ext4 root, the kernel told where it starts with
# resume=/dev/vdc resume_offset=N (N from the file's extent map on the disk image). systemd-sleep
# picks the file, writes the same device and offset to /sys/power/resume{,_offset}, and the
# sealed image goes into the file's blocks; the next boot's kernel finds, verifies and restores
# it, and the user process answers from memory.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.swapfile
debian_init
off=$DEBIAN_SWAPFILE_OFFSET
debian_esp swapfile
part=$(sha256sum <"$W/swap.img")
eco_hibernate swapfile
expect '^HIBSEAL: swapon=ok /swapfile:file' "swap on the file only"
expect "^HIBSEAL: sleep-pre resume=254:32 resume_offset=$off " \
	"systemd-sleep to hibernate to the file on vdc at block $off"
# The swap partition was never touched: the image is in the file.
[ "$(sha256sum <"$W/swap.img")" = "$part" ] || fail "the swap partition changed: the image is not (only) in the file"

vm_boot resume 'HIBSEAL-DONE'
expect_eco_resumed
vm_done
