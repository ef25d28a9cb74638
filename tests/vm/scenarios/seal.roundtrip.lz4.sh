#!/bin/bash
# A sealed image follows hibernate.compressor=: with lz4 on the command line the kernel writes
# LZ4 chunks (the swap header's SF_COMPRESSION_ALG_LZ4, and every data chunk's authenticated
# HIBSEAL_CHUNK_LZ4 flag, which `hibseal inspect` checks against it), and the next boot
# verifies and resumes it. The host also clears the swap header's LZ4 flag in a copy of the
# image: the reader refuses the first data chunk, whose authenticated flags name LZ4, before
# decompressing anything; the unchanged image then resumes.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.roundtrip.lz4
VM_GUEST=seal-hibernate vm_uki hibernate.compressor=lz4
seal_hibernate
expect 'PM: Using [0-9]+ thread\(s\) for lz4 compression' "LZ4 compression"
hibseal_tool
"$HIBSEAL" inspect "$W/swap.img" >"$W/inspect.out" 2>&1 || fail "hibseal inspect: $(cat "$W/inspect.out")"
grep -qx 'compression: LZ4' "$W/inspect.out" ||
	fail "not an LZ4 image: $(grep compression "$W/inspect.out")"
vm_save_state hibernated
# The swap header's flags, the last 48 bytes of page 0 hold them at offset 24 (swapimg.py).
flags=$(python3 -c 'import struct, sys
f = open(sys.argv[1], "rb"); f.seek(4096 - 48 + 24)
print(struct.unpack("<I", f.read(4))[0])' "$W/swap.img")
[ $((flags & 0x30)) = $((0x30)) ] || fail "the swap header's flags are $flags: not sealed LZ4"
out=$(swapimg set swap.flags $((flags & ~0x10))) || fail "swapimg set swap.flags failed"
diag "$out"
vm_boot refused
expect_refused 'chunk 1 names another compression than its image' "the header's compression changed"
expect_not 'decompression failed' "a decompression attempt"
vm_restore_state hibernated
vm_boot resume
expect_resumed
expect '^HIBSEAL: swap-reuse=ok$' "swap to be usable after the resume"
vm_done
