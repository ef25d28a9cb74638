#!/usr/bin/env python3
# reasons-doc.py: the one table of reasons and fixes (userspace/uswsusp/lib/reasons.def), for
# the documents and the tests.
#
#   reasons-doc.py rst               the admin guide's lists, as reStructuredText
#   reasons-doc.py refusals          the kernel documentation's list of refusals, likewise
#   reasons-doc.py write RST         put them in RST: the admin guide's between its
#                                    ".. reasons-begin" and ".. reasons-end" comments, the
#                                    refusals between ".. refusals-begin" and ".. refusals-end"
#                                    (each block RST has)
#   reasons-doc.py check-doc RST...  exit 1 (and show the difference) unless each RST holds
#                                    the blocks it has as the table writes them
#   reasons-doc.py check-kernel DIR [TABLE]
#                                    exit 1 unless every reason the kernel under DIR can give
#                                    in /sys/power/hibernate_seal, and every line it can give
#                                    in /sys/power/hibernate_seal_resume, has its own entry
#                                    of the table (TABLE: another copy of reasons.def) that is
#                                    not a catch-all (a refusal: an HS_REFUSAL entry), and
#                                    every entry matches something the kernel gives
#
# hibseal status reads the same file, compiled in (lib/status.c), so the guides, the tool and
# the tests cannot drift apart.
import difflib
import pathlib
import re
import sys

TOP = pathlib.Path(__file__).resolve().parent.parent
DEF = TOP / "userspace/uswsusp/lib/reasons.def"
STRINGS = r'((?:\s*"(?:[^"\\]|\\.)*")+)'
ENTRY = re.compile(r"^HS_REASON\((\w+)," + STRINGS + r"," + STRINGS + r"\s*\)", re.M)
REFUSAL = re.compile(r"^HS_REFUSAL\(" + STRINGS + r"," + STRINGS + r"," + STRINGS + r"\s*\)",
                     re.M)
BLOCKS = {
    "reasons": (".. reasons-begin: written from hibseal-tools' table of reasons; change that, "
                "not this", ".. reasons-end"),
    "refusals": (".. refusals-begin: written from hibseal-tools' table of reasons; change that, "
                 "not this", ".. refusals-end"),
}
# The catch-alls: the entries that may match no reason of the kernel's, and must match none.
CATCH_ALL = {"UNAVAILABLE": "", "RESUME": "refused:"}


def c_string(literals):
    """Adjacent C string literals, as one Python string."""
    out = ""
    for lit in re.findall(r'"((?:[^"\\]|\\.)*)"', literals):
        out += re.sub(r'\\(.)', r'\1', lit)
    return out


class Entry:
    def __init__(self, kind, match, fix, errno=None, at=0):
        self.kind, self.match, self.fix, self.errno, self.at = kind, match, fix, errno, at

    def matches(self, text):
        """As hs_reason_fix(): MATCH starts TEXT, a '*' standing for a number."""
        pattern = r"\d+".join(re.escape(part) for part in self.match.split("*"))
        return re.match(pattern, text) is not None

    def shown(self):
        return self.match.replace("*", "N")


def entries(table=DEF):
    text = pathlib.Path(table).read_text()
    found = [Entry(k, c_string(m), c_string(f), at=x.start())
             for x in ENTRY.finditer(text) for k, m, f in [x.groups()]]
    found += [Entry("RESUME", c_string(m), c_string(f), c_string(e), x.start())
              for x in REFUSAL.finditer(text) for m, e, f in [x.groups()]]
    if len(found) != text.count("\nHS_REASON(") + text.count("\nHS_REFUSAL("):
        sys.exit(f"reasons-doc: {table}: an HS_REASON or HS_REFUSAL entry does not parse")
    return sorted(found, key=lambda e: e.at)


def wrap(text, indent, width=96):
    lines, line = [], indent
    for word in text.split():
        if len(line) + len(word) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    lines.append(line.rstrip())
    return lines


