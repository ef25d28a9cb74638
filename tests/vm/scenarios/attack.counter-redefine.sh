#!/bin/bash
# Root replaces hibseal's counters. A sealed image resumes (the positive control: image and blob
# are genuine); in the resumed system root undefines both NV counters (owner authorization is
# empty) and defines ordinary indices of its own at the same handles, which it may write: the
# anti-replay counter's holding the value the image carries, the blob epoch's holding 0, which
# every blob's policy allows. The host writes the image back. The next window finds neither
# public area its own, defines its counters anew (they start above every value a counter of
# this TPM ever had), does not resume the image (the TPM refuses its key blob: PolicyNV names
# the real index), and seals against its own counters.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.counter-redefine
VM_GUEST=counter-redefine vm_uki
seal_hibernate
bound=$(sed -n 's/.*hibseal: boot window open: .*blob epoch at most \([0-9]*\)).*/\1/p' "$VM_LOG" | head -n 1)
n=$(grep -o 'anti-replay counter advanced to [0-9]*, blob epoch' "$VM_LOG" | grep -o '[0-9][0-9]*' | head -n 1 || true)
{ [ -n "$bound" ] && [ -n "$n" ]; } || fail "no blob epoch bound or counter value in the sealing boot's log"
cp --sparse=always "$W/swap.img" "$W/swap.copy"

vm_boot resume
expect_resumed
expect "^HIBSEAL: attack-values counter-now=$((n + 1)) image-counter=$n\$" "root to learn the image's counter value"
for idx in 0x013f5348 0x013f5349; do
	expect "^HIBSEAL: attack: undefine index=$idx rc=0x000\$" "root to undefine index $idx"
	expect "^HIBSEAL: attack: define index=$idx rc=0x000\$" "root to define its own index $idx"
done
expect "^HIBSEAL: attack: write index=0x013f5348 value=$n rc=0x000\$" "root's counter to hold the image's value"
expect "^HIBSEAL: attack: read index=0x013f5348 value=$n\$" "... and to read back so"
expect '^HIBSEAL: attack: read index=0x013f5349 value=0$' "root's blob epoch to hold 0"

cp --sparse=always "$W/swap.copy" "$W/swap.img"
vm_boot replay
expect 'hibseal: anti-replay counter redefined \(its public area was not ours\) at NV index 0x013f5348' \
	"the window to refuse root's anti-replay counter"
expect 'hibseal: blob epoch counter redefined \(its public area was not ours\) at NV index 0x013f5349' \
	"the window to refuse root's blob epoch"
expect_refused "its key blob has expired: the blob epoch counter is at [0-9]+, past the $bound its policy allows \\(TPM2_PolicyNV, TPM rc 0x126\\)" \
	"the image's key blob, its policy naming the real blob epoch"
new=$(sed -n 's/.*hibseal: boot window open: .*blob epoch at most \([0-9]*\)).*/\1/p' "$VM_LOG" | head -n 1)
{ [ -n "$new" ] && [ "$new" -gt "$((bound + 1))" ]; } ||
	fail "the window did not seal against counters of its own (blob epoch bound '${new:-none}', the image's $bound)"
expect 'hibseal: anti-replay counter advanced to [0-9]+, blob epoch to [0-9]+' "its own counters advanced"
vm_done
