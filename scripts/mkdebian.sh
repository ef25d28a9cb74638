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
# The eco scenarios' disks: vda the ESP (not mounted), vdb a swap partition, vdc this root.
# Swap is enabled by the test service (tests/vm/debian/eco.sh), which picks partition or file.
/dev/vdc	/	ext4	rw,errors=remount-ro	0	1
FSTAB
# The tools as a user installs them: the package, by dpkg (its dependencies are in the base).
cp "$tools_deb" "$R/tmp/"
chroot "$R" dpkg -i "/tmp/${tools_deb##*/}" >"$D/dpkg-tools.log" 2>&1 ||
	{ cat "$D/dpkg-tools.log" >&2; die "dpkg -i ${tools_deb##*/} failed"; }
rm -f "$R/tmp/${tools_deb##*/}"
install -m 0755 "$top/tests/vm/debian/eco.sh" "$R/usr/local/sbin/hibseal-eco"
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

# 3. The initramfs, made by the root's own initramfs-tools for our kernel (built in: no modules).
mkdir -p "$R/lib/modules/$kver"
cp "$B/linux/.config" "$R/boot/config-$kver"	# mkinitramfs checks the compression against it
cp "$B/linux/modules.builtin" "$B/linux/modules.order" "$R/lib/modules/$kver/" 2>/dev/null || true
chroot "$R" depmod "$kver" 2>/dev/null || true
chroot "$R" mkinitramfs -o /boot/initrd.img "$kver" >"$D/mkinitramfs.log" 2>&1 ||
	{ cat "$D/mkinitramfs.log" >&2; die "mkinitramfs failed"; }
mv "$R/boot/initrd.img" "$D/initrd.img"

# 4. The root disk, and where the swap file starts on it (in 4 KiB blocks = pages).
rm -f "$D/root.img"
mke2fs -q -F -t ext4 -b 4096 -L hibseal-root -d "$R" "$D/root.img" 1536M
off=$(debugfs -R "bmap /swapfile 0" "$D/root.img" 2>/dev/null | tail -n 1)
case "$off" in
'' | *[!0-9]*) die "cannot find /swapfile's first block on root.img" ;;
esac
echo "$off" >"$D/swapfile.offset"
msg "$D/root.img (Debian $suite, systemd), initrd.img ($(du -k "$D/initrd.img" | cut -f1) KiB)," \
	"swap file at block $off"