def rst():
    """The admin guide's lists: every entry, by kind."""
    heads = {
        "UNAVAILABLE": "When ``/sys/power/hibernate_seal`` reads ``unavailable:``, the reason "
                       "begins with one of these, and the fix is:",
        "SETUP": "When hibernation cannot work or an image written now would be lost "
                 "or never found, ``hibseal status`` says why, then:",
        "RESUME": "When ``/sys/power/hibernate_seal_resume`` (``last resume:`` in ``hibseal "
                  "status``) begins with one of these (N stands for a number):",
    }
    names = {
        "no-hibseal-kernel": "lockdown on, and the kernel has no sealed hibernation",
        "not-offered": "``disk`` is not in ``/sys/power/state``",
        "no-swap": "no swap is active (zram does not count)",
        "swap-too-small": "the memory in use does not fit in the free swap",
        "resume-not-swap": "the resume device holds none of the active swap areas",
        "no-resume-device": "no resume device is set",
        "secure-boot-update": "a Secure Boot variable changed since this boot",
        "mok-pending": "shim's MokManager has requests pending for the next boot",
        "boot-entry": "the next boot would start another kernel than this one",
        "boot-file-not-found": "the file the firmware started this boot from is not found",
        "boot-unrecorded": "nothing recorded which kernel started this boot",
    }
    begin, end = BLOCKS["reasons"]
    out = [begin, ""]
    for kind in ("UNAVAILABLE", "SETUP", "RESUME"):
        out += wrap(heads[kind], "") + [""]
        for e in entries():
            if e.kind != kind:
                continue
            if kind == "SETUP":
                title = names.get(e.match)
                if not title:
                    sys.exit(f"reasons-doc: no title for the check '{e.match}'")
            elif e.match == CATCH_ALL.get(kind):
                title = f"``{e.match}`` with any other reason" if e.match else "any other reason"
            else:
                title = f"``{e.shown()}``"
            out.append(title)
            out += wrap(e.fix, "    ")
            out.append("")
    out.append(end)
    return "\n".join(out) + "\n"


def log_words(match):
    """A refusal's MATCH, as its line "hibseal: image refused: ..." continues."""
    for outcome, words in (("refused: ", ""), ("stale: ", "it is stale: ")):
        if match.startswith(outcome):
            return words + match[len(outcome):]
    sys.exit(f"reasons-doc: the refusal '{match}' is neither refused: nor stale:")


def refusals():
    """The kernel documentation's list: every refusal, with its errno and its fix."""
    begin, end = BLOCKS["refusals"]
    out = [begin, ""]
    out += wrap("REASON begins with one of these (N stands for a number); in parentheses the "
                "errno the reader returns, then what to do:", "") + [""]
    for e in entries():
        if e.errno is None:
            continue
        errno = f"``{e.errno}``" if re.fullmatch(r"E[A-Z0-9]+", e.errno) else e.errno
        out.append(f"``{log_words(e.match).replace('*', 'N')}``")
        out += wrap(f"({errno}) {e.fix}", "    ")
        out.append("")
    out.append(end)
    return "\n".join(out) + "\n"


WRITERS = {"reasons": rst, "refusals": refusals}


def blocks(path):
    """The blocks PATH has: name -> (start, end) offsets, the end after its last line."""
    text = path.read_text()
    found = {}
    for name, (begin, end) in BLOCKS.items():
        a = text.find(begin)
        b = text.find(end + "\n", a)
        if a < 0:
            continue
        if b < a:
            sys.exit(f"reasons-doc: {path} has '{begin}' without '{end}'")
        found[name] = (a, b + len(end) + 1)
    if not found:
        sys.exit(f"reasons-doc: {path} has no block to write: "
                 + ", ".join(f"'{b}' ... '{e}'" for b, e in BLOCKS.values()))
    return text, found


