#!/bin/bash
# mkkernel-deb.sh: the test kernel as a Debian package, for the Debian VM (make debian).
#
#   $B/linux (built by build-kernel.sh) --make bindeb-pkg--> $B/deb/kernel/linux-image-KVER_*.deb
#
# The kernel's own packaging (scripts/package/), as `make deb`'s distro kernel uses it, on the
# tree make check has already built: no headers and no -dbg package (build profiles), and the
# same build environment (kbuild_env), so Kbuild finds everything up to date and packs the
# kernel the other scenarios boot. That is checked: the package's /boot/vmlinuz must be
# $B/bzImage byte for byte, or the package is refused (it would not be the tested kernel).
# The Debian VM then installs it with dpkg -i, and the package's maintainer scripts run
# /etc/kernel/postinst.d: initramfs-tools, then kernel-install (systemd-boot's hook).
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
. "$top/scripts/linux-source.sh"
src=$B/linux
out=$B/deb/kernel

msg() { printf 'mkkernel-deb: %s\n' "$*"; }
die() { printf 'mkkernel-deb: error: %s\n' "$*" >&2; exit 1; }

if [ ! -f "$src/vmlinux" ] || [ ! -f "$B/bzImage" ] || [ ! -f "$B/kernel.version" ]; then
	die "no built test kernel in $src: run 'make kernel' first"
fi
kver=$(cut -d' ' -f3 "$B/kernel.version")
kbuild_env
pkgver=$kver-$KBUILD_BUILD_VERSION
deb=$out/linux-image-${kver}_${pkgver}_amd64.deb
if [ -f "$deb" ] && [ "$deb" -nt "$B/bzImage" ]; then
	msg "up to date: $deb"
	exit 0
fi

# Packages land in the tree's parent directory ($B): only those of this run are taken.
rm -f "$B"/linux-image-*.deb "$B"/linux-libc-dev_*.deb "$B"/linux-upstream_*
export DEB_BUILD_PROFILES="pkg.linux-upstream.nokernelheaders pkg.linux-upstream.nokerneldbg"
msg "packaging $src (bindeb-pkg, $pkgver)"
mkdir -p "$out"
make -C "$src" -s -j"${JOBS:-$(nproc)}" CC="ccache gcc" HOSTCC="ccache gcc" \
	KDEB_COMPRESS=zstd KDEB_PKGVERSION="$pkgver" KDEB_CHANGELOG_DIST=trixie \
	bindeb-pkg >"$out/bindeb-pkg.log" 2>&1 ||
	{ tail -n 30 "$out/bindeb-pkg.log" >&2; die "bindeb-pkg failed (all of it in $out/bindeb-pkg.log)"; }
[ -f "$B/${deb##*/}" ] || die "bindeb-pkg made no ${deb##*/}"
rm -f "$out"/linux-image-*.deb
mv "$B/${deb##*/}" "$out/"
rm -f "$B"/linux-libc-dev_*.deb "$B"/linux-upstream_*
rm -rf "$src/debian"	# bindeb-pkg's, made afresh each time

# The package must carry the kernel the scenarios test.
dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "./boot/vmlinuz-$kver" >"$out/vmlinuz.check"
if ! cmp -s "$out/vmlinuz.check" "$B/bzImage"; then
	rm -f "$deb"
	die "the packaged /boot/vmlinuz-$kver is not $B/bzImage: packaging rebuilt the kernel" \
		"(see $out/bindeb-pkg.log)"
fi
rm -f "$out/vmlinuz.check"
msg "done: $deb ($(du -k "$deb" | cut -f1) KiB), its vmlinuz is $B/bzImage"
