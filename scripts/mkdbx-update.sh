#!/bin/bash
# mkdbx-update.sh OUT: a Secure Boot dbx update as fwupd would write it, for the test VM's
# firmware (scripts/ovmf.sh: OVMF_VARS.snakeoil.fd, whose PK and KEK are Debian's snakeoil key): one SHA-256
# revocation in an EFI_SIGNATURE_LIST, signed with the KEK as a time-based authenticated
# append (sign-efi-sig-list, efitools), preceded by the four attribute bytes efivarfs takes.
# Written to /sys/firmware/efi/efivars/dbx-d719b2cb-3d3a-4596-a3bc-dad00e67656f in one write,
# the firmware appends it to dbx (status.secureboot-pending).
set -eu
out=$1
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
key=$B/ovmf/snakeoil.key	# Debian's ovmf: password "snakeoil"
cert=$B/ovmf/snakeoil.pem
[ -s "$key" ] || { echo "mkdbx-update: no $key: run scripts/ovmf.sh (make setup)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

openssl pkey -in "$key" -passin pass:snakeoil -out "$work/kek.key"
# EFI_SIGNATURE_LIST: SignatureType EFI_CERT_SHA256_GUID, list size, header size 0, entry size
# (owner GUID + hash); one entry, the hash of a name no binary has.
python3 - "$work/dbx.esl" <<'PY'
import hashlib, struct, sys, uuid
sha256_guid = uuid.UUID("c1c41626-504c-4092-aca9-41f936934328").bytes_le
owner = uuid.UUID("68697273-6561-6c00-0000-000000000001").bytes_le
digest = hashlib.sha256(b"hibseal test revocation").digest()
entry = owner + digest
esl = sha256_guid + struct.pack("<III", 28 + len(entry), 0, len(entry)) + entry
open(sys.argv[1], "wb").write(esl)
PY
# -a: append; a fixed timestamp keeps the initramfs reproducible (appends need no newer time).
sign-efi-sig-list -a -t "2026-01-01 00:00:00" -g d719b2cb-3d3a-4596-a3bc-dad00e67656f \
	-k "$work/kek.key" -c "$cert" dbx "$work/dbx.esl" "$work/dbx.auth" >/dev/null
# NON_VOLATILE | BOOTSERVICE | RUNTIME | TIME_BASED_AUTHENTICATED_WRITE | APPEND_WRITE
printf '\x67\x00\x00\x00' >"$out.tmp"
cat "$work/dbx.auth" >>"$out.tmp"
mv "$out.tmp" "$out"
