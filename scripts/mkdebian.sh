#!/bin/bash
# mkdebian.sh: the Debian 13 test VM of the eco.* scenarios (issues 7 and 19), under $B/debian/:
#
#   debootstrap trixie (systemd, udev, D-Bus, initramfs-tools, tpm2-tss)
#       --> base-KEY.tar.zst       built once, kept while the package list is unchanged
#   + our tools (the hibseal-tools package of make deb, installed with dpkg -i), the guest's
#     test service and sleep hook (tests/vm/debian/),
#     an unprivileged user, fstab, initramfs-tools configuration, a swap file
#       --> root/                  unpacked afresh from the base each run
#   mkinitramfs, run in root/ for our kernel's version (initramfs-tools, gzip)
#       --> initrd.img             what the eco scenarios' UKIs carry
#   mke2fs -d root/
#       --> root.img               the root disk (ext4, sparse), copied by each scenario
#       --> swapfile.offset        /swapfile's first block, for resume_offset=
#       --> built-from             last, the SHA-256 of the two packages installed (our
#                                  kernel's and hibseal-tools) and of the certificate of the
#                                  key that signed its boot files: debian_init
#                                  (tests/vm/lib.sh) boots the VM only for this build's
#
# Needs root (debootstrap, chroot) and Debian's mirror. A few seconds when the base is cached.
# With --base, only step 1 (it needs no kernel: make check runs it beside the kernel build).
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
D=$B/debian
suite=trixie
pkgs=systemd,systemd-sysv,dbus,udev,initramfs-tools,kmod,procps,e2fsprogs,util-linux
# The boot chain a Debian 13 user sets up: systemd-boot, and kernel-install building a signed
# UKI with ukify (sbsign) whenever a kernel package is installed.
pkgs=$pkgs,systemd-boot,systemd-boot-efi,systemd-ukify,sbsigntool
# GRUB's chain (eco.grub.chain): the shim and GRUB that Debian signs, as built, unsigned (the
# scenario signs them with the VM's db key, as Debian's own keys sign them for a laptop).
pkgs=$pkgs,shim-unsigned,grub-efi-amd64-unsigned
# dracut, beside initramfs-tools (dracut-core: the tool without its package's hooks, which would
# replace initramfs-tools): uswsusp.dracut builds its initramfs with it.
pkgs=$pkgs,dracut-core,dracut-install
# (debootstrap resolves no virtual package: ukify's python3-zstandard needs the cffi backend's.)
pkgs=$pkgs,python3-cffi-backend
# hibseal-tools' dependencies (dpkg -i resolves none), and the device TCTI it loads.
pkgs=$pkgs,libssl3t64,libtss2-esys-3.0.2-0t64,libtss2-tctildr0t64,libtss2-tcti-device0t64
pkgs=$pkgs,libtss2-rc0t64

