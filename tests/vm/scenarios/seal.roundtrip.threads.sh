#!/bin/bash
# The sealed round trip with four vCPUs, so the kernel uses three compression threads that seal
# in parallel and three decompression threads that open in parallel: the image MAC still sees
# the tags in stream order, and a reordering across threads is still caught.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_SMP=4
VM_MEM=1024
vm_init seal.roundtrip.threads
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
expect 'PM: Using 3 thread\(s\) for compression' "three sealing threads"
cp "$W/swap.img" "$W/swap.good"
vm_boot resume
expect 'PM: Using 3 thread\(s\) for decompression' "three opening threads"
expect_resumed
# The same image with two neighbouring chunks swapped: they go to different threads.
cp "$W/swap.good" "$W/swap.img"
swapimg reorder
vm_boot reordered
expect_refused 'chunk [0-9]+ does not authenticate' "the chunk out of place"
rm -f "$W/swap.good"
vm_done
