#!/bin/bash
# mkesp.sh EFI OUT: a FAT EFI System Partition disk image holding EFI as \EFI\BOOT\BOOTX64.EFI,
# the path the firmware boots from removable media without any boot entry.
# mkesp.sh --dir DIR OUT: a GPT disk whose one partition, an ESP as on a laptop, holds the tree
# DIR (what bootctl and kernel-install put there: systemd-boot as \EFI\BOOT\BOOTX64.EFI, UKIs
# in \EFI\Linux). A partition of the ESP type, because bootctl and systemd-boot's kernel hooks
# in the guest check for one before they write to it.
set -eu
usage() { echo "usage: mkesp.sh EFI OUT | mkesp.sh --dir DIR OUT" >&2; exit 2; }
dir='' efi=''
if [ "${1:-}" = --dir ]; then
	[ $# = 3 ] || usage
	dir=$2 out=$3
else
	[ $# = 2 ] || usage
	efi=$1 out=$2
fi
if [ -n "$dir" ]; then
	kib=$(( $(du -sk "$dir" | cut -f1) + 4096 ))
else
	kib=$(( ($(stat -c %s "$efi") / 1024) + 4096 ))
fi
rm -f "$out.tmp"
# A fixed volume id: a new one for each image reads, to the firmware, as another disk, and the
# boot attempts that this costs are measured into PCR 4 (sealed images would not resume).
if [ -n "$dir" ]; then
	# Room for kernel-install to add a second UKI in the guest (ESP_EXTRA_KIB more for a larger
	# one); the partition at 1 MiB.
	kib=$((kib * 2 + 1024 + ${ESP_EXTRA_KIB:-0}))
	truncate -s $(((kib + 2048 + 1023) / 1024))M "$out.tmp"
	printf 'label: gpt\nlabel-id: 48534531-0000-4000-8000-000000000001\nstart=2048, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, uuid=48534531-0000-4000-8000-000000000002\n' |
		sfdisk -q "$out.tmp" >/dev/null
	# (It notes that the disk is larger: the GPT backup header is at its end.)
	mkfs.vfat --offset 2048 -i 48534531 -n HIBSEAL-ESP "$out.tmp" "$kib" >/dev/null 2>&1
	mcopy -s -i "$out.tmp@@1M" "$dir"/* ::/
else
	mkfs.vfat -C -i 48534531 -n HIBSEAL-ESP "$out.tmp" "$kib" >/dev/null
	mmd -i "$out.tmp" ::/EFI ::/EFI/BOOT
	mcopy -i "$out.tmp" "$efi" ::/EFI/BOOT/BOOTX64.EFI
fi
mv "$out.tmp" "$out"