# The kernel's reasons, from its source: kernel/power/hibseal/*.c and the lines the patches
# add (kernel/power/swap.c, hibernate.c, ...).

CONVERSION = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|t)?([diuxXsp%])")
FUNCTION = re.compile(r"^[a-z_][^\n;=]*?\b(\w+)\(([^)]*)\)\s*\{\n", re.M)


class Source:
    def __init__(self, name, text):
        self.name, self.text = name, text
        self.functions = {}
        for m in FUNCTION.finditer(text):
            close = text.find("\n}\n", m.end())
            self.functions[m.group(1)] = (m.group(2), m.start(), close if close > 0 else len(text))

    def where(self, pos):
        return f"{self.name}:{self.text.count(chr(10), 0, pos) + 1}"

    def body(self, name):
        _, a, b = self.functions[name]
        return self.text[a:b]

    def function_at(self, pos):
        for name, (_, a, b) in self.functions.items():
            if a <= pos < b:
                return name
        return None

    def calls(self, name):
        """Each call of NAME (not its definition or declaration): (position, [arguments])."""
        for m in re.finditer(r"(?<![\w.>])" + name + r"\(", self.text):
            line = self.text[self.text.rfind("\n", 0, m.start()) + 1:m.start()]
            # A definition, declaration or #define starts its line; a comment, "*" or "/*".
            if not line[:1].isspace() or line.lstrip()[:1] in ("*", "/"):
                continue
            yield m.start(), split_args(self.text, m.end())


def split_args(text, pos):
    """The arguments of the call whose "(" ends before POS, as stripped text."""
    args, depth, start, i = [], 0, pos, pos
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(text[start:i].strip())
                return args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:i].strip())
            start = i + 1
        i += 1
    return args


def literal(arg):
    """ARG as a string if it is C string literals only, else None."""
    return c_string(arg) if re.fullmatch(STRINGS, arg) else None


def sources(src):
    found = [Source(str(f.relative_to(src)), f.read_text())
             for f in sorted((src / "kernel/power/hibseal").glob("*.c"))]
    if not found:
        sys.exit(f"reasons-doc: no kernel/power/hibseal/*.c under {src}")
    for f in sorted((src / "patches").glob("*.patch")):
        added = [line[1:] for line in f.read_text().splitlines()
                 if line.startswith("+") and not line.startswith("+++")]
        found.append(Source(str(f.relative_to(src)), "\n".join(added) + "\n"))
    return found


