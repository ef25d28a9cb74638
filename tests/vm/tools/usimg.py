#!/usr/bin/env python3
"""usimg.py: read and damage an image that hibseal's s2disk stored on a swap disk image.

It finds its way only through the stored format (userspace/uswsusp/lib/stored_image.h: the swap
header page with struct hs_us_header at byte 2048, the chained map pages, then the sealed chunk
stream), as an attacker with the disk would. Flipping a bit leaves the header's and the map's
digests as they are: only the kernel can tell.

  usimg.py IMG layout        print the stream's size, pages and first chunks
  usimg.py IMG flip          flip one bit in the ciphertext of a data chunk mid-stream
Exit status: 0 done, 1 failure (reason on stderr), 2 usage.
"""
import struct
import sys

PAGE = 4096
HDR_OFF = 2048
# struct hs_us_header up to the image header: magic, version, header_size, stream_bytes,
# stream_pages, first_map, nr_maps
US_HDR = struct.Struct("<16sIIQQQQ")
IMAGE_OFF = HDR_OFF + 120
MAP = struct.Struct("<8sQII")
CHUNK = struct.Struct("<IIII")
CHUNK_MAGIC = 0x4B435348


class Fail(Exception):
    pass


def read_at(img, off, n):
    img.seek(off)
    data = img.read(n)
    if len(data) != n:
        raise Fail("offset %d is beyond the end of the disk" % off)
    return data


def load(img):
    head = read_at(img, 0, PAGE)
    if head[PAGE - 10:PAGE - 1] != b"ULSUSPEND":
        raise Fail("no image signature (found %r)" % head[PAGE - 10:])
    magic, _, _, stream_bytes, stream_pages, first_map, nr_maps = US_HDR.unpack_from(head, HDR_OFF)
    if magic.rstrip(b"\0") != b"HIBSEAL-USWSUSP":
        raise Fail("no hibseal header (magic %r)" % magic)
    tag_size = struct.unpack_from("<H", head, IMAGE_OFF + 14)[0]
    pages, off = [], first_map
    for _ in range(nr_maps):
        m = read_at(img, off, PAGE)
        mmagic, nxt, count, _ = MAP.unpack_from(m)
        if mmagic != b"HSUSMAP1":
            raise Fail("bad map page at %d" % off)
        pages += struct.unpack_from("<%dQ" % count, m, MAP.size)
        off = nxt
    if len(pages) != stream_pages:
        raise Fail("map lists %d pages, header says %d" % (len(pages), stream_pages))
    return stream_bytes, pages, tag_size


def chunks(img, stream_bytes, pages, tag_size, limit):
    """(stream offset, plaintext length) of the first LIMIT chunks."""
    def stream_read(off, n):
        out = b""
        while n:
            p, o = divmod(off, PAGE)
            k = min(n, PAGE - o)
            out += read_at(img, pages[p] + o, k)
            off, n = off + k, n - k
        return out

    found, off = [], 0
    while off < stream_bytes and len(found) < limit:
        magic, _, length, _ = CHUNK.unpack(stream_read(off, CHUNK.size))
        if magic != CHUNK_MAGIC:
            raise Fail("no chunk header at stream offset %d" % off)
        found.append((off, length))
        off += CHUNK.size + length + tag_size
    return found


def main(argv):
    if len(argv) != 3 or argv[2] not in ("layout", "flip"):
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], "r+b") as img:
        stream_bytes, pages, tag_size = load(img)
        found = chunks(img, stream_bytes, pages, tag_size, 8)
        if argv[2] == "layout":
            print("stream %d bytes in %d pages, tag %d bytes" % (stream_bytes, len(pages), tag_size))
            for i, (off, length) in enumerate(found):
                print("chunk %d at %d: %d bytes" % (i, off, length))
            return 0
        if len(found) < 4:
            raise Fail("too few chunks")
        off, length = found[3]
        target = off + CHUNK.size + length // 2
        p, o = divmod(target, PAGE)
        byte = read_at(img, pages[p] + o, 1)[0]
        img.seek(pages[p] + o)
        img.write(bytes([byte ^ 0x01]))
        print("flipped bit 0 of stream byte %d (chunk 3's ciphertext, disk offset %d)" %
              (target, pages[p] + o))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Fail as e:
        sys.stderr.write("usimg.py: %s\n" % e)
        sys.exit(1)
