#!/bin/bash
# mklockdown.sh: what the lockdown conformance scenarios boot, built against the kernel in
# $B/linux (run after build-kernel.sh and mkinitramfs.sh):
#
#   $B/lockdown/initramfs.cpio.gz = early cpio     kernel/firmware/acpi/ldm-ssdt.aml, an SSDT
#                                                  for the ACPI table-override row
#                                 + the test initramfs
#                                 + /lib/ldm       ldm_signed.ko, ldm_hwparam.ko (signed with the
#                                                  build's module key), ldm_unsigned.ko,
#                                                  hs_tpm_s3_reset.ko (signed),
#                                                  bzImage.signed (same key, PE signature),
#                                                  bzImage.unsigned, initrd.cpio.gz (for kexec)
#                                 + /bin/swtpm     and its libraries (a vTPM proxy's backend)
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
src=$B/linux
out=$B/lockdown
work=$out/work

die() { printf 'mklockdown: error: %s\n' "$*" >&2; exit 1; }
{ [ -f "$src/certs/signing_key.pem" ] && [ -f "$B/bzImage" ]; } || die "build the kernel first"
[ -f "$B/initramfs.cpio.gz" ] || die "build the initramfs first"

rm -rf "$work"
mkdir -p "$work/modules" "$work/root/lib/ldm" "$work/early/kernel/firmware/acpi"
ldm=$work/root/lib/ldm

# 1. Test modules, against this exact tree; two signed with the key the kernel trusts.
cp "$top"/tests/vm/guest/modules/* "$work/modules/"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
make -C "$src" -s CC="ccache gcc" HOSTCC="ccache gcc" M="$work/modules" modules >"$work/modules.log" 2>&1 ||
	{ cat "$work/modules.log" >&2; die "test modules did not build"; }
for m in ldm_signed ldm_hwparam hs_tpm_s3_reset; do
	"$src/scripts/sign-file" sha256 "$src/certs/signing_key.pem" "$src/certs/signing_key.x509" \
		"$work/modules/$m.ko"
done
cp "$work/modules/hs_tpm_s3_reset.ko" "$ldm/"
for m in signed unsigned hwparam; do
	cp "$work/modules/ldm_$m.ko" "$ldm/"
	signed=no
	tail -c 28 "$ldm/ldm_$m.ko" | grep -q '~Module signature appended~' && signed=yes
	case "$m:$signed" in
	unsigned:no | signed:yes | hwparam:yes) ;;
	*) die "ldm_$m.ko: signature appended: $signed" ;;
	esac
done

# 2. Kernels for kexec_file_load: one with a PE signature by the module key (in the builtin
#    trusted keyring, which kexec's signature check uses), one without.
openssl x509 -inform DER -in "$src/certs/signing_key.x509" -out "$work/key.crt"
sbsign --key "$src/certs/signing_key.pem" --cert "$work/key.crt" \
	--output "$ldm/bzImage.signed" "$B/bzImage" 2>"$work/sbsign.log" ||
	{ cat "$work/sbsign.log" >&2; die "sbsign of the kernel failed"; }
sbverify --cert "$work/key.crt" "$ldm/bzImage.signed" >/dev/null 2>&1 ||
	die "the signed kernel does not verify"
cp "$B/bzImage" "$ldm/bzImage.unsigned"
cp "$B/initramfs.cpio.gz" "$ldm/initrd.cpio.gz"

# 2b. swtpm and its libraries, to stand behind a vTPM proxy in the guest (attack.vtpm-proxy);
#     the loader and libc come with the test initramfs.
mkdir -p "$work/root/bin"
cp -L "$(command -v swtpm)" "$work/root/bin/swtpm"
ldd "$work/root/bin/swtpm" | awk '/=> \// { print $3 }' | while read -r lib; do
	mkdir -p "$work/root$(dirname "$lib")"
	cp -L "$lib" "$work/root$lib"
done

# 3. An empty SSDT (header only), OEM "HIBSEL"/"LDMTEST", checksum byte making the sum zero.
python3 - "$work/early/kernel/firmware/acpi/ldm-ssdt.aml" <<'EOF'
import struct, sys
hdr = struct.pack('<4sIBB6s8sI4sI', b'SSDT', 36, 2, 0, b'HIBSEL', b'LDMTEST\0', 1, b'HBSL', 1)
csum = (-sum(hdr)) & 0xff
open(sys.argv[1], 'wb').write(hdr[:9] + bytes([csum]) + hdr[10:])
EOF

# 4. The initrd: the early cpio must come first and uncompressed.
cpio_of() { (cd "$1" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc -R 0:0 --reproducible --quiet); }
cpio_of "$work/early" >"$work/early.cpio"
cpio_of "$work/root" | gzip -n -1 >"$work/ldm.cpio.gz"
cat "$work/early.cpio" "$B/initramfs.cpio.gz" "$work/ldm.cpio.gz" >"$out/initramfs.cpio.gz.tmp"
mv "$out/initramfs.cpio.gz.tmp" "$out/initramfs.cpio.gz"
echo "mklockdown: $out/initramfs.cpio.gz ($(du -k "$out/initramfs.cpio.gz" | cut -f1) KiB)"