msg() { printf 'mkdebian: %s\n' "$*"; }
die() { printf 'mkdebian: error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=scripts/debootstrap-lib.sh
. "$top/scripts/debootstrap-lib.sh"

base_only=0
[ "${1:-}" != --base ] || base_only=1
[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"
if [ $base_only = 0 ]; then
	[ -f "$B/kernel.version" ] || die "no kernel built in $B: run 'make kernel' first"
	kver=$(cut -d' ' -f3 "$B/kernel.version")
	tools_deb=$(ls "$B"/deb/hibseal-tools_*_amd64.deb 2>/dev/null) ||
		die "no hibseal-tools package in $B/deb: run 'make deb' first"
fi
mkdir -p "$D"
# Nothing of an earlier VM may outlive a failure of this build: the eco scenarios would test the
# kernel and tools it was made of.
[ $base_only = 1 ] || rm -f "$D/built-from" "$D/root.img" "$D"/esp-*.img "$D/swapfile.offset"

# 1. The base system, cached by what it is made of (without documentation: nothing the VM
#    needs).
debootstrap_cached "$D" base "$suite" minbase "$pkgs" slim
base=$ROOTFS_TARBALL
[ $base_only = 0 ] || { msg "base: ${base##*/}"; exit 0; }

# 2. This build's root: the base, our tools and the test service.
R=$D/root
unpack_root "$base" "$R"
echo hibseal-debian >"$R/etc/hostname"
cat >"$R/etc/fstab" <<'FSTAB'
# The eco scenarios' disks: vda the ESP (GPT, one partition), vdb a swap partition, vdc this root.
# Swap is enabled by the test service (tests/vm/debian/eco.sh), which picks partition or file.
/dev/vdc	/	ext4	rw,errors=remount-ro	0	1
/dev/vda1	/efi	vfat	umask=0077,nofail	0	0
FSTAB
# The tools as a user installs them: the package, by dpkg (its dependencies are in the base).
cp "$tools_deb" "$R/tmp/"
chroot "$R" dpkg -i "/tmp/${tools_deb##*/}" >"$D/dpkg-tools.log" 2>&1 ||
	{ cat "$D/dpkg-tools.log" >&2; die "dpkg -i ${tools_deb##*/} failed"; }
rm -f "$R/tmp/${tools_deb##*/}"
# initramfs-tools stays the initrd generator of kernel-install: dracut-core's plugins masked.
mkdir -p "$R/etc/kernel/install.d"
ln -sf /dev/null "$R/etc/kernel/install.d/50-dracut.install"
ln -sf /dev/null "$R/etc/kernel/install.d/51-dracut-rescue.install"
install -m 0755 "$top/tests/vm/debian/eco.sh" "$R/usr/local/sbin/hibseal-eco"
install -D -m 0644 "$top/tests/vm/debian/eco-lib.sh" "$R/usr/local/lib/hibseal-eco.sh"
install -D -m 0755 "$top/tests/vm/debian/eco-sleep-hook" "$R/usr/lib/systemd/system-sleep/hibseal-eco"
install -m 0644 "$top/tests/vm/debian/hibseal-eco.service" "$R/etc/systemd/system/"
ln -sf /etc/systemd/system/hibseal-eco.service "$R/etc/systemd/system/multi-user.target.wants/"
# A quiet, quick boot: no login prompts, no timers; the console is the harness's.
for unit in getty@tty1.service serial-getty@ttyS0.service apt-daily.timer \
	apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service fstrim.timer \
	systemd-timesyncd.service; do
	ln -sf /dev/null "$R/etc/systemd/system/$unit"
done
chroot "$R" useradd --create-home --shell /bin/bash eco
# initramfs-tools: gzip (what the test kernel unpacks) and the swap partition to resume from
# (its local-premount/resume script writes it to /sys/power/resume).
sed -i 's/^COMPRESS=.*/COMPRESS=gzip/' "$R/etc/initramfs-tools/initramfs.conf"
echo "RESUME=/dev/vdb" >"$R/etc/initramfs-tools/conf.d/resume"
# A swap file without holes (mke2fs -d leaves all-zero blocks out), for eco.swapfile.
head -c 192M /dev/zero | tr '\0' '\252' >"$R/swapfile"
chmod 600 "$R/swapfile"
mkswap -L swapfile "$R/swapfile" >/dev/null

# 3. Our kernel as a Debian 13 user installs one, with systemd-boot and signed UKIs: the
#    package, by dpkg. Its maintainer scripts run /etc/kernel/postinst.d/: initramfs-tools makes
#    /boot/initrd.img-KVER (and, through /etc/initramfs/post-update.d/, systemd-boot's hook),
#    then zz-systemd-boot calls kernel-install, which (layout=uki) has ukify build the UKI from
#    the kernel, that initrd, /etc/kernel/cmdline and the os-release, sign it with sbsign, and
#    put it in the ESP's EFI/Linux/, where systemd-boot finds it.
#    The ESP is /efi in the root during the build (SYSTEMD_RELAX_ESP_CHECKS: a directory, not
#    a mounted vfat), then packed into one disk image per command line (debian_esp).
#    The signing key: the ovmf package's snakeoil db key (scripts/snakeoil-key.sh), the key the
#    test firmware trusts; it is in the root only while the UKIs are built.
"$top/scripts/snakeoil-key.sh"
"$top/scripts/mkkernel-deb.sh"
kernel_deb=$B/deb/kernel/linux-image-${kver}_${kver}-1_amd64.deb
[ -f "$kernel_deb" ] || die "no $kernel_deb"
cat >"$R/etc/kernel/install.conf" <<'CONF'
# hibseal's Debian VM: kernel-install builds a signed UKI for systemd-boot.
layout=uki
uki_generator=ukify
CONF
cat >"$R/etc/kernel/uki.conf" <<'CONF'
[UKI]
SecureBootSigningTool=sbsign
SecureBootPrivateKey=/etc/kernel/secure-boot-private-key.pem
SecureBootCertificate=/etc/kernel/secure-boot-certificate.pem
CONF
echo debian >"$R/etc/kernel/entry-token"
install -m 0644 "$B/ovmf/snakeoil.pem" "$R/etc/kernel/secure-boot-certificate.pem"
# signing_key on|off: the private key in the root only while something signs with it.
signing_key() {
	if [ "$1" = on ]; then
		install -m 0600 "$B/keys/snakeoil.key" "$R/etc/kernel/secure-boot-private-key.pem"
	else
		rm -f "$R/etc/kernel/secure-boot-private-key.pem"
	fi
}
# kernel_install VARIANT [OFFSET [INITRD]]: the UKI of that command line (with that initrd,
# by default initramfs-tools' of the kernel package), then its ESP image; the root keeps the
# partition variant's line (what a kernel installed in the VM gets).
kernel_install() {
	debian_cmdline "$1" "${2:-}" >"$R/etc/kernel/cmdline"
	signing_key on
	chroot "$R" kernel-install add "$kver" "/boot/vmlinuz-$kver" "${3:-/boot/initrd.img-$kver}" \
		>"$D/kernel-install-$1.log" 2>&1 ||
		{ cat "$D/kernel-install-$1.log" >&2; die "kernel-install ($1) failed"; }
	signing_key off
	debian_cmdline partition >"$R/etc/kernel/cmdline"
	"$top/scripts/mkesp.sh" --dir "$R/efi" "$D/esp-$1.img"
}
signing_key on
# systemd-boot signed with the same key, as bootctl install takes it (the .signed beside it).
efi=/usr/lib/systemd/boot/efi
chroot "$R" sbsign --key /etc/kernel/secure-boot-private-key.pem \
	--cert /etc/kernel/secure-boot-certificate.pem \
	--output "$efi/systemd-bootx64.efi.signed" "$efi/systemd-bootx64.efi" >/dev/null 2>&1 ||
	die "sbsign of systemd-boot failed"
mkdir -p "$R/efi"
mount -t tmpfs -o mode=0755 hibseal-esp "$R/efi"	# bootctl wants the ESP to be a mount point
trap 'umount "$R/efi" 2>/dev/null || true' EXIT
export SYSTEMD_RELAX_ESP_CHECKS=1
chroot "$R" bootctl install --esp-path=/efi --no-variables >"$D/bootctl.log" 2>&1 ||
	{ cat "$D/bootctl.log" >&2; die "bootctl install failed"; }
printf 'timeout 0\n' >"$R/efi/loader/loader.conf"

# debian_cmdline VARIANT: the command line of that ESP (root on vdc, the console the harness
# reads, what resumes, and hibseal_eco= for the test service).
debian_cmdline() {
	local c="root=/dev/vdc rw console=ttyS0 panic=-1 kunit.enable=0"
	case "$1" in
	partition) c="$c resume=/dev/vdb hibseal_eco=partition" ;;
	update) c="$c resume=/dev/vdb hibseal_eco=update" ;;
	# Through S3: OVMF rebuilds page tables at 8 MiB on every wake-up (docs/testing.md).
	hybrid | s2h) c="$c resume=/dev/vdb memmap=64K\$0x800000 hibseal_eco=$1" ;;
	swapfile) c="$c resume=/dev/vdc resume_offset=$2 hibseal_eco=swapfile" ;;
	grub) c="$c resume=/dev/vdb hibseal_eco=grub" ;;
	initramfs) c="$c hibseal_eco=partition" ;;	# initramfs-tools' RESUME= resumes
	# hibseal suspend and the initramfs's hibseal resume (/etc/uswsusp.conf): no resume=.
	ustools | usdracut) c="$c hibseal_eco=$1" ;;
	reason) c="$c hibseal_eco=reason" ;;
	esac
	echo "$c"
}
debian_cmdline partition >"$R/etc/kernel/cmdline"
cp "$kernel_deb" "$R/tmp/"
signing_key on
chroot "$R" dpkg -i "/tmp/${kernel_deb##*/}" >"$D/dpkg-kernel.log" 2>&1 ||
	{ cat "$D/dpkg-kernel.log" >&2; die "dpkg -i ${kernel_deb##*/} failed"; }
