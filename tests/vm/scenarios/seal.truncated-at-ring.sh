#!/bin/bash
# Root cuts the (unauthenticated) swap map of a genuine sealed image so that it ends inside a
# data chunk exactly where the resume reader's read-ahead ring (8192 pages, CMP_MAX_RD_PAGES;
# 1 GiB of guest memory gives the reader the whole of it) is first full. The reader then sees
# the end of the map with no read in flight; before patch 0001 it never marked that end final
# and spun at boot for ever, nothing restored. Now: the one refusal of a truncated image, and
# the boot goes on with usable swap. (seal.truncated drops the last chunk, which the reader
# always sees end with reads in flight.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_MEM=1024
vm_init seal.truncated-at-ring
VM_GUEST=seal-hibernate vm_uki "hibseal_vm.fill=64"
# shellcheck disable=SC2317 # called by cut_at_ring
fill_hibernate() {
	seal_hibernate
	expect '^HIBSEAL: filled mib=64 md5=[0-9a-f]{32}$' "64 MiB of random data in memory"
}
# The staging: swapimg finds the chunk the ring's end falls in, or the image is made again.
cut_at_ring fill_hibernate
[[ $CUT_AT_RING == "sealed image: cut the swap map after entry "*" 8192 pages after the reader's first "*"inside data chunk "* ]] ||
	fail "the cut was not made inside a data chunk at the ring's end: $CUT_AT_RING"
vm_boot resume
[ "$VM_TIMED_OUT" = 0 ] || fail "the resume boot did not end (the reader spinning at the map's end?)"
expect 'PM: Loading and decompressing image data' "the reader to start on the data chunks"
expect_refused 'it ends before its final chunk' "a map cut inside a chunk at the ring's end"
vm_done
