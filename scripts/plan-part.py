#!/usr/bin/env python3
"""plan-part.py FULL OUT PLAN PATH N: the `part` directive of patches/series.plan (mkseries.sh).

FULL is PATH as patches/ and the overlay make it; OUT gets it cut down to the units that the
plan's `part PATH ...` lines up to and including the Nth one for PATH select: a unit is kept
when its first line matches (re.search) a pattern of those lines, or no pattern of any `part`
line for PATH in the whole plan (the lines every step has: comments, blank lines). A unit is a
line; in a Kconfig file an entry: from `config`, `menuconfig`, `comment`, `menu`, `if`,
`source` or `choice` (through its `endchoice`) to the next one, with its help text and the
blank lines after it. Trailing blank lines are dropped, so that a file cut short ends as the
whole one does."""
import re
import sys

KCONFIG_START = re.compile(r"^(config|menuconfig|comment|menu|if|source|choice)\b")


def units(lines, kconfig):
    if not kconfig:
        return [[line] for line in lines]
    out, cur, in_choice = [], [], False
    for line in lines:
        if not in_choice and KCONFIG_START.match(line) and cur:
            out.append(cur)
            cur = []
        if line.startswith("choice"):
            in_choice = True
        elif line.startswith("endchoice"):
            in_choice = False
        cur.append(line)
    if cur:
        out.append(cur)
    return out


def main():
    full, out, plan, path, n = sys.argv[1:6]
    n = int(n)
    every, active, seen = [], [], 0
    with open(plan) as f:
        for line in f:
            words = line.split()
            if len(words) >= 3 and words[0] == "part" and words[1] == path:
                pats = [re.compile(p) for p in words[2:]]
                every += pats
                seen += 1
                if seen <= n:
                    active += pats
    if seen < n:
        sys.exit(f"plan-part: fewer than {n} part lines for {path}")
    with open(full) as f:
        lines = f.read().splitlines(keepends=True)
    kconfig = re.search(r"(^|/)Kconfig([.-][^/]*)?$|\.Kconfig$", path) is not None
    kept = []
    for u in units(lines, kconfig):
        first = u[0].rstrip("\n")
        if any(p.search(first) for p in active) or not any(p.search(first) for p in every):
            kept += u
    while kept and not kept[-1].strip():
        kept.pop()
    if kept and not kept[-1].endswith("\n"):
        kept[-1] += "\n"
    with open(out, "w") as f:
        f.writelines(kept)


if __name__ == "__main__":
    main()
