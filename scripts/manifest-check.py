#!/usr/bin/env python3
"""manifest-check.py NAMES MANIFEST README: compare the TAP names a full run reported (NAMES, one
per line, in order) with the committed manifest (MANIFEST: one per line, '#' comments) and with
README's table of tests. Prints one line per problem, nothing when all agree:

  reported twice: NAME          listed twice in the manifest: NAME
  missing: NAME                 (in the manifest, not reported)
  not in the manifest: NAME     (reported, not listed)
  the README's table has no row for: NAME
  the README's row `PATTERN` names no test of the manifest

README's rows name tests in their first cell, each in backquotes, with shell-like patterns: `*` for any text, `{a,b}` for either, and
`<word>` for one dotted component (`lockdown.<row>.<mode>`).
"""
import re
import sys
from collections import Counter


def names_of(path, comments):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or (comments and line.startswith("#")):
                continue
            out.append(line)
    return out


def readme_patterns(path):
    """The first column of the table that follows the '| test | what it asserts |' header."""
    pats, inside = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("| test | what it asserts |"):
                inside = True
                continue
            if not inside:
                continue
            if not line.startswith("|"):
                break
            cell = line.split("|")[1]
            pats.extend(re.findall(r"`([^`]+)`", cell))
    return pats


def to_regex(pat):
    out, i = "", 0
    while i < len(pat):
        c = pat[i]
        if c == "*":
            out += ".*"
        elif c == "{":
            j = pat.index("}", i)
            out += "(?:" + "|".join(re.escape(a) for a in pat[i + 1:j].split(",")) + ")"
            i = j
        elif c == "<":
            j = pat.index(">", i)
            out += r"[^.]+"
            i = j
        else:
            out += re.escape(c)
        i += 1
    return re.compile(out + r"\Z")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    reported = names_of(sys.argv[1], comments=False)
    listed = names_of(sys.argv[2], comments=True)
    problems = []
    for name, k in sorted(Counter(listed).items()):
        if k > 1:
            problems.append("listed twice in the manifest: " + name)
    for name, k in sorted(Counter(reported).items()):
        if k > 1:
            problems.append("reported twice: " + name)
    for name in sorted(set(listed) - set(reported)):
        problems.append("missing: " + name)
    for name in sorted(set(reported) - set(listed)):
        problems.append("not in the manifest: " + name)
    pats = [(p, to_regex(p)) for p in readme_patterns(sys.argv[3])]
    if not pats:
        problems.append("the README has no table of tests")
    for name in sorted(set(listed)):
        if not any(r.match(name) for _, r in pats):
            problems.append("the README's table has no row for: " + name)
    for p, r in pats:
        if not any(r.match(name) for name in listed):
            problems.append("the README's row `%s` names no test of the manifest" % p)
    for line in problems:
        print(line)


if __name__ == "__main__":
    main()
