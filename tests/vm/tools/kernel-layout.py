#!/usr/bin/env python3
"""kernel-layout.py LINUXDIR WHERE...: where kernel data sits, as root works it out to aim a
read by address: from the kernel's System.map and, inside a structure, from its debug info
(pahole on vmlinux). Each WHERE is SYMBOL or SYMBOL:STRUCT.MEMBER[.MEMBER...] and prints one
line, the distance in bytes from _text to SYMBOL plus the members' offsets (KASLR moves _text
and the symbol together, so an event probe's @_text+N reaches it in any boot of this build);
:STRUCT.MEMBER[...] (no symbol) prints the members' offset alone.
Nothing is taken from hibseal's sources: a reordered structure moves the answer with it."""
import re
import subprocess
import sys


def system_map(path):
    syms = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3:
                syms.setdefault(parts[2], int(parts[0], 16))
    return syms


def member_offset(vmlinux, struct, member, cache):
    """The offset of MEMBER (a name, an array's name included) in STRUCT, and the name of its
    type if it is a structure itself (for the next member in the path)."""
    if struct not in cache:
        out = subprocess.run(["pahole", "-C", struct, vmlinux], capture_output=True, text=True,
                             check=True).stdout
        if not out.strip():
            sys.exit("kernel-layout: pahole knows no struct %s" % struct)
        cache[struct] = out
    # A member line: "<type> <name>[dims];  /* off size */" (pahole's own layout comment).
    pat = re.compile(r"^\s+(struct\s+(\w+)\s+|[\w\s\*]+?)\**\b" + re.escape(member)
                     + r"(\[[^\]]*\])*;\s+/\*\s+(\d+)\s+\d+\s+\*/")
    for line in cache[struct].splitlines():
        m = pat.match(line)
        if m:
            return int(m.group(4)), m.group(2)
    sys.exit("kernel-layout: struct %s has no member %s" % (struct, member))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    linux = sys.argv[1]
    syms = system_map(linux + "/System.map")
    cache = {}
    for where in sys.argv[2:]:
        sym, _, path = where.partition(":")
        if sym and (sym not in syms or "_text" not in syms):
            sys.exit("kernel-layout: no %s in %s/System.map" % (sym, linux))
        off = syms[sym] - syms["_text"] if sym else 0
        if path:
            names = path.split(".")
            struct = names[0]
            for member in names[1:]:
                if struct is None:
                    sys.exit("kernel-layout: %s: %s is not a structure" % (where, member))
                moff, struct = member_offset(linux + "/vmlinux", struct, member, cache)
                off += moff
        print(off)


main()
