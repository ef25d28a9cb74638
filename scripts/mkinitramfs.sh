#!/bin/bash
# mkinitramfs.sh OUT: the test VM's initramfs (gzip'd newc cpio): busybox-static, the project's
# test programs, tests/vm/guest/init and the guest scenario scripts.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
out=$1
guest=$top/tests/vm/guest
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The programs are linked against the shared libraries they need, which go in beside them, and
# stripped: the firmware hashes the whole initramfs into PCR 9 and the kernel unpacks it on every
# boot, and under TCG each megabyte costs a few tenths of a second (with static OpenSSL in three
# programs and debug symbols it was 12.6 MiB compressed, about 4 seconds of each boot).
CFLAGS=(-std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -s)

root=$work/root
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,run,scenarios}
cp /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done

# Test programs.
gcc "${CFLAGS[@]}" -o "$root/bin/tpm2-pcrread" "$guest/tpm2-pcrread.c" "$guest/tpm2_pcr.c"
gcc "${CFLAGS[@]}" -o "$root/bin/hibseal-attack" "$guest/hibseal-attack.c"
gcc "${CFLAGS[@]}" -o "$root/bin/lockdown-matrix" "$guest/lockdown-matrix.c"
gcc "${CFLAGS[@]}" -o "$root/bin/hibseal-memread" "$guest/hibseal-memread.c"
gcc "${CFLAGS[@]}" -o "$root/bin/efivar-write" "$guest/efivar-write.c"
gcc "${CFLAGS[@]}" -o "$root/bin/hsfill" "$guest/hsfill.c" "$top/userspace/bench/fill.c"
# hibseal, every subcommand (the guest's scripts call hibseal suspend and hibseal resume). It
# asks the TPM through tpm2-tss, whose TCTI loader opens the device TCTI with dlopen: the device
# TCTI goes in too.
us=$top/userspace/uswsusp
us_inc=(-I"$top/include/uapi" -I"$us/include" -I"$us/lib" -I"$us/programs")
gcc "${CFLAGS[@]}" "${us_inc[@]}" -o "$root/bin/hibseal" \
	"$us/programs/"{hibseal,utils,cmd_inspect,cmd_verify,cmd_status,cmd_pin_boot,cmd_suspend,cmd_resume,snapshot}.c \
	"$us/lib/"{image,status,config,json,eventlog,bootentry,seal,verify,tpm_esys,stored_image}.c \
	-lcrypto -ltss2-esys -ltss2-tctildr -ltss2-rc 2>"$work/hibseal-link.log" ||
	{ cat "$work/hibseal-link.log" >&2; exit 1; }
tcti_device=$(ldconfig -p | awk '/libtss2-tcti-device.so.0 .*x86-64/ { print $NF; exit }')
[ -n "$tcti_device" ] || { echo "mkinitramfs: libtss2-tcti-device.so.0 not found" >&2; exit 1; }
gcc "${CFLAGS[@]}" "${us_inc[@]}" -o "$root/bin/uswsusp-attack" \
	"$guest/uswsusp-attack.c" "$us/lib/"{stored_image,config,image}.c \
	-lcrypto -lpthread -ldl 2>"$work/attack-link.log" ||
	{ cat "$work/attack-link.log" >&2; exit 1; }
# The shared libraries every program needs (busybox is static), the device TCTI and theirs, and
# the dynamic loader.
for obj in "$root"/bin/* "$root"/sbin/* "$tcti_device"; do
	if [ ! -e "$obj" ] || [ -L "$obj" ] || [ "$obj" = "$root/bin/busybox" ]; then continue; fi
	ldd "$obj" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }'
done | sort -u | while read -r lib; do
	mkdir -p "$root$(dirname "$lib")"
	cp -L "$lib" "$root$lib"
done
mkdir -p "$root$(dirname "$tcti_device")"
cp -L "$tcti_device" "$root$tcti_device"
# The host lists the matrix rows with the same binary.
cp "$root/bin/lockdown-matrix" "$(dirname "$out")/lockdown-matrix"

install -m 0755 "$guest/init" "$root/init"
# What the kernel runs for request_module(): root's helper in attack.umh-window, else nothing.
install -m 0755 "$guest/umh-modprobe" "$root/sbin/modprobe"
# The kernel's symbol map, as a distribution ships it in /boot: the attack scenarios find
# kernel data with it (with the KASLR slide from /proc/kallsyms).
mkdir -p "$root/boot"
[ ! -f "$B/linux/System.map" ] || cp "$B/linux/System.map" "$root/boot/System.map"
install -m 0644 "$guest"/scenarios/*.sh "$root/scenarios/"
# A KEK-signed dbx update for the firmware (status.secureboot-pending).
mkdir -p "$root/data"
"$top/scripts/mkdbx-update.sh" "$root/data/dbx-append.var"

# Reproducible archive: sorted names, fixed owner and mtime.
(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc -R 0:0 --reproducible --quiet) | gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
