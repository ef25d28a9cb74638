#!/bin/bash
# The sealed round trip with four vCPUs, so the kernel uses four compression threads that seal
# in parallel and four decompression threads that open in parallel (a plain image would get
# three: one CPU for its CRC32 thread, which sealed images do not run, and upstream's cap of
# three): the image MAC still sees the tags in stream order, and a reordering across threads is
# still caught.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

VM_SMP=4
VM_MEM=1024
vm_init seal.roundtrip.threads
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
expect 'PM: Using 4 thread\(s\) for lzo compression' "four sealing threads"
vm_save_state hibernated
vm_boot resume
expect 'PM: Using 4 thread\(s\) for lzo decompression' "four opening threads"
expect_resumed
# The same image again, as the machine was before that resume (TPM, variables, disks), with two
# neighbouring chunks swapped: they go to different threads.
vm_restore_state hibernated
swapimg_damage reorder
vm_boot reordered
expect 'PM: Using 4 thread\(s\) for lzo decompression' "four opening threads"
expect_refused "chunk $DAMAGED_CHUNK does not authenticate" "the chunk out of place"
vm_done
