#!/usr/bin/env python3
"""plan-part.py FULL OUT PLAN PATH N: the `part` directive of patches/series.plan (mkseries.sh).

FULL is PATH as patches/ and the overlay make it; OUT gets it cut down to the units that the
plan's `part PATH ...` lines up to and including the Nth one for PATH select: a unit is kept
when its first line matches (re.search) a pattern of those lines, or when it is only comments
and blank lines (every step has those). A unit is a line; in a Kconfig file an entry: from `config`, `menuconfig`, `comment`, `menu`, `if`,
`source` or `choice` (through its `endchoice`) to the next one, with its help text and the
blank lines after it; a `choice`, `if` or `menu` runs through its `endchoice`, `endif` or
`endmenu`; in other files a line continued with a backslash takes the next one with it.
Trailing blank lines are dropped, so that a file cut short ends as the whole one does.

It fails, so that a unit cannot land in the wrong step unnoticed, when a pattern matches no
unit, when a unit is matched by the patterns of two `part` lines, and when a unit that is not
a comment or blank matches none."""
import re
import sys

KCONFIG_START = re.compile(r"^(config|menuconfig|comment|menu|if|source|choice)\b")
KCONFIG_OPEN = re.compile(r"^(choice|if|menu)\b")
KCONFIG_CLOSE = re.compile(r"^(endchoice|endif|endmenu)\b")


def units(lines, kconfig):
    out, cur = [], []
    if not kconfig:
        for line in lines:
            cur.append(line)
            if not line.rstrip("\n").endswith("\\"):
                out.append(cur)
                cur = []
        if cur:
            out.append(cur)
        return out
    depth = 0
    for line in lines:
        if depth == 0 and KCONFIG_START.match(line) and cur:
            out.append(cur)
            cur = []
        if KCONFIG_OPEN.match(line):
            depth += 1
        elif KCONFIG_CLOSE.match(line):
            depth -= 1
        cur.append(line)
    if cur:
        out.append(cur)
    return out


def is_comment(unit):
    return all(not line.strip() or line.lstrip().startswith("#") for line in unit)


def main():
    full, out, plan, path, n = sys.argv[1:6]
    n = int(n)
    lines_pats = []         # one list of patterns per `part PATH` line, in order
    with open(plan) as f:
        for line in f:
            words = line.split()
            if len(words) >= 3 and words[0] == "part" and words[1] == path:
                lines_pats.append([re.compile(p) for p in words[2:]])
    if len(lines_pats) < n:
        sys.exit(f"plan-part: fewer than {n} part lines for {path}")
    with open(full) as f:
        lines = f.read().splitlines(keepends=True)
    kconfig = re.search(r"(^|/)Kconfig([.-][^/]*)?$|\.Kconfig$", path) is not None
    used = set()
    kept = []
    for u in units(lines, kconfig):
        first = u[0].rstrip("\n")
        owners = [i for i, pats in enumerate(lines_pats) if any(p.search(first) for p in pats)]
        for i, pats in enumerate(lines_pats):
            used.update((i, p.pattern) for p in pats if p.search(first))
        if len(owners) > 1:
            sys.exit(f"plan-part: {path}: '{first}' is matched by part lines "
                     f"{', '.join(str(i + 1) for i in owners)}")
        if not owners and not is_comment(u):
            sys.exit(f"plan-part: {path}: no part line takes '{first}'")
        if not owners or owners[0] < n:
            kept += u
    for i, pats in enumerate(lines_pats):
        for p in pats:
            if (i, p.pattern) not in used:
                sys.exit(f"plan-part: {path}: part line {i + 1}'s pattern '{p.pattern}' "
                         "matches nothing")
    while kept and not kept[-1].strip():
        kept.pop()
    if kept and not kept[-1].endswith("\n"):
        kept[-1] += "\n"
    with open(out, "w") as f:
        f.writelines(kept)


if __name__ == "__main__":
    main()
