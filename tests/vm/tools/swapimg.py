#!/usr/bin/env python3
"""swapimg.py: read and damage a sealed hibernation image on a swap disk image, for the tests.

It finds its way only through the on-disk format (the swap header page, the swap map pages,
the sealed image header and the chunk headers), as an attacker with the disk would.

  swapimg.py IMG layout               print the layout
  swapimg.py IMG flip REGION          flip one bit in header|keyblob|metadata|chunk|tag
  swapimg.py IMG truncate             drop the pages of the last chunk from the swap map
  swapimg.py IMG reorder              swap two neighbouring data chunks of equal size
  swapimg.py IMG duplicate            replace a data chunk with a copy of the one before it
  swapimg.py IMG hide                 overwrite the hibernation signature (no resume)
  swapimg.py IMG unhide               put the hibernation signature back
  swapimg.py IMG set-version N        write format version N into the sealed image header
  swapimg.py IMG seal-header-page     print the page number of the sealed image header
  swapimg.py IMG chunk-page           print the first page of a data chunk mid-image
  swapimg.py IMG stream-pages         print how many swap pages the data chunks take
  swapimg.py IMG identity             print the image's anti-replay counter and salt
  swapimg.py IMG set FIELD VALUE      write VALUE into one field of the sealed header
                                      (version, header_size, aead, tag_size, flags,
                                      key_blob_size, nr_chunks, image_pages, reserved1,
                                      reserved2[N]) or of the swap header (swap.flags,
                                      swap.image; swap.image=map2 names the second map page)
  swapimg.py IMG find STRING          exit 0 if STRING occurs anywhere in IMG, 1 if not
  swapimg.py IMG cut-at-ring CPUS     end the swap map inside a compressed chunk (sealed or
                                      plain image) where upstream's compressed reader, with
                                      the workers it runs on CPUS CPUs and an 8192-page
                                      read-ahead ring, sees the end with no read in flight
                                      (see spins()); the ring's end if that will do
Exit status: 0 done, 1 find found nothing, 2 failure (reason on stderr) or usage: an error is
never taken for a string that is not there.
"""
import struct
import sys

PAGE = 4096
MAP_ENTRIES = PAGE // 8 - 1
CHUNK_HDR = 16
CHUNK_MAGIC = 0x4B435348
# struct swsusp_header tail (x86_64): seal_header, hw_sig, crc32, image, flags, orig_sig, sig
SWSUSP_TAIL = struct.Struct("<QIIQI10s10s")
SWSUSP_TAIL_OFF = PAGE - SWSUSP_TAIL.size
# struct hibseal_image_header, up to and including the key blob
HDR = struct.Struct("<8sHHHHIIQQIIQ32s1024s")
SF_SEALED = 32
SF_NOCOMPRESS = 2


class Fail(Exception):
    pass


def page(img, n):
    img.seek(n * PAGE)
    data = img.read(PAGE)
    if len(data) != PAGE:
        raise Fail("page %d is beyond the end of the disk" % n)
    return bytearray(data)


def put_page(img, n, data):
    img.seek(n * PAGE)
    img.write(bytes(data))


def swsusp_header(img, sealed=True):
    seal_hdr, hw_sig, crc, image, flags, orig, sig = SWSUSP_TAIL.unpack_from(page(img, 0),
                                                                              SWSUSP_TAIL_OFF)
    if sig.rstrip(b"\0") != b"S1SUSPEND":
        raise Fail("no hibernation signature (found %r)" % sig)
    if sealed and not flags & SF_SEALED:
        raise Fail("the image is not sealed (flags 0x%x)" % flags)
    return {"seal_header": seal_hdr, "image": image, "flags": flags}


def swap_map(img, first):
    """The swap map: a list of (map page number, entry index, data page number)."""
    entries, m, seen = [], first, set()
    while m:
        if m in seen:
            raise Fail("the swap map loops")
        seen.add(m)
        mp = page(img, m)
        vals = struct.unpack_from("<%dQ" % (MAP_ENTRIES + 1), mp)
        for k in range(MAP_ENTRIES):
            if vals[k]:
                entries.append((m, k, vals[k]))
        m = vals[MAP_ENTRIES]
    return entries


