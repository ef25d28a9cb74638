#!/bin/bash
# build-kernel.sh [VARIANT]: build hibseal's test kernel from Debian's linux-source (scripts/linux-source.sh).
#
#   pristine tarball --unpack--> $B/linux  (reused while the package version is unchanged)
#   overlay (kernel/ drivers/ include/ Documentation/ Kconfig) --copy, checksummed--> $B/linux
#   patches/*.patch --applied in order, tracked in $B/applied/--> $B/linux
#   tinyconfig + configs/vm.config --merge, olddefconfig, verified--> .config
#   make bzImage (ccache) --> $B/bzImage
#
# Only files whose content changed get a new mtime, so editing one overlay file rebuilds in seconds.
#
# With VARIANT, the same source, patches and overlay in a tree of its own, $B/kernel-VARIANT/
# (linux/, applied/, bzImage, ...), configured with configs/variants/VARIANT.config merged last:
# "production" is the kernel a distribution would ship (no self-test, no KUnit), which
# seal.production and seal.gcm.roundtrip boot. A second tree, because Kbuild keeps one
# configuration per tree and switching would rebuild the main kernel each time.
#
# VARIANT "distro" is the kernel package of make deb, in $B/kernel-distro/: Debian's own amd64
# configuration (linux-config-6.12) instead of tinyconfig and configs/vm.config, then
# configs/distro.config, then localmodconfig with configs/distro-modules (the modules a laptop
# and the Debian VM need at boot; the rest of Debian's choices stay), and `make bindeb-pkg`:
# linux-image-*.deb and linux-headers-*.deb beside linux/.
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
. "$top/scripts/linux-source.sh"
tarball=$LINUX_TARBALL
variant=${1:-}
fragments=("$top/configs/vm.config")
S=$B	# this build's state: linux/ applied/ overlay.list config.stamp bzImage kernel.version
distro_config=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz
distro_modules=$top/configs/distro-modules
if [ "$variant" = distro ]; then
	fragments=("$top/configs/distro.config")
	S=$B/kernel-distro
elif [ -n "$variant" ]; then
	fragments+=("$top/configs/variants/$variant.config")
	[ -f "${fragments[-1]}" ] || { echo "build-kernel: error: no ${fragments[-1]}" >&2; exit 1; }
	S=$B/kernel-$variant
fi
src=$S/linux
jobs=${JOBS:-$(nproc)}

"$top/scripts/setup.sh"

msg() { printf 'build-kernel%s: %s\n' "${variant:+ ($variant)}" "$*"; }
die() { printf 'build-kernel: error: %s\n' "$*" >&2; exit 1; }

mkdir -p "$S"
pkgver=$(dpkg-query -W -f='${Version}' "$LINUX_SOURCE")
msg "source: Debian $LINUX_SOURCE $pkgver ($tarball)"

want="$LINUX_SOURCE $pkgver"
# 0. A variant's first build starts from a copy of the built test kernel's tree, its patches
#    and overlay: only its configuration differs, and Kbuild (which records the options each
#    object was compiled with) rebuilds only the objects its options reach, where a tree of
#    its own would preprocess every file again to find its objects in ccache (8 minutes here,
#    against about 2). Steps 1-3 then find the copy up to date.
if [ -n "$variant" ] && [ "$variant" != distro ] && [ ! -d "$src" ] && [ -f "$B/bzImage" ] &&
	[ "$(cat "$B/linux/.hibseal-source" 2>/dev/null)" = "$want" ]; then
	msg "starting from a copy of the test kernel's tree"
	rm -rf "$S/applied" "$S/overlay.list" "$S/config.stamp"
	cp -a "$B/linux" "$src.tmp"
	cp -a "$B/applied" "$S/applied"
	cp "$B/overlay.list" "$S/overlay.list"
	mv "$src.tmp" "$src"
fi

# 1. Unpack, unless the tree already holds this package version.
if [ ! -f "$src/.hibseal-source" ] || [ "$(cat "$src/.hibseal-source")" != "$want" ]; then
	msg "unpacking $tarball"
	rm -rf "$src" "$S/applied" "$S/overlay.list" "$S/config.stamp"
	mkdir -p "$src"
	tar -xJf "$tarball" -C "$src" --strip-components=1
	echo "$want" >"$src/.hibseal-source"
fi

