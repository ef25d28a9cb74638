#!/bin/bash
# Root cuts the (unauthenticated) swap map of a genuine sealed image inside a data chunk, at a
# place where the resume reader sees the end of the map with no read in flight: where its
# read-ahead ring (8192 pages, CMP_MAX_RD_PAGES; 1 GiB of guest memory gives the reader the
# whole of it) is first full, or where a later refill ends if a chunk boundary falls there
# (swapimg.py replays the reader's counters over the image's chunk sizes to find it). Before
# patch 0001 the reader never marked such an end final and spun at boot for ever, nothing
# restored. Now: the one refusal of a truncated image, and the boot goes on with usable swap.
# (seal.truncated drops the last chunk, whose end the reader always sees with reads in flight.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_MEM=1024
vm_init seal.truncated-at-ring
VM_GUEST=seal-hibernate vm_uki "hibseal_vm.fill=64"
seal_hibernate
expect '^HIBSEAL: filled mib=64 md5=[0-9a-f]{32}$' "64 MiB of random data in memory"
# The staging: swapimg cuts the map inside a chunk where upstream's reader spins, or fails.
cut_at_ring
[[ $CUT_AT_RING == "sealed image: cut the swap map after entry "*"inside data chunk "*"where upstream's reader with 1 worker(s) spins" ]] ||
	fail "the map was not cut where upstream's reader spins: $CUT_AT_RING"
vm_boot resume
[ "$VM_TIMED_OUT" = 0 ] || fail "the resume boot did not end (the reader spinning at the map's end?)"
expect 'PM: Loading and decompressing image data' "the reader to start on the data chunks"
expect_refused 'it ends before its final chunk' "a map cut inside a chunk where the reader spun"
vm_done
