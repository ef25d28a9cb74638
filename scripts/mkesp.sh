#!/bin/bash
# mkesp.sh EFI OUT: a FAT EFI System Partition disk image holding EFI as \EFI\BOOT\BOOTX64.EFI,
# the path the firmware boots from removable media without any boot entry.
# mkesp.sh --dir DIR OUT: one holding the tree DIR (an ESP that bootctl and kernel-install
# filled: systemd-boot as \EFI\BOOT\BOOTX64.EFI, UKIs in \EFI\Linux).
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
mkfs.vfat -C -i 48534531 -n HIBSEAL-ESP "$out.tmp" "$kib" >/dev/null
if [ -n "$dir" ]; then
	mcopy -s -i "$out.tmp" "$dir"/* ::/
else
	mmd -i "$out.tmp" ::/EFI ::/EFI/BOOT
	mcopy -i "$out.tmp" "$efi" ::/EFI/BOOT/BOOTX64.EFI
fi
mv "$out.tmp" "$out"
