#!/bin/bash
# Decrypt the test firmware's snakeoil db key (scripts/ovmf.sh; passphrase "snakeoil", a
# published test key) into the build directory, for sbsign: once per firmware key.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
key=$B/keys/snakeoil.key
src=$B/ovmf/snakeoil.key
[ -s "$src" ] || { echo "snakeoil-key: no $src: run scripts/ovmf.sh (make setup)" >&2; exit 1; }
for_src=$(sha256sum "$src" | cut -d' ' -f1)
[ -s "$key" ] && [ "$(cat "$key.from" 2>/dev/null)" = "$for_src" ] && exit 0
mkdir -p "$B/keys"
# Per process, then renamed: scenarios started side by side may both get here first.
(umask 077 && openssl pkey -in "$src" -passin pass:snakeoil -out "$key.$$")
mv -f "$key.$$" "$key"
echo "$for_src" >"$key.from.$$"
mv -f "$key.from.$$" "$key.from"
