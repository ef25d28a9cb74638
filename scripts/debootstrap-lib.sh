# shellcheck shell=bash
# debootstrap-lib.sh: the cached Debian roots of mkdebian.sh (the eco VM) and mkdeb.sh (the
# package build chroot). Sourced; the caller defines msg and die.

DEBIAN_MIRROR=${HIBSEAL_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# debootstrap_cached DIR NAME SUITE VARIANT PACKAGES [slim]: make sure a debootstrap of SUITE
# (VARIANT, with the comma-separated PACKAGES, from DEBIAN_MIRROR) is cached as
# DIR/NAME-KEY.tar.zst, KEY a digest of what it is made of; set ROOTFS_TARBALL to it. A new
# one replaces the older NAME-*. slim leaves out documentation and locales as well as the
# package caches.
debootstrap_cached() {
	local dir=$1 name=$2 suite=$3 variant=$4 pkgs=$5 slim=${6:-} key boot
	key=$(printf '%s %s %s %s\n' "$suite" "$variant" "$pkgs" \
		"$(dpkg-query -W -f='${Version}' debootstrap)" | sha256sum | cut -c1-16)
	ROOTFS_TARBALL=$dir/$name-$key.tar.zst
	[ ! -f "$ROOTFS_TARBALL" ] || return 0
	boot=$dir/bootstrap
	msg "debootstrap $suite ($variant) from $DEBIAN_MIRROR (once; cached as ${ROOTFS_TARBALL##*/})"
	rm -rf "$boot" "$dir/$name"-*.tar.zst
	debootstrap --variant="$variant" --include="$pkgs" "$suite" "$boot" "$DEBIAN_MIRROR" \
		>"$dir/debootstrap.log" 2>&1 ||
		{ tail -n 20 "$dir/debootstrap.log" >&2; die "debootstrap failed"; }
	rm -rf "$boot/var/cache/apt/archives/"*.deb "$boot/var/lib/apt/lists/"*
	[ "$slim" != slim ] ||
		rm -rf "$boot/usr/share/doc/"* "$boot/usr/share/man/"* "$boot/usr/share/locale/"*
	tar --numeric-owner -C "$boot" -cf - . | zstd -q -T0 -o "$ROOTFS_TARBALL.tmp"
	mv "$ROOTFS_TARBALL.tmp" "$ROOTFS_TARBALL"
	rm -rf "$boot"
}

# unpack_root TARBALL DIR: DIR afresh, holding the cached root.
unpack_root() {
	rm -rf "$2"
	mkdir -p "$2"
	zstd -q -d -c "$1" | tar --numeric-owner -C "$2" -xf -
}
