#!/usr/bin/env python3
"""tpmtraffic.py: search a TPM bus capture (swtpm's level-20 log) for secrets, for the tests.

  tpmtraffic.py LOG... --find HEX|@FILE ...  for each needle, print 'found CC DIR' per message
                                             that holds it (CC the command code of the command
                                             or of the command answered, DIR cmd or rsp), or
                                             'absent'; exit 0
  tpmtraffic.py LOG... --count CC            print how many commands with code CC (hex) the
                                             capture holds
Exit status: 0 done, 1 a log holds no TPM message at all, 2 usage.
"""
import re
import sys


def messages(path):
    """Yield (direction, bytes) for each TPM command and response in one swtpm log."""
    cur, want, out = None, 0, []
    for line in open(path, errors="replace"):
        m = re.match(r"\s*SWTPM_IO_(Read|Write): length (\d+)", line)
        if m:
            if cur is not None:
                out.append((cur, bytes(buf)))
            cur, want, buf = ("cmd" if m.group(1) == "Read" else "rsp"), int(m.group(2)), []
            continue
        if cur is not None and re.match(r"\s*([0-9A-Fa-f]{2} )+[0-9A-Fa-f]{2}\s*$", line + " "):
            buf.extend(int(b, 16) for b in line.split())
            if len(buf) >= want:
                out.append((cur, bytes(buf[:want])))
                cur = None
            continue
        if cur is not None:
            out.append((cur, bytes(buf)))
            cur = None
    if cur is not None:
        out.append((cur, bytes(buf)))
    return out


def main(argv):
    if "--find" in argv:
        i = argv.index("--find")
        logs, needles, mode = argv[:i], argv[i + 1:], "find"
    elif "--count" in argv:
        i = argv.index("--count")
        logs, needles, mode = argv[:i], argv[i + 1:], "count"
    else:
        print(__doc__, file=sys.stderr)
        return 2
    if not logs or not needles:
        print(__doc__, file=sys.stderr)
        return 2
    msgs = []
    for log in logs:
        m = messages(log)
        if not m:
            print("%s: no TPM message in it" % log, file=sys.stderr)
            return 1
        # Each response answers the command before it.
        cc = 0
        for d, b in m:
            if d == "cmd" and len(b) >= 10:
                cc = int.from_bytes(b[6:10], "big")
            msgs.append((d, cc, b))
    if mode == "count":
        want = int(needles[0], 16)
        print(sum(1 for d, cc, b in msgs if d == "cmd" and cc == want))
        return 0
    for n in needles:
        raw = open(n[1:], "rb").read() if n.startswith("@") else bytes.fromhex(n)
        hits = ["found 0x%03x %s" % (cc, d) for d, cc, b in msgs if raw in b]
        print(" ".join(hits) if hits else "absent")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
