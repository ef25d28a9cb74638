#!/bin/bash
# A sealed image several times larger than the resume reader's read-ahead ring (at most 8192
# pages, LZO_MAX_RD_PAGES): 64 MiB of random data the compressor cannot shrink, kept across the
# resume byte for byte. The reader refills the ring while chunks are in flight, so some chunk's
# pages have not all arrived when its turn comes; it must then be looked at again at the same
# stream index. (A reader that gave such a chunk the next index anyway would refuse every
# image larger than the ring: "chunk N does not authenticate". Images under 32 MiB
# compressed, all the other scenarios', never reach that point.)
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_SMP=4
VM_MEM=1024
vm_init seal.roundtrip.large
VM_GUEST=seal-hibernate vm_uki "hibseal_vm.fill=64"
seal_hibernate
expect '^HIBSEAL: filled mib=64 md5=[0-9a-f]{32}$' "64 MiB of random data in memory"
fill_md5=$(guest_value md5)
# The staging: the stream must outgrow the ring, or this is just another round trip.
pages=$(swapimg stream-pages) || fail "cannot read the image layout"
diag "the data chunks take $pages swap pages; the reader's ring holds at most 8192"
[ "${pages:-0}" -gt $((2 * 8192)) ] ||
	fail "the image takes $pages pages, not more than twice the reader's ring"
vm_boot resume
expect_resumed
expect "^HIBSEAL: fill-after-resume md5=$fill_md5\$" "the 64 MiB to come back unchanged"
vm_done
