#!/bin/bash
# mkuki.sh [--unsigned] KERNEL INITRD CMDLINE OUT
# Pack a Unified Kernel Image: systemd-boot's EFI stub with .osrel, .cmdline, .linux and .initrd
# sections appended after the stub's last section, each at a SectionAlignment boundary; then sign
# it with the ovmf package's snakeoil db key (the key the test firmware trusts), unless
# --unsigned. Takes about a second, so each scenario can have its own command line.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
stub=/usr/lib/systemd/boot/efi/linuxx64.efi.stub
sign=1
if [ "${1:-}" = --unsigned ]; then
	sign=0
	shift
fi
[ $# = 4 ] || { echo "usage: mkuki.sh [--unsigned] KERNEL INITRD CMDLINE OUT" >&2; exit 2; }
kernel=$1 initrd=$2 cmdline=$3 out=$4

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'ID=hibseal\nNAME="hibseal test VM"\nVERSION_ID=%s\n' \
	"$(cut -d' ' -f3 "$B/kernel.version" 2>/dev/null || echo unknown)" >"$work/osrel"
printf '%s' "$cmdline" >"$work/cmdline"

align=$((0x$(objdump -p "$stub" | awk '/^SectionAlignment/ { print $2 }')))
# End of the stub's last section (VMA + size), from objdump -h's "Idx Name Size VMA ..." rows.
end=0
while read -r idx _ size vma _; do
	case "$idx" in [0-9]*) ;; *) continue ;; esac
	[ $((0x$vma + 0x$size)) -gt $end ] && end=$((0x$vma + 0x$size))
done < <(objdump -h "$stub")
args=()
for s in osrel:"$work/osrel" cmdline:"$work/cmdline" linux:"$kernel" initrd:"$initrd"; do
	name=${s%%:*} file=${s#*:}
	vma=$(((end + align - 1) / align * align))
	args+=(--add-section ".$name=$file" --change-section-vma ".$name=$(printf '0x%x' $vma)")
	end=$((vma + $(stat -c %s "$file")))
done
objcopy "${args[@]}" "$stub" "$work/uki.efi"
# objcopy stamps the PE header with the current time, and the firmware measures the image's hash
# (header included) into PCR 4: the same inputs must give the same bytes, so zero the stamp.
python3 - "$work/uki.efi" <<'EOF'
import struct
import sys
with open(sys.argv[1], "r+b") as f:
    f.seek(0x3c)
    pe = struct.unpack("<I", f.read(4))[0]
    f.seek(pe + 8)
    f.write(struct.pack("<I", 0))
EOF

if [ $sign = 1 ]; then
	"$top/scripts/snakeoil-key.sh"
	sbsign --key "$B/keys/snakeoil.key" --cert "$B/ovmf/snakeoil.pem" \
		--output "$work/signed.efi" "$work/uki.efi" 2>"$work/sbsign.log" ||
		{ cat "$work/sbsign.log" >&2; exit 1; }
	sbverify --cert "$B/ovmf/snakeoil.pem" "$work/signed.efi" >/dev/null 2>&1 ||
		{ echo "mkuki: the signed image does not verify" >&2; exit 1; }
	mv "$work/signed.efi" "$work/uki.efi"
fi
mv "$work/uki.efi" "$out"
