#!/bin/bash
# Each field of the sealed image header, and the swap header's flags and image pointer, changed
# on disk in a genuine image: the next boot refuses it with that field's own reason, boots
# fresh and leaves swap usable. Between cases the machine (TPM, firmware variables, disks) is
# put back as it was after the hibernation, and at the end the untouched image resumes: the
# refusals are the fields', nothing else.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.header-fields
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_save_state hibernated

# FIELD VALUE REASON (an extended regex of the refusal line after "image refused: ")
cases=(
	"version 3|it is in format version 3, and this kernel reads version 2 only"
	"header_size 1200|its sealed header is malformed: header_size 1200, not 1208"
	"aead 9|its sealed header is malformed: construction \\(aead\\) 9 is unknown"
	"tag_size 16|its sealed header is malformed: tag_size 16, its construction uses 32"
	"flags 0x80|its sealed header is malformed: flags 0x80, unknown bits 0x80"
	"flags 0x1|it was written through /dev/snapshot, and this reader takes images written by the kernel's swap writer"
	"key_blob_size 0|its sealed header is malformed: key_blob_size 0, not 1 to 1024"
	"key_blob_size 1025|its sealed header is malformed: key_blob_size 1025, not 1 to 1024"
	"nr_chunks 0|its sealed header is malformed: nr_chunks 0"
	"image_pages 0|its sealed header is malformed: image_pages 0"
	"reserved1 1|its sealed header is malformed: reserved1 0x1, not zero"
	"reserved2[0] 1|its sealed header is malformed: reserved2 byte 0 0x01, not zero"
	"reserved2[63] 255|its sealed header is malformed: reserved2 byte 63 0xff, not zero"
	"swap.flags 0x25|sealed, yet its swap header asks for a CRC32"
	"swap.flags 0x1|it is not sealed, and lockdown allows only sealed images"
	"swap.flags 0x30|chunk 1 names another compression than its image"
	"swap.image map2|its metadata chunk does not authenticate"
)
n=0
for c in "${cases[@]}"; do
	n=$((n + 1))
	field=${c%%|*} reason=${c#*|}
	vm_restore_state hibernated
	# shellcheck disable=SC2086 # FIELD VALUE
	out=$(swapimg set $field) || { fail "swapimg set $field failed"; continue; }
	diag "case $n: $out"
	vm_boot "case-$n"
	expect_refused "$reason" "${field%% *}"
done

vm_restore_state hibernated
vm_boot control
expect_resumed
vm_done
