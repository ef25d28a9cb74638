#!/bin/bash
# mkesp.sh EFI OUT: a FAT EFI System Partition disk image holding EFI as \EFI\BOOT\BOOTX64.EFI,
# the path the firmware boots from removable media without any boot entry.
set -eu
[ $# = 2 ] || { echo "usage: mkesp.sh EFI OUT" >&2; exit 2; }
efi=$1 out=$2
kib=$(( ($(stat -c %s "$efi") / 1024) + 4096 ))
rm -f "$out.tmp"
mkfs.vfat -C -n HIBSEAL-ESP "$out.tmp" "$kib" >/dev/null
mmd -i "$out.tmp" ::/EFI ::/EFI/BOOT
mcopy -i "$out.tmp" "$efi" ::/EFI/BOOT/BOOTX64.EFI
mv "$out.tmp" "$out"
