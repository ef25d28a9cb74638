#!/bin/bash
# chunk-kat.sh [--check FILE]: compute the known-answer vectors of the KUnit test
# kernel/power/hibseal/tests/crypto_kunit.c independently of the kernel: HKDF-SHA256 and HMAC-SHA256 with Python's
# hashlib/hmac, AES-256 (CTR, and the blocks GCM needs) with the openssl command, GCM's GHASH
# in Python. Prints C arrays to paste into the test; with --check, compares them with the
# arrays of that name in FILE instead and prints 'ok - unit.kat.NAME' lines (make check).
#
# Inputs (the same as in the test): boot secret 00..1f, salt 20..3f, construction
# HIBSEAL_AEAD_AES256_CTR_HMAC_SHA256 (1, bound into every key: HKDF info = label || le16 1),
# chunk index 5, flags HIBSEAL_CHUNK_LZO, plaintext "hibseal known-answer chunk: 48 bytes of
# text.." . GCM: the same with HIBSEAL_AEAD_AES256_GCM (2). The image MAC: the CTR+HMAC image key
# over two tags (01 00.. and 02 00..) and a header (version 2, CTR+HMAC, 2 chunks, 64 pages,
# counter 7, the salt above, everything else zero).
set -eu
python3 - "$@" <<'PY'
import hashlib, hmac, re, struct, subprocess, sys

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

def aes_ecb(key, block):
    return subprocess.run(["openssl", "enc", "-aes-256-ecb", "-nosalt", "-nopad", "-K",
                           key.hex()], input=block, capture_output=True, check=True).stdout

def gf_mul(x, y):
    # GCM's multiplication in GF(2^128), bit-reflected (NIST SP 800-38D, algorithm 1)
    r, z, v = 0xE1 << 120, 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ r if v & 1 else v >> 1
    return z

def ghash(h, data):
    y, hv = 0, int.from_bytes(h, "big")
    for i in range(0, len(data), 16):
        y = gf_mul(y ^ int.from_bytes(data[i:i + 16], "big"), hv)
    return y.to_bytes(16, "big")

def pad16(b):
    return b + b"\0" * (-len(b) % 16)

gaead = struct.pack("<H", 2)
genc = hkdf(secret, salt, b"hibseal v2 chunk encryption" + gaead, 36)
gkey, gnonce = genc[:32], genc[32:36]
iv = gnonce + struct.pack("<Q", index)		# 96 bits: J0 = IV || be32 1
gct = subprocess.run(["openssl", "enc", "-aes-256-ctr", "-nosalt", "-K", gkey.hex(), "-iv",
                      (iv + struct.pack(">I", 2)).hex()], input=pt, capture_output=True,
                     check=True).stdout
s_ = ghash(aes_ecb(gkey, b"\0" * 16), pad16(aad) + pad16(gct) +
           struct.pack(">QQ", len(aad) * 8, len(gct) * 8))
gtag = bytes(a ^ b for a, b in zip(s_, aes_ecb(gkey, iv + struct.pack(">I", 1))))

tag_a, tag_b = b"\1" + b"\0" * 31, b"\2" + b"\0" * 31
mhdr = (b"HIBSEAL\0" + struct.pack("<HHHHII", 2, 1208, 1, 32, 0, 0) +
        struct.pack("<QQIIQ", 2, 64, 0, 0, 7) + salt + b"\0" * (1024 + 64))
mac = hmac.new(image, tag_a + tag_b + mhdr + b"\0" * 32, hashlib.sha256).digest()

out = [("kat_enc_key", enc), ("kat_auth_key", auth), ("kat_image_key", image),
       ("kat_chunk", hdr + ct + tag), ("kat_gcm_chunk", hdr + gct + gtag),
       ("kat_image_mac", mac)]
if len(sys.argv) > 2 and sys.argv[1] == "--check":
    src = open(sys.argv[2]).read()
    bad = 0
    for name, b in out:
        m = re.search(r"static const u8 %s\[\] = \{([^}]*)\};" % name, src)
        have = bytes(int(x, 16) for x in re.findall(r"0x([0-9a-f]{2})", m.group(1))) if m else None
        ok = have == b
        bad += not ok
        print("%s - unit.kat.%s%s" % ("ok" if ok else "not ok", name,
                                     "" if ok else " (the test's vector differs or is missing)"))
    sys.exit(1 if bad else 0)
for name, b in out:
    carr(name, b)
    print()
PY