rm -f "$R/tmp/${kernel_deb##*/}"
uki=efi/EFI/Linux/debian-$kver.efi
signing_key off
[ -f "$R/$uki" ] || { cat "$D/dpkg-kernel.log" >&2; die "installing the kernel made no /$uki"; }
cp "$R/boot/initrd.img-$kver" "$D/initrd.img"
"$top/scripts/mkesp.sh" --dir "$R/efi" "$D/esp-partition.img"

# The uswsusp path (uswsusp.initramfs-tools, uswsusp.dracut): a system configured to hibernate
# with hibseal suspend (/etc/uswsusp.conf names the resume device), whose initramfs runs
# hibseal resume: one made by initramfs-tools with the package's hook, one by dracut with its
# module, each into a UKI of its own. Both are built in the background while kernel-install
# makes the other UKIs (which pass their initrd and regenerate none). The configuration is
# taken out of the shared root again afterwards: the other scenarios' kernel installs
# (eco.kernel-update) stay as they were, and the uswsusp scenarios' test service writes it
# back, as the user did.
echo "resume device = /dev/vdb" >"$R/etc/uswsusp.conf"
chroot "$R" mkinitramfs -o "/boot/initrd-ustools.img" "$kver" >"$D/mkinitramfs-ustools.log" 2>&1 &
us_tools=$!
chroot "$R" dracut --force --quiet --no-hostonly --gzip --kver "$kver" "/boot/initrd-usdracut.img" \
	>"$D/dracut.log" 2>&1 &