# 2. Patches to upstream files, in order. $B/applied holds the series now in the tree; keep its
#    common prefix with patches/ and reverse the rest, then apply what is new.
mkdir -p "$S/applied"
want_series=() have_series=()
for f in "$top"/patches/*.patch; do [ -f "$f" ] && want_series+=("${f##*/}"); done
for f in "$S"/applied/*.patch; do [ -f "$f" ] && have_series+=("${f##*/}"); done
keep=0
while [ $keep -lt ${#have_series[@]} ] && [ $keep -lt ${#want_series[@]} ] &&
	[ "${have_series[$keep]}" = "${want_series[$keep]}" ] &&
	cmp -s "$S/applied/${have_series[$keep]}" "$top/patches/${want_series[$keep]}"; do
	keep=$((keep + 1))
done
i=$((${#have_series[@]} - 1))
while [ $i -ge $keep ]; do
	p=${have_series[$i]}
	msg "reverting $p"
	if ! patch -d "$src" -p1 -R -s --batch <"$S/applied/$p"; then
		rm -f "$src/.hibseal-source"
		die "could not revert $p; the tree will be unpacked afresh on the next run"
	fi
	rm -f "$S/applied/$p"
	i=$((i - 1))
done
i=$keep
while [ $i -lt ${#want_series[@]} ]; do
	p=${want_series[$i]}
	msg "applying $p"
	if ! patch -d "$src" -p1 -s --batch --forward <"$top/patches/$p"; then
		rm -f "$src/.hibseal-source"
		die "patch $p does not apply to $LINUX_SOURCE $pkgver"
	fi
	cp "$top/patches/$p" "$S/applied/$p"
	i=$((i + 1))
done

# 3. Overlay: new kernel files. An overlay file may not replace an upstream file (that is what
#    patches/ is for); files dropped from the overlay are removed from the tree again.
new_list=$(mktemp)
trap 'rm -f "$new_list"' EXIT
"$top/scripts/overlay-files.sh" | cut -f1 >"$new_list"
touch "$S/overlay.list"
while read -r f; do
	grep -qxF "$f" "$new_list" || { msg "overlay: removing $f"; rm -f "$src/$f"; }
done <"$S/overlay.list"
while IFS=$'\t' read -r f from; do
	from=$top/$from
	if [ -e "$src/$f" ] && ! grep -qxF "$f" "$S/overlay.list"; then
		die "overlay file $f would replace an upstream file; change it with a patch instead"
	fi
	if ! cmp -s "$from" "$src/$f"; then
		mkdir -p "$(dirname "$src/$f")"
		cp "$from" "$src/$f"
	fi
done < <("$top/scripts/overlay-files.sh")
cp "$new_list" "$S/overlay.list"

# 4. Configuration: regenerated when a fragment, a patch or our Kconfig changed.
kmake() { make -C "$src" -s CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
stamp_inputs=("${fragments[@]}" "$S"/applied/*.patch "$top/Kconfig")
[ "$variant" != distro ] || stamp_inputs+=("$distro_config" "$distro_modules")
stamp=$(cat "${stamp_inputs[@]}" 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ ! -f "$src/.config" ] || [ "$(cat "$S/config.stamp" 2>/dev/null)" != "$stamp" ]; then
	if [ "$variant" = distro ]; then
		[ -f "$distro_config" ] || die "no $distro_config (package linux-config-6.12)"
		msg "configuring: Debian's ${distro_config##*/} + ${fragments[*]#"$top/"}," \
			"localmodconfig with ${distro_modules#"$top/"}"
		xz -dc "$distro_config" >"$src/.config"
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O . .config "${fragments[@]}" >/dev/null)
		kmake olddefconfig >/dev/null
		# Modules: only those the list names (and what they need); built-in code stays.
		grep -v '^#' "$distro_modules" | sed '/^$/d' >"$S/lsmod"
		kmake LSMOD="$S/lsmod" localmodconfig </dev/null >"$S/localmodconfig.log" 2>&1 ||
			{ cat "$S/localmodconfig.log" >&2; die "localmodconfig failed"; }
		kmake olddefconfig >/dev/null
		"$top/scripts/check-config.sh" --distro "$src/.config" | sed 's/^/build-kernel (distro): /'
	else
		msg "configuring: tinyconfig + ${fragments[*]#"$top/"}"
		kmake tinyconfig >/dev/null
		(cd "$src" && scripts/kconfig/merge_config.sh -m -O . .config "${fragments[@]}" >/dev/null)
		kmake olddefconfig >/dev/null
	fi
	"$top/scripts/check-config.sh" "$src/.config" "${fragments[@]}"
	echo "$stamp" >"$S/config.stamp"
fi

# 5. Build. Fixed timestamp, user and host keep the output reproducible and ccache warm.
if [ "$variant" = distro ]; then
	# Debian's packaging of the kernel's own tree (scripts/package/): the image with its
	# modules, and the headers for out-of-tree modules (DKMS). No -dbg package's worth of
	# compression time: zstd.
	msg "building the Debian packages (bindeb-pkg) with -j$jobs"
	rm -f "$S"/*.deb "$S"/*.buildinfo "$S"/*.changes
	kbuild_env
	kmake -j"$jobs" KDEB_COMPRESS=zstd KDEB_PKGVERSION="$(kmake -s kernelversion)-$KBUILD_BUILD_VERSION" \
		KDEB_CHANGELOG_DIST=trixie bindeb-pkg >"$S/bindeb-pkg.log" 2>&1 ||
		{ tail -n 40 "$S/bindeb-pkg.log" >&2; die "bindeb-pkg failed (all of it in $S/bindeb-pkg.log)"; }
	echo "$LINUX_SOURCE $pkgver $(kmake -s kernelrelease)" >"$S/kernel.version"
	for f in "$S"/*.deb; do msg "done: $f"; done
	exit 0
fi
msg "building bzImage with -j$jobs"
# (scripts/linux-source.sh) With -g, ccache would hash the working directory into every object:
# the trees (build/linux, build/kernel-production/linux) would share nothing. Kbuild compiles
# with relative paths, so the objects are the same; only DW_AT_comp_dir names the other tree.
kbuild_env
kmake -j"$jobs" bzImage
# Module.symvers, which out-of-tree test modules (scripts/mklockdown.sh) link against.
[ -n "$variant" ] || kmake -j"$jobs" modules
cp "$src/arch/x86/boot/bzImage" "$S/bzImage.new"
mv "$S/bzImage.new" "$S/bzImage"
echo "$LINUX_SOURCE $pkgver $(kmake -s kernelrelease)" >"$S/kernel.version"
msg "done: $S/bzImage ($(cat "$S/kernel.version"))"
