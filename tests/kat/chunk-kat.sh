#!/bin/bash
# chunk-kat.sh: compute the known-answer vectors of the KUnit test hibseal_crypto_kunit.c
# independently of the kernel: HKDF-SHA256 and HMAC-SHA256 with Python's hashlib/hmac,
# AES-256-CTR with the openssl command. Prints C arrays to paste into the test.
#
# Inputs (the same as in the test): boot secret 00..1f, salt 20..3f, construction
# HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256 (1, bound into every key: HKDF info = label || le16 1),
# chunk index 5, flags HIBSEAL_CHUNK_LZO, plaintext "hibseal known-answer chunk: 48 bytes of
# text.." .
set -eu
python3 - <<'PY'
import hashlib, hmac, struct, subprocess

def hkdf(ikm, salt, info, n):
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, t, i = b"", b"", 1
    while len(out) < n:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out += t
        i += 1
    return out[:n]

def carr(name, b):
    body = ", ".join("0x%02x" % x for x in b)
    lines, line = [], "\t"
    for item in body.split(", "):
        if len(line) + len(item) + 2 > 96:
            lines.append(line.rstrip())
            line = "\t"
        line += item + ", "
    lines.append(line.rstrip())
    print("static const u8 %s[] = {\n%s\n};" % (name, "\n".join(lines)))

secret = bytes(range(32))
salt = bytes(range(32, 64))
aead = struct.pack("<H", 1)
enc = hkdf(secret, salt, b"hibseal v2 chunk encryption" + aead, 36)
auth = hkdf(secret, salt, b"hibseal v2 chunk authentication" + aead, 32)
image = hkdf(secret, salt, b"hibseal v2 image mac" + aead, 32)
index, flags = 5, 0x2
pt = b"hibseal known-answer chunk: 48 bytes of text.."
pt = pt + b"\0" * (48 - len(pt))
hdr = struct.pack("<IIII", 0x4b435348, flags, len(pt), 0)
# rfc3686 counter block: nonce (key's last 4 bytes) || IV (le64 index) || be32 counter from 1
ctrblk = enc[32:36] + struct.pack("<Q", index) + struct.pack(">I", 1)
ct = subprocess.run(["openssl", "enc", "-aes-256-ctr", "-nosalt", "-K", enc[:32].hex(),
                     "-iv", ctrblk.hex()], input=pt, capture_output=True, check=True).stdout
aad = salt + struct.pack("<Q", index) + hdr
tag = hmac.new(auth, aad + ct, hashlib.sha256).digest()
carr("kat_enc_key", enc)
print()
carr("kat_auth_key", auth)
print()
carr("kat_image_key", image)
print()
carr("kat_chunk", hdr + ct + tag)
PY