us_dracut=$!
# The other command lines: kernel-install again after /etc/kernel/cmdline changed, as a user
# who edits it does (the swap file's, which needs the file's place on disk, after step 4).
kernel_install initramfs
kernel_install reason
kernel_install update
kernel_install hybrid
kernel_install s2h

wait "$us_tools" || { cat "$D/mkinitramfs-ustools.log" >&2; die "mkinitramfs with hibseal's hook failed"; }
wait "$us_dracut" || { cat "$D/dracut.log" >&2; die "dracut failed"; }
for i in ustools usdracut; do
	chroot "$R" lsinitramfs "/boot/initrd-$i.img" 2>/dev/null | grep -qx 'usr/bin/hibseal' ||
		die "the $i initramfs has no hibseal"
	kernel_install "$i" "" "/boot/initrd-$i.img"
	rm -f "$R/boot/initrd-$i.img"
done
rm -f "$R/etc/uswsusp.conf"

# The kernel update of eco.kernel-update: a stand-in for the next kernel package, our package
# repackaged as the next patch release (vmlinuz, modules and maintainer scripts renamed). The
# kernel inside is the same; what the scenario needs is what an update brings: a newer entry
# beside this boot's, whose UKI (its .uname, its initrd) measures differently into PCR 4.
next=${kver%.*}.$((${kver##*.} + 1))
rm -rf "$D/next"
dpkg-deb -R "$kernel_deb" "$D/next"
(cd "$D/next" &&
	find . -depth -name "*$kver*" -not -path './DEBIAN*' | while read -r f; do
		b=${f##*/}
		mv "$f" "${f%/*}/${b//"$kver"/"$next"}"
	done &&
	sed -i "s/$kver/$next/g" DEBIAN/control DEBIAN/pre* DEBIAN/post* &&
	find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | xargs -0 md5sum >DEBIAN/md5sums)
mkdir -p "$R/var/cache/hibseal-eco"
dpkg-deb -Zzstd -b "$D/next" "$R/var/cache/hibseal-eco/linux-image-${next}_${next}-1_amd64.deb" >/dev/null
rm -rf "$D/next"

# GRUB's chain (eco.grub.chain), laid out as a Debian 13 laptop with shim and GRUB has it, in
# an ESP of its own: shim as the firmware's removable-media loader with GRUB beside it, GRUB's
# configuration in its prefix (EFI/debian), and there too the kernel it loads (signed: shim's
# verifier checks it for GRUB) and that kernel's initrd. The binaries are Debian's own builds of
# what its keys sign for a laptop (shim-unsigned's shim, grub-efi-amd64-unsigned's monolithic
# GRUB, with the tpm module that measures into PCRs 8 and 9), signed with the VM's db key.
G=$D/grub.build
rm -rf "$G"
mkdir -p "$G/EFI/BOOT" "$G/EFI/debian"
dbsign() {
	sbsign --key "$B/keys/snakeoil.key" --cert "$B/ovmf/snakeoil.pem" \
		--output "$2" "$1" >/dev/null 2>&1 || die "sbsign of $1 failed"
}
dbsign "$R/usr/lib/shim/shimx64.efi" "$G/EFI/BOOT/BOOTX64.EFI"
dbsign "$R/usr/lib/grub/x86_64-efi/monolithic/grubx64.efi" "$G/EFI/BOOT/grubx64.efi"
dbsign "$R/boot/vmlinuz-$kver" "$G/EFI/debian/vmlinuz"
cp "$R/boot/initrd.img-$kver" "$G/EFI/debian/initrd.img"
cat >"$G/EFI/debian/grub.cfg" <<CFG
set timeout=0
menuentry 'Debian GNU/Linux, with Linux $kver' {
	linux /EFI/debian/vmlinuz $(debian_cmdline grub)
	initrd /EFI/debian/initrd.img
}
CFG
"$top/scripts/mkesp.sh" --dir "$G" "$D/esp-grub.img"
rm -rf "$G"

# 4. The root disk, and where the swap file starts on it (in 4 KiB blocks = pages).
#    /efi stays an empty mount point there: the ESP is its own disk.
rm -f "$D/root.img"
rm -rf "$D/efi.build"
cp -a "$R/efi" "$D/efi.build"
umount "$R/efi"
# What systemd does once after a package update (ConditionNeedsUpdate: ldconfig, the journal
# catalog, hwdb) was done by the packages' own scripts in the chroot: mark it done, as
# systemd-update-done would at the first boot, so that no boot of a copy repeats it.
touch -r "$R/usr" "$R/etc/.updated" "$R/var/.updated"
mke2fs -q -F -t ext4 -b 4096 -L hibseal-root -d "$R" "$D/root.img" 1536M
mount -t tmpfs -o mode=0755 hibseal-esp "$R/efi"
cp -a "$D/efi.build/." "$R/efi/"
rm -rf "$D/efi.build"
off=$(debugfs -R "bmap /swapfile 0" "$D/root.img" 2>/dev/null | tail -n 1)
case "$off" in
'' | *[!0-9]*) die "cannot find /swapfile's first block on root.img" ;;
esac
echo "$off" >"$D/swapfile.offset"

# 5. The swap file's command line, now that its place is known.
kernel_install swapfile "$off"
sha256sum "$kernel_deb" "$tools_deb" "$B/ovmf/snakeoil.pem" | cut -d' ' -f1 >"$D/built-from"
msg "$D/root.img (Debian $suite, systemd), initrd.img ($(du -k "$D/initrd.img" | cut -f1) KiB)," \
	"swap file at block $off, ESPs: $(cd "$D" && echo esp-*.img)"
