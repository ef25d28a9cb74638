#!/bin/bash
# Upstream's plain compressed image (Secure Boot off, no lockdown) with its swap map cut inside
# a chunk where the resume reader sees the end with no read in flight (where its 8192-page ring
# is first full, or a later refill ends: swapimg.py finds the place as in seal.truncated-at-ring):
# a damaged or edited map, which nothing checksums. Before patch 0001 the reader spun at boot
# for ever; now the load fails, the kernel recovers, and the boot goes on with usable swap.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_MEM=1024
vm_init vm.hibernate.plain-truncated-at-ring
vm_secureboot off
VM_GUEST=vm.hibernate.plain-unlocked vm_uki "hibseal_vm.fill=64"
vm_boot hibernate
expect '^HIBSEAL: lockdown=none secureboot=0 state=\[.*disk.*\]' "lockdown none, 'disk' offered"
expect '^HIBSEAL: filled mib=64 md5=[0-9a-f]{32}$' "64 MiB of random data in memory"
expect 'PM: hibernation: Wrote [0-9]+ kbytes' "the image to be written"
[ "$VM_TIMED_OUT" = 0 ] || fail "the machine did not power off after writing the image"
# The staging: swapimg cuts the map inside a chunk where upstream's reader spins, or fails.
cut_at_ring
boot_id=$(guest_value boot_id)
[[ $CUT_AT_RING == "plain image: cut the swap map after entry "*"inside data chunk "*"where upstream's reader with 1 worker(s) spins" ]] ||
	fail "the map was not cut where upstream's reader spins: $CUT_AT_RING"
vm_boot resume
[ "$VM_TIMED_OUT" = 0 ] || fail "the resume boot did not end (the reader spinning at the map's end?)"
expect 'PM: hibernation: resume from hibernation' "the kernel to find the image"
expect 'PM: Loading and decompressing image data' "the reader to start on the chunks"
expect 'PM: hibernation: Failed to load image, recovering' "the load to fail"
expect_not 'PM: hibernation: hibernation exit' "a restored kernel"
expect_not "boot_id=$boot_id" "the hibernated boot's id"
expect '^HIBSEAL: fresh-boot swap-signature=SWAPSPACE2$' "the swap signature restored"
expect '^HIBSEAL: swapon=ok$' "swap to be usable"
vm_done
