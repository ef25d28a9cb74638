#!/bin/bash
# mkdeb.sh [tools|kernel|all]: `make deb` (all), hibseal's Debian 13 (trixie) packages, under
# $B/deb/:
#
#   hibseal-tools_VERSION_amd64.deb   debian/ with dpkg-buildpackage, built in a trixie buildd
#                                     chroot (debootstrap, cached as chroot-KEY.tar.zst), so
#                                     that it depends on trixie's libraries (libssl3t64,
#                                     libtss2-*t64), not on this host's; lintian-clean of
#                                     errors
#   linux-image-KVER-hibseal_*.deb    the kernel: Debian's own amd64 configuration with
#   linux-headers-KVER-hibseal_*.deb  configs/distro.config, its modules cut to what a laptop
#                                     needs (scripts/build-kernel.sh distro, `make bindeb-pkg`;
#                                     hours from an empty ccache on 2 cores: design.md 2.1)
#
# The source given to dpkg-buildpackage is the working tree's files that git tracks or would
# track (uncommitted changes included, build/ and other ignored files left out).
# Needs root (debootstrap, chroot) and Debian's mirror.
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
D=$B/deb
suite=trixie
what=${1:-all}
# (perl-openssl-defaults: lintian needs the virtual perl-openssl-abi-3, which debootstrap does
# not resolve by itself.)
build_pkgs=debhelper,libssl-dev,libtss2-dev,lintian,perl-openssl-defaults

msg() { printf 'mkdeb: %s\n' "$*"; }
die() { printf 'mkdeb: error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/debootstrap-lib.sh
. "$top/scripts/debootstrap-lib.sh"

[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"
case "$what" in
tools | kernel | all) ;;
*) die "unknown package set '$what' (tools, kernel or all)" ;;
esac
mkdir -p "$D"
exec 9>"$D/.lock"
flock -n 9 || die "another mkdeb.sh is building in $D"

# The kernel package, from the Debian-configured tree of build-kernel.sh (which packs it).
kernel_package() {
	"$top/scripts/build-kernel.sh" distro
	rm -f "$D"/linux-image-*-hibseal_*.deb "$D"/linux-headers-*-hibseal_*.deb
	cp "$B"/kernel-distro/linux-image-*-hibseal_*.deb "$B"/kernel-distro/linux-headers-*-hibseal_*.deb "$D/" ||
		die "build-kernel.sh distro made no linux-image/linux-headers package"
	for f in "$D"/linux-*-hibseal_*.deb; do msg "done: $f"; done
}
if [ "$what" = kernel ]; then
	kernel_package
	exit 0
fi

# The build chroot: trixie's buildd variant (build-essential) with the Build-Depends of
# debian/control and lintian, cached by what it is made of.
debootstrap_cached "$D" chroot "$suite" buildd "$build_pkgs"

root=$D/chroot
cleanup() {
	mountpoint -q "$root/proc" && umount "$root/proc"
	return 0
}
trap cleanup EXIT
cleanup
unpack_root "$ROOTFS_TARBALL" "$root"
mount -t proc proc "$root/proc"

# The source tree, as git sees it (tracked and untracked-but-not-ignored files that exist).
mkdir -p "$root/src/hibseal"
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf -) | tar -C "$root/src/hibseal" -xf -

# No package of an earlier build may outlive a failure of this one.
rm -f "$D"/hibseal-tools_*.deb "$D"/hibseal-tools-dbgsym_*.deb
msg "dpkg-buildpackage in the $suite chroot"
if ! chroot "$root" sh -c 'cd /src/hibseal && dpkg-buildpackage -b -us -uc' \
	>"$D/tools-build.log" 2>&1; then
	tail -n 30 "$D/tools-build.log" >&2
	die "dpkg-buildpackage failed (all of it in $D/tools-build.log)"
fi
for f in "$root"/src/hibseal-tools_*.deb "$root"/src/hibseal-tools-dbgsym_*.deb; do
	[ -f "$f" ] && cp "$f" "$D/"
done
deb=$(ls "$D"/hibseal-tools_*_amd64.deb 2>/dev/null) || die "no hibseal-tools package was built"
# Debian's own checks of the package: an error fails the build, warnings are shown.
HOME=/tmp chroot --userspec=65534:65534 "$root" sh -c \
	'lintian --pedantic --fail-on error /src/hibseal-tools_*_amd64.deb' >"$D/lintian.log" 2>&1 ||
	{ cat "$D/lintian.log" >&2; die "lintian finds errors in ${deb##*/}"; }
sed 's/^/mkdeb: lintian: /' "$D/lintian.log"
[ -s "$D/lintian.log" ] || msg "lintian: no tags (--pedantic)"
grep -E '^test_[a-z_]+: ok lines' "$D/tools-build.log" | sed 's/^/mkdeb: unit: /'
msg "$(dpkg-deb -f "$deb" Package Version Depends | tr '\n' ' ')"
msg "done: $deb"
[ "$what" != all ] || kernel_package