def layout(img):
    sh = swsusp_header(img)
    hp = page(img, sh["seal_header"])
    f = HDR.unpack_from(hp)
    magic, version, hsize, aead, tag_size = f[0], f[1], f[2], f[3], f[4]
    if magic != b"HIBSEAL\0":
        raise Fail("no sealed image header at page %d" % sh["seal_header"])
    hdr = {"version": version, "header_size": hsize, "aead": aead, "tag_size": tag_size,
           "key_blob_size": f[6], "nr_chunks": f[7], "image_pages": f[8],
           "counter": f[11], "salt": f[12].hex(),
           "page": sh["seal_header"]}
    entries = swap_map(img, sh["image"])
    chunks, i = [], 0
    while i < len(entries) and len(chunks) < hdr["nr_chunks"]:
        first = page(img, entries[i][2])
        cmagic, cflags, clen, _ = struct.unpack_from("<IIII", first)
        if cmagic != CHUNK_MAGIC:
            raise Fail("chunk %d: bad magic at page %d" % (len(chunks), entries[i][2]))
        size = CHUNK_HDR + clen + tag_size
        npages = (size + PAGE - 1) // PAGE
        chunks.append({"index": len(chunks), "flags": cflags, "len": clen, "size": size,
                       "entries": entries[i:i + npages]})
        i += npages
    if len(chunks) != hdr["nr_chunks"]:
        raise Fail("found %d chunks, the header says %d" % (len(chunks), hdr["nr_chunks"]))
    return sh, hdr, entries, chunks


# struct hibseal_image_header: field -> (offset, struct format)
HDR_FIELDS = {"version": (8, "<H"), "header_size": (10, "<H"), "aead": (12, "<H"),
              "tag_size": (14, "<H"), "flags": (16, "<I"), "key_blob_size": (20, "<I"),
              "nr_chunks": (24, "<Q"), "image_pages": (32, "<Q"), "reserved1": (44, "<I")}
RESERVED2_OFF = 88 + 1024
# the tail of struct swsusp_header: field -> offset in page 0
SWAP_FIELDS = {"swap.image": SWSUSP_TAIL_OFF + 16, "swap.flags": SWSUSP_TAIL_OFF + 24}


def set_field(img, hdr, sh, entries, name, value):
    """Write @value into the named header field; returns what it was."""
    if name in SWAP_FIELDS:
        off, fmt, pg = SWAP_FIELDS[name], "<Q" if name == "swap.image" else "<I", 0
        if name == "swap.image" and value == "map2":
            maps = list(dict.fromkeys(e[0] for e in entries))
            if len(maps) < 2:
                raise Fail("the swap map has one page only")
            value = str(maps[1])
    elif name in HDR_FIELDS:
        (off, fmt), pg = HDR_FIELDS[name], hdr["page"]
    elif name.startswith("reserved2[") and name.endswith("]"):
        off, fmt, pg = RESERVED2_OFF + int(name[10:-1]), "<B", hdr["page"]
    else:
        raise Fail("unknown field %s" % name)
    data = page(img, pg)
    old = struct.unpack_from(fmt, data, off)[0]
    struct.pack_into(fmt, data, off, int(value, 0))
    put_page(img, pg, data)
    return old


