#!/bin/bash
# scripts/ovmf.sh: the test VMs' firmware, Debian 13's ovmf package (OVMF with Secure Boot and
# its snakeoil keys), unpacked into $B/ovmf once. Debian 13 is the system hibseal ships for,
# and its OVMF reaches its boot manager in about half the time of Debian 12's under TCG (about
# 4.5 s less per boot with a TPM: docs/testing.md). apt fetches it from DEBIAN_MIRROR with a
# configuration of its own (nothing of the host's apt changes) and checks it as it checks any
# package: the suite's Release file signed by a key of debian-archive-keyring, the package's
# SHA-256 from that Release.
# Afterwards $B/ovmf holds: OVMF_CODE.fd (the Secure Boot build with SMM), OVMF_VARS.fd (no
# keys enrolled), OVMF_VARS.snakeoil.fd (Debian's snakeoil PK, KEK and db enrolled),
# snakeoil.pem and snakeoil.key (that key, passphrase "snakeoil"), and version.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
D=$B/ovmf
names="OVMF_CODE.fd OVMF_VARS.fd OVMF_VARS.snakeoil.fd snakeoil.pem snakeoil.key version"

have=1
for f in $names; do [ -s "$D/$f" ] || have=0; done
[ $have = 0 ] || exit 0

msg() { echo "ovmf: $*"; }
die() { echo "ovmf: $*" >&2; exit 1; }
# shellcheck source=scripts/debootstrap-lib.sh
. "$top/scripts/debootstrap-lib.sh"

keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || die "no $keyring (package debian-archive-keyring): cannot check Debian 13's packages"
work=$D.tmp.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/deb"
printf 'deb [signed-by=%s] %s trixie main\n' "$keyring" "$DEBIAN_MIRROR" >"$work/sources.list"
apt_opts=(-q -o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
	-o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o Acquire::Languages=none
	-o APT::Sandbox::User=root)
msg "fetching Debian 13's ovmf from $DEBIAN_MIRROR (once)"
apt-get "${apt_opts[@]}" update >"$work/apt.log" 2>&1 ||
	{ tail -n 20 "$work/apt.log" >&2; die "apt-get update of trixie failed"; }
(cd "$work/deb" && apt-get "${apt_opts[@]}" download ovmf) >>"$work/apt.log" 2>&1 ||
	{ tail -n 20 "$work/apt.log" >&2; die "apt-get download ovmf failed"; }
deb=$(find "$work/deb" -name 'ovmf_*_all.deb' | head -n 1)
[ -n "$deb" ] || die "apt-get download left no ovmf package"
dpkg-deb -x "$deb" "$work/root"
src=$work/root/usr/share
for f in OVMF/OVMF_CODE_4M.secboot.fd OVMF/OVMF_VARS_4M.fd OVMF/OVMF_VARS_4M.snakeoil.fd \
	ovmf/PkKek-1-snakeoil.pem ovmf/PkKek-1-snakeoil.key; do
	[ -s "$src/$f" ] || die "${deb##*/} has no /usr/share/$f"
done
rm -rf "$D"
mkdir -p "$D"
cp "$src/OVMF/OVMF_CODE_4M.secboot.fd" "$D/OVMF_CODE.fd"
cp "$src/OVMF/OVMF_VARS_4M.fd" "$D/OVMF_VARS.fd"
cp "$src/OVMF/OVMF_VARS_4M.snakeoil.fd" "$D/OVMF_VARS.snakeoil.fd"
cp "$src/ovmf/PkKek-1-snakeoil.pem" "$D/snakeoil.pem"
cp "$src/ovmf/PkKek-1-snakeoil.key" "$D/snakeoil.key"
dpkg-deb -f "$deb" Version >"$D/version"
msg "OVMF $(cat "$D/version") (Debian 13) in $D"
