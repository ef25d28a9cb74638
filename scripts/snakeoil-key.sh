#!/bin/bash
# Decrypt the ovmf package's snakeoil signing key (passphrase "snakeoil", a published test key)
# into the build directory once, for sbsign.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
key=$B/keys/snakeoil.key
[ -s "$key" ] && exit 0
mkdir -p "$B/keys"
# Per process, then renamed: scenarios started side by side may both get here first.
(umask 077 && openssl pkey -in /usr/share/ovmf/PkKek-1-snakeoil.key -passin pass:snakeoil \
	-out "$key.$$")
mv -f "$key.$$" "$key"