def flip_byte(img, chunk, offset):
    """Flip the lowest bit of byte @offset of a chunk's stream bytes."""
    _, _, pg = chunk["entries"][offset // PAGE]
    data = page(img, pg)
    data[offset % PAGE] ^= 0x01
    put_page(img, pg, data)
    return pg


def data_chunk(chunks, equal_pair=False):
    """A data chunk in the middle of the image (for pairs: the first of two equal-sized)."""
    mid = len(chunks) // 2
    for k in list(range(mid, len(chunks) - 1)) + list(range(1, mid)):
        if not equal_pair or len(chunks[k]["entries"]) == len(chunks[k + 1]["entries"]):
            return k
    raise Fail("no suitable data chunk")


def set_entry(img, entry, value):
    m, k, _ = entry
    mp = page(img, m)
    struct.pack_into("<Q", mp, 8 * k, value)
    put_page(img, m, mp)


def ring_runs(img):
    """The pages the compressed reader's ring takes, as (kind, entries, first entry, [(first,
    pages)...]) with one pair per chunk: a sealed image's chunk 0 is read before the ring, a
    plain image's first page is its header (struct swsusp_info); every plain chunk starts with
    its length."""
    sh = swsusp_header(img, sealed=False)
    if sh["flags"] & SF_SEALED:
        _, _, entries, chunks = layout(img)
        start = len(chunks[0]["entries"])
        runs, i = [], start
        for c in chunks[1:]:
            runs.append((i, len(c["entries"])))
            i += len(c["entries"])
        return "sealed", entries, start, runs
    if sh["flags"] & SF_NOCOMPRESS:
        raise Fail("the image is not compressed (flags 0x%x)" % sh["flags"])
    entries = swap_map(img, sh["image"])
    runs, i = [], 1
    while i < len(entries):
        clen = struct.unpack_from("<Q", page(img, entries[i][2]))[0]
        if not 0 < clen <= 2 * 32 * PAGE:
            raise Fail("entry %d: %d is no compressed length" % (i, clen))
        n = (8 + clen + PAGE - 1) // PAGE
        runs.append((i, n))
        i += n
    return "plain", entries, 1, runs


# load_compressed_image(): at most this many pages in the read-ahead ring, and the pages of
# the largest compressed chunk (CMP_PAGES: 32 pages LZO's worst case, its length header).
RING_PAGES = 8192
CMP_PAGES = (32 * PAGE + 32 * PAGE // 16 + 64 + 3 + 2 + 8 + PAGE - 1) // PAGE


def spins(sizes, length, threads, ring=RING_PAGES):
    """Whether upstream's compressed reader loop (load_compressed_image(), without the fix of
    the end seen with nothing in flight) spins for ever on a map that gives it @length pages
    of chunks of @sizes pages: replays its counters (want, have, asked, eof) round by round
    and reports a round in which nothing can change any more."""
    want, have, asked, eof, pos, c = ring, 0, 0, 0, 0, 0
    while True:
        moved = False
        i = 0
        while not eof and i < want:
            if pos == length:
                eof = 1
                break
            pos += 1
            i += 1
        asked += i
        want -= i
        moved = moved or i > 0
        if not have:
            if not asked:
                return False        # out of data: refused as short
            have, asked, moved = have + asked, 0, True
            eof = 2 if eof else 0
        for _ in range(threads):
            if not have:
                break
            if c == len(sizes):
                return False        # complete
            if sizes[c] > have:
                if eof > 1:
                    return False    # a chunk short of pages: refused
                break
            have, want, c, moved = have - sizes[c], want + sizes[c], c + 1, True
        if have < CMP_PAGES and asked:
            have, asked, moved = have + asked, 0, True
            eof = 2 if eof else 0
        if not moved:
            return True


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    path, cmd, args = argv[1], argv[2], argv[3:]
    with open(path, "r+b") as img:
        if cmd == "find":
            data = img.read()
            return 0 if args[0].encode() in data else 1
        if cmd in ("hide", "unhide"):
            p0 = page(img, 0)
            want, new = (b"S1SUSPEND", b"HIDDENSIG") if cmd == "hide" else (b"HIDDENSIG",
                                                                            b"S1SUSPEND")
            if p0[PAGE - 10:PAGE - 1] != want:
                raise Fail("signature is %r, not %r" % (bytes(p0[PAGE - 10:]), want))
            p0[PAGE - 10:PAGE] = new + b"\0"
            put_page(img, 0, p0)
            print("signature %s" % ("hidden" if cmd == "hide" else "restored"))
            return 0
        if cmd == "cut-at-ring":
            cpus = int(args[0])
            kind, entries, start, runs = ring_runs(img)
            # hibernate_threads(): a worker a CPU for a sealed image (at most 16), one CPU
            # left to the CRC32 thread for a plain one (at most 3)
            threads = min(cpus, 16) if kind == "sealed" else max(1, min(cpus - 1, 3))
            sizes = [n for _, n in runs]
            # Every map end strictly inside a chunk, the ring's end first.
            ends = sorted((f + k for f, n in runs for k in range(1, n)),
                          key=lambda e: (e != start + RING_PAGES, e))
            for cut in ends:
                if spins(sizes, cut - start, threads):
                    break
            else:
                raise Fail("no end of the map makes the reader spin")
            k, f, n = next((k, f, n) for k, (f, n) in enumerate(runs) if f < cut < f + n)
            for e in entries[cut:]:
                set_entry(img, e, 0)
            print("%s image: cut the swap map after entry %d of %d, %d pages after the "
                  "reader's first (entry %d), inside data chunk %d (entries %d-%d), where "
                  "upstream's reader with %d worker(s) spins" %
                  (kind, cut, len(entries), cut - start, start, k + 1, f, f + n - 1, threads))
            return 0
        sh, hdr, entries, chunks = layout(img)
        if cmd == "layout":
            print("header page %(page)d: version %(version)d aead %(aead)d tag %(tag_size)d "
                  "key blob %(key_blob_size)d bytes, %(nr_chunks)d chunks, %(image_pages)d pages"
                  % hdr)
            for c in chunks:
                print("chunk %d: flags 0x%x len %d size %d pages %s" % (
                    c["index"], c["flags"], c["len"], c["size"], [e[2] for e in c["entries"]]))
            return 0
        if cmd == "set":
            old = set_field(img, hdr, sh, entries, args[0], args[1])
            print("%s: %s written (was %s)" % (args[0], args[1], old))
            return 0
        if cmd == "identity":
            print("counter=%(counter)d salt=%(salt)s" % hdr)
            return 0
        if cmd == "stream-pages":
            print(sum(len(c["entries"]) for c in chunks[1:]))
            return 0
        if cmd == "set-version":
            hp = page(img, hdr["page"])
            hp[8:10] = struct.pack("<H", int(args[0]))
            put_page(img, hdr["page"], hp)
            print("format version %s written (was %d)" % (args[0], hdr["version"]))
            return 0
        if cmd == "seal-header-page":
            print(hdr["page"])
            return 0
        if cmd == "chunk-page":
            print(chunks[data_chunk(chunks)]["entries"][0][2])
            return 0
        if cmd == "flip":
            region = args[0]
            if region in ("header", "keyblob"):
                hp = page(img, hdr["page"])
                # nr_chunks (offset 24) for the header; a byte inside the key blob's private part
                off = 24 if region == "header" else HDR.size - 1024 + 64
                hp[off] ^= 0x01
                put_page(img, hdr["page"], hp)
                print("flipped bit 0 of byte %d of the sealed header (page %d)" % (off, hdr["page"]))
                return 0
            if region == "metadata":
                c = chunks[0]
                off = CHUNK_HDR + 100
            elif region == "chunk":
                c = chunks[data_chunk(chunks)]
                off = CHUNK_HDR + c["len"] // 2
            elif region == "tag":
                c = chunks[data_chunk(chunks)]
                off = CHUNK_HDR + c["len"] + 3
            else:
                raise Fail("unknown region %s" % region)
            pg = flip_byte(img, c, off)
            print("flipped bit 0 of byte %d of chunk %d (page %d)" % (off, c["index"], pg))
            return 0
        if cmd == "truncate":
            last = chunks[-1]
            for e in last["entries"]:
                set_entry(img, e, 0)
            print("dropped chunk %d (%d pages) from the swap map" % (last["index"],
                                                                     len(last["entries"])))
            return 0
        if cmd in ("reorder", "duplicate"):
            k = data_chunk(chunks, equal_pair=True)
            a, b = chunks[k], chunks[k + 1]
            for ea, eb in zip(a["entries"], b["entries"]):
                if cmd == "reorder":
                    set_entry(img, ea, eb[2])
                set_entry(img, eb, ea[2])
            print("%s chunks %d and %d" % ("swapped" if cmd == "reorder" else "copied over",
                                           k, k + 1))
            return 0
        print("unknown command %s" % cmd, file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except Fail as e:
        print("swapimg: %s" % e, file=sys.stderr)
        sys.exit(2)
    except Exception as e:  # pylint: disable=broad-except
        print("swapimg: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        sys.exit(2)