class Kernel:
    def __init__(self, src):
        self.sources = sources(src)
        self.errors = []

    def fail(self, where, what):
        self.errors.append(f"{where}: {what}")

    def define(self, name):
        for s in self.sources:
            m = re.search(r"^#define " + name + STRINGS, s.text, re.M)
            if m:
                return c_string(m.group(1))
        return None

    def returns(self, name, seen=()):
        """The strings function NAME may return, following what it returns in turn."""
        out = set()
        for s in self.sources:
            if name not in s.functions or name in seen:
                continue
            for m in re.finditer(r"\breturn ([^;]+);", s.body(name)):
                out |= self.strings(s, m.group(1), seen + (name,))
        return out

    def strings(self, s, expr, seen=()):
        """The strings EXPR (in S) may have: literals, #defines, static arrays, calls."""
        lit = literal(expr)
        if lit is not None:
            return {lit}
        out = set(c_string(x) for x in re.findall(r'"(?:[^"\\]|\\.)*"', expr))
        for name in re.findall(r"\b([A-Za-z_]\w*)\b(?!\()", expr):
            value = self.define(name)
            array = re.search(r"static const char " + name + r"\[\] =" + STRINGS, s.text)
            if value is not None:
                out.add(value)
            elif array:
                out.add(c_string(array.group(1)))
        for name in re.findall(r"\b(\w+)\(", expr):
            out |= self.returns(name, seen)
        return out

    def argument(self, s, pos, arg):
        """The strings a reason argument ARG, at POS in S, may be."""
        if arg == "NULL":
            return set()
        lit = literal(arg)
        if lit is not None:
            return {lit}
        found = set()
        if re.fullmatch(r"\w+", arg):
            found = self.strings(s, arg)
            func = s.function_at(pos)
            body = s.body(func) if func else ""
            for m in re.finditer(r"\b" + arg + r" = ([^;]+);", body):
                found |= self.strings(s, m.group(1))
        if not found:
            self.fail(s.where(pos), f"cannot read the reason '{arg}'")
        return found

    def unavailable(self):
        """Every reason /sys/power/hibernate_seal can give: {reason: where}."""
        reasons = {}
        setters = {}
        for s in self.sources:
            for name, (params, a, b) in s.functions.items():
                for m in re.finditer(r"WRITE_ONCE\(hibseal\.reason, (\w+)\)", s.text[a:b]):
                    names = [re.findall(r"\w+", p)[-1] for p in params.split(",") if p.strip()]
                    if m.group(1) in names:
                        setters[name] = names.index(m.group(1))
                # The one that reads it out may give a reason of its own.
                if "return READ_ONCE(hibseal.reason);" in s.text[a:b]:
                    for r in re.finditer(r'\breturn ("(?:[^"\\]|\\.)*");', s.text[a:b]):
                        reasons.setdefault(c_string(r.group(1)), s.where(a + r.start()))
            for m in re.finditer(r"\bhibseal\.reason = ", s.text):
                self.fail(s.where(m.start()), "hibseal.reason set without WRITE_ONCE()")
            for m in re.finditer(r'(?:WRITE_ONCE\(hibseal\.reason,|\.reason =)' + STRINGS,
                                 s.text):
                reasons.setdefault(c_string(m.group(1)), s.where(m.start()))
        if len(setters) < 2:
            self.fail("kernel/power/hibseal", f"only {sorted(setters)} set hibseal.reason")
        for s in self.sources:
            for setter, index in setters.items():
                for pos, args in s.calls(setter):
                    for r in self.argument(s, pos, args[index]):
                        reasons.setdefault(r, s.where(pos))
        return reasons

    def resume_names(self):
        for s in self.sources:
            m = re.search(r"resume_names\[\w+\] = \{(.*?)\n\};", s.text, re.S)
            if m:
                return dict(re.findall(r'\[(\w+)\] = "([^"]*)"', m.group(1)))
        self.fail("kernel/power/hibseal/sysfs.c", "no resume_names[]")
        return {}

    def samples(self, s, pos, fmt, args):
        """FMT as the lines it can print: numbers as 7, each %s as what it can be."""
        out, last, n = [("", ())], 0, 0
        for m in CONVERSION.finditer(fmt):
            text = fmt[last:m.start()]
            last = m.end()
            if m.group(1) == "%":
                out = [(o + text + "%", used) for o, used in out]
                continue
            arg = args[n] if n < len(args) else ""
            n += 1
            if m.group(1) != "s":
                out = [(o + text + "7", used) for o, used in out]
                continue
            # Two strings of one table in a line are two different ones (the writer and
            # the reader of image.c: it compares them first).
            out = [(o + text + v, used + (v,)) for o, used in out
                   for v in self.expand(s, pos, arg) if v == "text" or v not in used]
        return [o + fmt[last:] for o, _ in out]

    def expand(self, s, pos, arg):
        """What a %s argument can print: a table's strings, a buffer's, or any text."""
        m = re.fullmatch(r"(\w+)\[.*\]", arg)
        if m:
            table = re.search(r"\b" + m.group(1) + r"\[\] = \{(.*?)\}", s.text, re.S)
            if table:
                return [c_string(x) for x in re.findall(r'"(?:[^"\\]|\\.)*"', table.group(1))]
        if re.fullmatch(r"\w+", arg) and re.search(r"snprintf\(" + arg + r",", s.text):
            found = [c_string(x) for x in
                     re.findall(r"snprintf\(" + arg + r", \w+," + STRINGS + r"(?!\s*fmt)",
                                s.text)]
            for macro, prefix in re.findall(r"#define (\w+)\(fmt, \.\.\.\).*?snprintf\(" + arg
                                            + r", \w+," + STRINGS + r" fmt", s.text, re.S):
                for pos2, args2 in s.calls(macro):
                    lit = literal(args2[0])
                    if lit is None:
                        self.fail(s.where(pos2), f"{macro}() without a literal format")
                    else:
                        found.append(c_string(prefix) + lit)
            found = [x for f in found for x in self.samples(s, pos, f, [])]
            if not found:
                self.fail(s.where(pos), f"cannot read what '{arg}' holds")
            return found
        return ["text"]

    def resume(self):
        """Every line /sys/power/hibernate_seal_resume can give with a reason:
        [(line, where, is a refusal, errno from the table of refusals or None)]."""
        names = self.resume_names()
        loggers = {}
        helpers = set()
        table = {}
        lines = []
        for s in self.sources:
            for name, (_, a, b) in s.functions.items():
                # A logger hands its outcome and format to a helper (log_refusal()), which
                # notes the line; the prefix it passes is for the log line only.
                for m in re.finditer(r"\b(\w+)\((HIBSEAL_RESUME_\w+),", s.text[a:b]):
                    if m.group(1) != "hibseal_resume_note":
                        loggers[name] = names.get(m.group(2), "?") + ": "
                        helpers.add(m.group(1))
            m = re.search(r"hibseal_refusal_text refusals\[\w+\] = \{(.*?)\n\};", s.text, re.S)
            if m:
                for x in re.finditer(r"\[(HIBSEAL_REFUSE_\w+)\] = \{" + STRINGS
                                     + r",\s*(true|false),\s*(-?\w+)\s*\}", m.group(1)):
                    table[x.group(1)] = (c_string(x.group(2)), x.group(3) == "true",
                                         x.group(4), s.where(m.start(1) + x.start()))
        if len(loggers) < 2 or len(table) < 10:
            self.fail("kernel/power/hibseal", f"refusals found: loggers {sorted(loggers)}, "
                      f"{len(table)} in the table of refusals")
        for what, chunk, err, where in table.values():
            errno = err.lstrip("-") if err != "0" else None
            lines.append(("refused: " + ("chunk 7 " if chunk else "") + what, where, True,
                          errno or "the error"))
        for s in self.sources:
            for logger, prefix in loggers.items():
                for pos, args in s.calls(logger):
                    # hibseal_refuse() gives the table's reasons, taken above.
                    func = s.function_at(pos)
                    if func and "&refusals[" in s.body(func):
                        continue
                    fmt = literal(args[0])
                    if fmt is None:
                        self.fail(s.where(pos), f"{logger}() without a literal format")
                        continue
                    for line in self.samples(s, pos, fmt, args[1:]):
                        lines.append((prefix + line, s.where(pos), True, None))
            for pos, args in s.calls("hibseal_refuse"):
                if args and args[0] not in table:
                    self.fail(s.where(pos), f"{args[0]} is not in the table of refusals")
            for pos, args in s.calls("hibseal_resume_note"):
                # No reason, or a logger's (taken above) in its helper.
                if len(args) == 2 and (args[1] == "NULL" or (s.function_at(pos) in helpers
                                                             and literal(args[1]) is None)):
                    continue
                reason = literal(args[1])
                if reason is None or args[0] not in names:
                    self.fail(s.where(pos), f"cannot read the outcome {args}")
                    continue
                lines.append((names[args[0]] + ": " + reason, s.where(pos), False, None))
        return lines


