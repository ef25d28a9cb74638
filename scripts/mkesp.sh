#!/bin/bash
# mkesp.sh EFI OUT: a FAT EFI System Partition disk image holding EFI as \EFI\BOOT\BOOTX64.EFI,
# the path the firmware boots from removable media without any boot entry.
set -eu
[ $# = 2 ] || { echo "usage: mkesp.sh EFI OUT" >&2; exit 2; }
efi=$1 out=$2
kib=$(( ($(stat -c %s "$efi") / 1024) + 4096 ))
rm -f "$out.tmp"
# A fixed volume id: a new one for each image reads, to the firmware, as another disk, and the
# boot attempts that this costs are measured into PCR 4 (sealed images would not resume).
mkfs.vfat -C -i 48534531 -n HIBSEAL-ESP "$out.tmp" "$kib" >/dev/null
mmd -i "$out.tmp" ::/EFI ::/EFI/BOOT
mcopy -i "$out.tmp" "$efi" ::/EFI/BOOT/BOOTX64.EFI
mv "$out.tmp" "$out"
