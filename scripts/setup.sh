#!/bin/bash
# Install every Debian package that hibseal's build and tests need (the test VMs' firmware,
# Debian 13's, comes from scripts/ovmf.sh).
# Idempotent: installs only what is missing, and runs apt-get update first when it does.
set -eu

PKGS="linux-source-6.12 build-essential bc flex bison libelf-dev libssl-dev cpio kmod ccache
python3 rsync xz-utils zstd
qemu-system-x86 qemu-utils swtpm swtpm-tools sbsigntool systemd-boot-efi
binutils mtools dosfstools busybox-static libtss2-dev libtss2-tcti-swtpm0 tpm2-tools openssl
e2fsprogs util-linux fdisk debootstrap shellcheck liblzo2-dev liblz4-dev python3-docutils python3-jsonschema
gnuplot-nox clang dwarves mandoc debian-archive-keyring
linux-config-6.12 debhelper efitools"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done

if [ -z "$missing" ]; then
	exit 0
fi

if [ "$(id -u)" != 0 ]; then
	echo "setup: missing packages:$missing (run as root to install them)" >&2
	exit 1
fi

echo "setup: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
