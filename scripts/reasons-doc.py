#!/usr/bin/env python3
# reasons-doc.py: the one table of reasons and fixes (userspace/uswsusp/lib/reasons.def), for
# the documents and the tests.
#
#   reasons-doc.py rst               the admin guide's lists, as reStructuredText
#   reasons-doc.py write RST         put them in RST between its ".. reasons-begin" and
#                                    ".. reasons-end" comments
#   reasons-doc.py check-doc RST     exit 1 (and show the difference) unless RST holds them
#   reasons-doc.py check-kernel DIR  exit 1 unless every reason the kernel under DIR can give
#                                    in /sys/power/hibernate_seal has its own entry (not the
#                                    catch-all), and every entry matches a reason the kernel
#                                    gives
#
# hibseal status reads the same file, compiled in (lib/status.c), so the guide, the tool and
# the tests cannot drift apart.
import difflib
import pathlib
import re
import sys

TOP = pathlib.Path(__file__).resolve().parent.parent
DEF = TOP / "userspace/uswsusp/lib/reasons.def"
STRINGS = r'((?:\s*"(?:[^"\\]|\\.)*")+)'
ENTRY = re.compile(r"^HS_REASON\((\w+)," + STRINGS + r"," + STRINGS + r"\s*\)", re.M)
BEGIN = ".. reasons-begin: written from hibseal-tools' table of reasons; change that, not this"
END = ".. reasons-end"


def c_string(literals):
    """Adjacent C string literals, as one Python string."""
    out = ""
    for lit in re.findall(r'"((?:[^"\\]|\\.)*)"', literals):
        out += re.sub(r'\\(.)', r'\1', lit)
    return out


def entries():
    text = DEF.read_text()
    found = [(k, c_string(m), c_string(f)) for k, m, f in ENTRY.findall(text)]
    if len(found) != text.count("\nHS_REASON("):
        sys.exit(f"reasons-doc: {DEF}: an HS_REASON entry does not parse")
    return found


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
    heads = {
        "UNAVAILABLE": "When ``/sys/power/hibernate_seal`` reads ``unavailable:``, the reason "
                       "begins with one of these, and the fix is:",
        "SETUP": "When hibernation cannot work or an image written now would be lost "
                 "or never found, ``hibseal status`` says why, then:",
        "RESUME": "When ``/sys/power/hibernate_seal_resume`` (``last resume:`` in ``hibseal "
                  "status``) begins with one of these:",
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
    out = [BEGIN, ""]
    for kind in ("UNAVAILABLE", "SETUP", "RESUME"):
        out += wrap(heads[kind], "") + [""]
        for k, match, fix in entries():
            if k != kind:
                continue
            if kind == "SETUP":
                title = names.get(match)
                if not title:
                    sys.exit(f"reasons-doc: no title for the check '{match}'")
            elif match:
                title = f"``{match}``"
            else:
                title = "any other reason"
            out.append(title)
            out += wrap(fix, "    ")
            out.append("")
    out.append(END)
    return "\n".join(out) + "\n"


def split_doc(path):
    text = path.read_text()
    a = text.find(BEGIN)
    b = text.find(END + "\n")
    if a < 0 or b < a:
        sys.exit(f"reasons-doc: {path} has no '{BEGIN}' ... '{END}' block")
    return text[:a], text[a:b + len(END) + 1], text[b + len(END) + 1:]


def kernel_reasons(src):
    """Every reason the kernel under src can put in /sys/power/hibernate_seal."""
    reasons = set()
    for f in sorted((src / "kernel/power/hibseal").glob("*.c")):
        text = f.read_text()
        reasons.update(re.findall(r'hibseal_disable\(\s*"([^"]+)"', text))
        reasons.update(c_string(s) for s in re.findall(r'#define \w+_REASON' + STRINGS, text))
        reasons.update(re.findall(r'\.reason = "([^"]+)"', text))
        reasons.update(re.findall(r'\bnone = "([^"]+)"', text))
        if f.name == "bootlog.c":
            body = text[text.index("hibseal_bootlog_refusal(int rc"):]
            body = body[:body.index("\n}\n")]
            reasons.update(re.findall(r'return "([^"]+)";', body))
            reasons.update(c_string(s) for s in
                           re.findall(r'static const char unmeasured\[\] =' + STRINGS, text))
    return reasons


def check_kernel(src):
    reasons = kernel_reasons(pathlib.Path(src))
    table = [m for k, m, _ in entries() if k == "UNAVAILABLE"]
    bad = 0
    if len(reasons) < 10:
        print(f"# only {len(reasons)} reasons found in {src}: the extraction is broken")
        return 1
    for r in sorted(reasons):
        first = next((m for m in table if m and r.startswith(m)), None)
        if not first:
            print(f"# the kernel's reason '{r}' has no entry")
            bad += 1
    for m in table:
        if m and not any(r.startswith(m) for r in reasons):
            print(f"# the entry '{m}' matches no reason the kernel gives")
            bad += 1
    if not bad:
        print(f"# {len(reasons)} kernel reasons, each with its own entry of {len(table)}")
    return 1 if bad else 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "rst":
        sys.stdout.write(rst())
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        path = pathlib.Path(sys.argv[2])
        head, _, tail = split_doc(path)
        path.write_text(head + rst() + tail)
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "check-doc":
        _, block, _ = split_doc(pathlib.Path(sys.argv[2]))
        want = rst()
        if block == want:
            return 0
        sys.stdout.writelines(difflib.unified_diff(block.splitlines(True), want.splitlines(True),
                                                   sys.argv[2], "reasons.def"))
        return 1
    if len(sys.argv) == 3 and sys.argv[1] == "check-kernel":
        return check_kernel(sys.argv[2])
    sys.exit(__doc__ or "usage: reasons-doc.py rst | write RST | check-doc RST | check-kernel DIR")


if __name__ == "__main__":
    sys.exit(main())
