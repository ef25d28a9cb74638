#!/bin/bash
# I/O errors on write: every write to the swap disk fails (QEMU blkdebug). The sealed
# hibernation aborts before power-off, the write to /sys/power/state fails, the system keeps
# running, and the swap header is intact, so swap stays usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/fault.sh
. "$top/tests/vm/fault.sh"

vm_init fault.io-write
mkswap "$W/swap.img" >/dev/null 2>&1
fault_blkdebug_rules "$W/blkdebug.conf" write_aio
VM_GUEST=fault-io-write vm_uki
VM_SWAP_BLKDEBUG=$W/blkdebug.conf vm_boot write
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[disk\] seal=ready$' "sealing ready"
expect '^HIBSEAL: hibernating$' "the guest to hibernate"
expect 'I/O error' "the disk's write errors to reach the kernel"
expect '^HIBSEAL: hibernate-refused error=.*(I/O error|Input/output error)' "the hibernation to fail with EIO"
expect_not 'PM: hibernation: Wrote' "an image reported written"
expect '^HIBSEAL: after-refusal swap-signature=SWAPSPACE2$' "no hibernation signature left"
expect '^HIBSEAL: swapon=ok$' "swap to stay usable"
expect '^HIBSEAL-DONE rc=0$' "the system to keep running"
vm_done