def first(table, text):
    return next((e for e in table if e.matches(text)), None)


def check_kernel(src, table=DEF):
    kernel = Kernel(pathlib.Path(src))
    all_entries = entries(table)
    bad = []
    # /sys/power/hibernate_seal
    reasons = kernel.unavailable()
    table = [e for e in all_entries if e.kind == "UNAVAILABLE"]
    for r, where in sorted(reasons.items()):
        e = first(table, r)
        if not e or e.match == CATCH_ALL["UNAVAILABLE"]:
            bad.append(f"the kernel's reason '{r}' ({where}) has no entry")
    for e in table:
        if e.match != CATCH_ALL["UNAVAILABLE"] and not any(e.matches(r) for r in reasons):
            bad.append(f"the entry '{e.match}' matches no reason the kernel gives")
    # /sys/power/hibernate_seal_resume
    lines = kernel.resume()
    rtable = [e for e in all_entries if e.kind == "RESUME"]
    for line, where, refusal, errno in sorted(set(lines)):
        e = first(rtable, line)
        if not e or e.match == CATCH_ALL["RESUME"]:
            bad.append(f"the kernel's line '{line}' ({where}) has no entry")
        elif refusal != (e.errno is not None):
            bad.append(f"the kernel's line '{line}' ({where}) is {'' if refusal else 'not '}"
                       f"a refusal, and its entry '{e.match}' says otherwise")
        elif errno and errno != "the error" and e.errno != errno:
            bad.append(f"the kernel's line '{line}' ({where}) returns {errno}, its entry "
                       f"'{e.match}' says {e.errno}")
        elif errno == "the error" and re.fullmatch(r"E[A-Z0-9]+", e.errno):
            bad.append(f"the kernel's line '{line}' ({where}) returns the error behind it, "
                       f"its entry '{e.match}' says {e.errno}")
    for e in rtable:
        if e.match != CATCH_ALL["RESUME"] and not any(e.matches(x[0]) for x in lines):
            bad.append(f"the entry '{e.match}' matches no line the kernel gives")
    bad = kernel.errors + bad
    if len(reasons) < 10 or len(lines) < 20:
        bad.append(f"only {len(reasons)} reasons and {len(lines)} resume lines found in "
                   f"{src}: the extraction is broken")
    for b in bad:
        print(f"# {b}")
    if bad:
        return 1
    refused = sum(1 for x in set(lines) if x[2])
    print(f"# {len(reasons)} reasons in /sys/power/hibernate_seal, each with its own entry of "
          f"{len(table)}")
    print(f"# {len(set(x[0] for x in lines))} lines of /sys/power/hibernate_seal_resume "
          f"({refused} refusals), each with its own entry of {len(rtable)}")
    return 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] in WRITERS:
        sys.stdout.write(WRITERS[sys.argv[1]]())
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        path = pathlib.Path(sys.argv[2])
        text, found = blocks(path)
        for name, (a, b) in sorted(found.items(), key=lambda x: -x[1][0]):
            text = text[:a] + WRITERS[name]() + text[b:]
        path.write_text(text)
        return 0
    if len(sys.argv) >= 3 and sys.argv[1] == "check-doc":
        rc = 0
        for arg in sys.argv[2:]:
            text, found = blocks(pathlib.Path(arg))
            for name, (a, b) in sorted(found.items()):
                want = WRITERS[name]()
                if text[a:b] != want:
                    sys.stdout.writelines(difflib.unified_diff(
                        text[a:b].splitlines(True), want.splitlines(True), f"{arg} ({name})",
                        "reasons.def"))
                    rc = 1
        return rc
    if len(sys.argv) in (3, 4) and sys.argv[1] == "check-kernel":
        return check_kernel(*sys.argv[2:])
    sys.exit("usage: reasons-doc.py rst | refusals | write RST | check-doc RST... | "
             "check-kernel DIR [TABLE]")


if __name__ == "__main__":
    sys.exit(main())
