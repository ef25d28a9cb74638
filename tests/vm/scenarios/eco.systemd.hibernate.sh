#!/bin/bash
# `systemctl hibernate` on a real systemd system (Debian 13: systemd, logind, D-Bus, udev,
# initramfs-tools) under Secure Boot lockdown: logind says hibernation is possible, systemd-sleep
# writes a sealed image to the swap partition and powers off; the next boot's kernel (resume= on
# its command line) verifies and restores it, and an unprivileged user process answers from
# memory with the marker it drew before hibernation, in the same boot (boot id).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.systemd.hibernate
debian_init
debian_esp partition
eco_hibernate partition
expect '^HIBSEAL: swapon=ok /dev/vdb:partition' "swap on the partition"
expect '^HIBSEAL: sleep-pre resume=254:16 resume_offset=0 ' "systemd-sleep to hibernate to vdb"
swapimg layout >"$W/layout.txt" || fail "the image on vdb is not a sealed image"

vm_boot resume 'HIBSEAL-DONE'
expect_eco_resumed
expect_order 'hibseal: image verified' 'hibseal: boot window closed' \
	"the kernel itself to restore the image inside its boot window"
expect_not 'Run /init as init process' "userspace (the initramfs) to run before the restore"
vm_done
