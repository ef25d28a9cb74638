#!/bin/bash
# Anti-replay: the host keeps a copy of a genuine sealed image, lets it resume once (the boot
# window advances the TPM's NV counter past the value the image carries), then writes the copy
# back. The copy is authentic but stale: refused with its own reason, fresh boot, swap usable.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init fresh.replay
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
# The value this boot's window advanced the counter to is the one its image carries.
n=$(grep -o 'anti-replay counter advanced to [0-9]*' "$VM_LOG" | head -n 1 | grep -o '[0-9]*$' || true)
[ -n "$n" ] || { fail "the boot window did not advance the anti-replay counter"; vm_done; }
cp --sparse=always "$W/swap.img" "$W/swap.copy"

vm_boot resume
expect_resumed
expect "anti-replay counter advanced to $((n + 1)): this image cannot be resumed again" \
	"the resume to advance the counter from $n"
expect "hibseal: anti-replay counter at $((n + 1))\$" "the resumed kernel to learn the new value"

cp --sparse=always "$W/swap.copy" "$W/swap.img"
vm_boot replay
expect_refused "it is stale: written at anti-replay counter $n, the TPM's counter is at $((n + 1))" \
	"a stale (replayed) image"
expect_not 'this image cannot be resumed again' "the counter advanced for the refused image"
vm_done
