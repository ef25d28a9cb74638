#!/bin/bash
# Fields of the sealed image header, and the swap header's flags and image pointer, changed on
# disk in a genuine image: the next boot refuses it with that field's own reason, boots fresh
# and leaves swap usable. Every structural check of the sealed header, field by field, is a
# KUnit case (hibseal_header, in kunit.hibseal, the version among them); here one of them shows
# that path end to end (a key blob size past the blob), beside what only a whole boot checks:
# the writer's kind, and the swap header's fields, which the kernel takes from the disk. Between
# cases the machine (TPM, firmware variables, disks) is put back as it was after the
# hibernation, and at the end the untouched image resumes: the refusals are the fields',
# nothing else.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init seal.header-fields
VM_GUEST=seal-hibernate vm_uki
seal_hibernate
vm_save_state hibernated

# FIELD VALUE REASON (an extended regex of the refusal line after "image refused: ")
cases=(
	"flags 0x1|it was written through /dev/snapshot, and this reader takes images written by the kernel's swap writer"
	"key_blob_size 1025|its sealed header is malformed: key_blob_size 1025, not 1 to 1024"
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
