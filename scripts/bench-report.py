#!/usr/bin/env python3
"""bench-report.py: docs/benchmarks.md and its plots from the raw lines of `make bench`.

usage: bench-report.py --native FILE [--vm FILE] --md OUT.md --plots DIR [--title TEXT]

Inputs are the tab-separated lines of userspace/bench/hsbench (native) and of
scripts/bench-vm.sh (VM). Medians, min-max and ratios are computed here; timing is never
asserted, only reported. Plots are drawn by gnuplot (PNG) when it is installed.
"""
import argparse
import os
import statistics
import subprocess
import sys
from collections import defaultdict

MIB = 1024 * 1024
CONSTRUCTIONS = ["plain", "plain-nocrc", "ctr-hmac", "gcm"]
MIXES = ["incompressible", "typical", "mostly-zero"]
COMPRESSORS = ["lzo", "lz4"]
DEFAULT_CONSTRUCTION = "gcm"
DEFAULT_COMPRESSOR = "lzo"


def read_lines(path):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                rows.append(line.split("\t"))
    return rows


def med(values):
    return statistics.median(values) if values else float("nan")


def fmt_range(values, scale=1.0, digits=0):
    if not values:
        return "-"
    v = [x * scale for x in values]
    return f"{med(v):.{digits}f} ({min(v):.{digits}f}-{max(v):.{digits}f})"


class Native:
    def __init__(self, rows):
        self.info = {}
        self.tput = defaultdict(list)      # (mix, cons, comp, dir, threads) -> [MiB/s]
        self.secs = defaultdict(dict)      # (mix, comp, dir, threads, rep) -> {cons: seconds}
        self.disk = {}                     # (mix, cons, comp) -> (input, disk)
        self.ship = defaultdict(list)      # (mix, cons, comp, dir) -> [MiB/s]
        self.ship_secs = defaultdict(dict)  # (mix, comp, dir, rep) -> {cons: seconds}
        self.ship_workers = {}             # cons -> workers
        self.algo = defaultdict(list)      # name -> [MiB/s]
        for r in rows:
            if r[0] == "info":
                self.info[r[1]] = r[2]
            elif r[0] in ("pipeline", "shipped"):
                mix, cons, comp, d, thr, rep = r[1], r[2], r[3], r[4], int(r[5]), int(r[6])
                secs, inp, disk = float(r[7]), int(r[8]), int(r[9])
                if r[0] == "pipeline":
                    self.tput[(mix, cons, comp, d, thr)].append(inp / MIB / secs)
                    self.secs[(mix, comp, d, thr, rep)][cons] = secs
                    self.disk[(mix, cons, comp)] = (inp, disk)
                else:
                    self.ship[(mix, cons, comp, d)].append(inp / MIB / secs)
                    self.ship_secs[(mix, comp, d, rep)][cons] = secs
                    self.ship_workers[cons] = thr
            elif r[0] == "algorithm":
                self.algo[r[1]].append(int(r[4]) / MIB / float(r[3]))
        self.threads = sorted({k[4] for k in self.tput})
        self.mixes = [m for m in MIXES if any(k[0] == m for k in self.tput)]
        self.comps = [c for c in COMPRESSORS if any(k[2] == c for k in self.tput)]

    def ratios(self, mix, cons, comp, d, thr, base="plain"):
        """cons/base throughput, pairing the runs of one repetition (base time / cons time)."""
        out = []
        for (m, k, dd, t, _), by in self.secs.items():
            if (m, k, dd, t) == (mix, comp, d, thr) and base in by and cons in by:
                out.append(by[base] / by[cons])
        return out

    def ship_ratios(self, mix, cons, comp, d, base_comp=None):
        """Shipped sealed against shipped plain (with base_comp: plain with that compressor)."""
        out = []
        for (m, k, dd, rep), by in self.ship_secs.items():
            if (m, k, dd) != (mix, comp, d) or cons not in by:
                continue
            base = self.ship_secs.get((mix, base_comp or comp, d, rep), {}).get("plain")
            if base:
                out.append(base / by[cons])
        return out

    def scaling(self, mix, cons, comp, d, thr):
        one = med(self.tput[(mix, cons, comp, d, 1)])
        return med(self.tput[(mix, cons, comp, d, thr)]) / (thr * one) if one else float("nan")


def native_section(n, out):
    w = out.append
    w("## Native: the image pipeline in userspace\n")
    w(f"CPU: {n.info.get('cpu', '?')}; flags: {n.info.get('cpu-flags', '?')}; "
      f"{n.info.get('cores', '?')} cores online; {n.info.get('openssl', '?')}; "
      f"LZO {n.info.get('lzo', '?')}; LZ4 {n.info.get('lz4', '?')}.\n")
    w("Each chunk as the kernel handles it: 32 pages copied in, compressed (LZO-1X-1 or LZ4, "
      "as `hibernate.compressor=` picks), sealed in place (sealed runs), copied out to swap "
      "pages; loading is the reverse, the tag checked before the decompressor sees a byte. "
      "*plain* is plain hibernation as the kernel runs it: compression and the CRC32 "
      "that upstream's CRC32 thread computes over every uncompressed page (slice-by-8, as the "
      "kernel's crc32_le); *plain-nocrc* leaves the CRC32 out, the cheapest a plain image could "
      "be. Sealed images have no CRC32. Throughput is MiB/s of memory contents, median (min-max) "
      "of the repetitions; a ratio pairs the runs of each repetition, which ran back to back on "
      "the same input: sealed/plain, then sealed/plain-nocrc.\n")
    w("### As shipped: the whole pipeline as each kernel runs it\n")
    w(f"On {n.info.get('cores', '?')} CPUs: plain with "
      f"{n.ship_workers.get('plain', '?')} worker(s) and upstream's CRC32 thread "
      "(min(cpus - 1, 3) workers), sealed with "
      f"{n.ship_workers.get(DEFAULT_CONSTRUCTION, '?')} (a worker per CPU, up to 16), in "
      "the kernel's lock step: the main thread copies a round of chunks in, the workers run, "
      "the main thread collects and writes their output in order. Ratio: sealed/plain with "
      "the same compressor, paired by repetition.\n")
    w("| memory | compressor | direction | plain | ctr-hmac | ratio | gcm | ratio |")
    w("|---|---|---|---:|---:|---:|---:|---:|")
    for mix in n.mixes:
        for comp in n.comps:
            for d in ("save", "load"):
                if not n.ship[(mix, "plain", comp, d)]:
                    continue
                cells = [mix, comp, d, fmt_range(n.ship[(mix, "plain", comp, d)])]
                for cons in ("ctr-hmac", "gcm"):
                    cells += [fmt_range(n.ship[(mix, cons, comp, d)]),
                              f"{med(n.ship_ratios(mix, cons, comp, d)):.2f}"]
                w("| " + " | ".join(cells) + " |")
    w("")
    for mix in n.mixes:
        for comp in n.comps:
            inp, disk = n.disk.get((mix, "plain", comp), (0, 0))
            w(f"### Per thread: {mix} memory, {comp} (to {100.0 * disk / inp:.0f}% of its size)\n"
              if inp else f"### Per thread: {mix}, {comp}\n")
            w("| direction | threads | plain | plain-nocrc | ctr-hmac | ratios | gcm | ratios |")
            w("|---|---:|---:|---:|---:|---:|---:|---:|")
            for d in ("save", "load"):
                for t in n.threads:
                    cells = [d, str(t), fmt_range(n.tput[(mix, "plain", comp, d, t)]),
                             fmt_range(n.tput[(mix, "plain-nocrc", comp, d, t)])]
                    for cons in ("ctr-hmac", "gcm"):
                        cells.append(fmt_range(n.tput[(mix, cons, comp, d, t)]))
                        cells.append(f"{med(n.ratios(mix, cons, comp, d, t)):.2f} / "
                                     f"{med(n.ratios(mix, cons, comp, d, t, 'plain-nocrc')):.2f}")
                    w("| " + " | ".join(cells) + " |")
            w("")
    w("### Size on swap\n")
    w("| memory | compressor | plain bytes | ctr-hmac bytes | overhead | gcm bytes | overhead |")
    w("|---|---|---:|---:|---:|---:|---:|")
    for mix in n.mixes:
        for comp in n.comps:
            plain = n.disk.get((mix, "plain", comp), (0, 0))[1]
            cells = [mix, comp, str(plain)]
            for cons in ("ctr-hmac", "gcm"):
                b = n.disk.get((mix, cons, comp), (0, 0))[1]
                cells += [str(b), f"{100.0 * (b - plain) / plain:+.2f}%" if plain else "-"]
            w("| " + " | ".join(cells) + " |")
    w("")
    w("### Each algorithm alone (one thread, typical memory)\n")
    w("| algorithm | MiB/s |")
    w("|---|---:|")
    for name, v in n.algo.items():
        w(f"| {name} | {fmt_range(v)} |")
    w("")


def goals_section(n, out):
    w = out.append
    cons, comp = DEFAULT_CONSTRUCTION, DEFAULT_COMPRESSOR
    w("## Goals (native, typical memory)\n")
    w(f"The default: {cons} with {comp} (docs/design.md says why).\n")
    w("| goal | measured | met |")
    w("|---|---|---|")
    for d in ("save", "load"):
        worst = min(med(n.ratios("typical", cons, comp, d, t, "plain-nocrc")) for t in n.threads)
        w(f"| sealed/plain-nocrc >= 0.90 per thread, {d} | "
          f"{worst:.2f} (lowest over 1..{max(n.threads)} threads) | "
          f"{'yes' if worst >= 0.90 else 'no'} |")
    cores = int(n.info.get("cores", "0") or 0)
    for d in ("save", "load"):
        # Upstream as shipped runs LZO (its default); hibseal as shipped runs the default.
        r = med(n.ship_ratios("typical", cons, comp, d, base_comp="lzo"))
        met = "yes" if r > 1.0 else "no"
        if cores < 4:
            met += f" (only {cores} cores here: the goal is for four or more)"
        w(f"| sealed as shipped faster than upstream's plain LZO as shipped, {d} | "
          f"{r:.2f}x | {met} |")
    top = max(n.threads)
    if top > 1:
        for c in ("plain", "ctr-hmac", "gcm"):
            s = n.scaling("typical", c, comp, "save", top)
            w(f"| scaling within 10% of linear to {top} threads, {c}, save | "
              f"{s:.2f} of linear | {'yes' if s >= 0.90 else 'no'} |")
    inp, plain = n.disk.get(("typical", "plain", comp), (0, 0))
    sealed = n.disk.get(("typical", cons, comp), (0, 0))[1]
    if plain:
        ov = 100.0 * (sealed - plain) / plain
        w(f"| image size overhead <= 1% | {ov:+.2f}% | {'yes' if ov <= 1.0 else 'no'} |")
    w("")


class Vm:
    MODES = ("plain", "ctr-hmac", "gcm")

    def __init__(self, rows):
        self.info = {}
        self.runs = defaultdict(list)      # (mix, mode, comp, mib) -> [dict]
        for r in rows:
            if r[0] == "info":
                self.info[r[1]] = r[2]
            elif r[0] == "vm":
                rec = {"rep": int(r[5]), "hibernate": float(r[6]), "resume": float(r[7]),
                       "image": int(r[8])}
                for kv in r[9:]:
                    k, _, v = kv.partition("=")
                    rec[k] = float(v)
                self.runs[(r[1], r[2], r[3], int(r[4]))].append(rec)
        self.sizes = sorted({k[3] for k in self.runs})
        self.mixes = [m for m in MIXES if any(k[0] == m for k in self.runs)]
        self.comps = [c for c in ("lzo", "lz4") if any(k[2] == c for k in self.runs)]

    def values(self, mix, mode, comp, mib, key):
        return [r[key] for r in self.runs[(mix, mode, comp, mib)] if key in r]

    def ratios(self, mix, mode, comp, mib, key):
        """mode/plain, paired by repetition (the two ran back to back)."""
        plain = {r["rep"]: r[key] for r in self.runs[(mix, "plain", comp, mib)] if key in r}
        return [r[key] / plain[r["rep"]] for r in self.runs[(mix, mode, comp, mib)]
                if key in r and plain.get(r["rep"])]


def vm_section(v, out):
    w = out.append
    w("## In the VM: hibernate and resume, plain against sealed\n")
    w(f"QEMU {v.info.get('accel', '?')} ({v.info.get('qemu', '?')}), "
      f"{v.info.get('vm-mem', '?')} MiB of guest memory, {v.info.get('vm-smp', '?')} vCPUs. "
      "Plain: lockdown off, sealing off (the test kernel); ctr-hmac: Secure Boot lockdown "
      "with sealing, the test kernel (AES-256-CTR + HMAC-SHA256 chunks); gcm: the "
      "same with the production kernel (AES-256-GCM chunks, the default). Each with `hibernate.compressor=` "
      "lzo and lz4. Times are the kernel's own (its console timestamps for the whole, its "
      "'Wrote'/'Read' lines for the image data, its 'Image timing' line for the phases), "
      "median (min-max) seconds; a ratio is sealed/plain of runs made back to back on the "
      "same seeded memory contents, median (min-max) over the repetitions.\n")
    if v.info.get("accel") == "tcg":
        w("Under TCG the AES and SHA instructions are emulated (AES ~80x, HMAC-SHA256 ~30x "
          "slower than natively, LZO ~5x): these ratios overstate the cost of sealing by about "
          "an order of magnitude. The native section is the measure of the goal.\n")

    def table(key, what):
        w(f"| memory | MiB | compressor | snapshot MiB | plain {what} s | ctr-hmac {what} s | "
          f"ratio | gcm {what} s | ratio |")
        w("|---|---:|---|---:|---:|---:|---:|---:|---:|")
        for mix in v.mixes:
            for mib in v.sizes:
                for comp in v.comps:
                    if not v.runs[(mix, "plain", comp, mib)]:
                        continue
                    img = med(v.values(mix, "plain", comp, mib, "image")) / MIB
                    cells = [mix, str(mib), comp, f"{img:.0f}",
                             fmt_range(v.values(mix, "plain", comp, mib, key), digits=2)]
                    for mode in v.MODES[1:]:
                        r = v.ratios(mix, mode, comp, mib, key)
                        cells += [fmt_range(v.values(mix, mode, comp, mib, key), digits=2),
                                  fmt_range(r, digits=2) if r else "-"]
                    w("| " + " | ".join(cells) + " |")
        w("")

    w("Whole hibernation (from the kernel's 'hibernation entry' to its last line before "
      "power-off):\n")
    table("hibernate_total", "hibernate")
    w("Whole resume (from the boot kernel's search for an image to its jump into it: the key "
      "unsealed, every chunk loaded and opened, the checks):\n")
    table("resume_total", "resume")
    w("The image data alone, written (the kernel's 'Wrote ... in' seconds):\n")
    table("hibernate", "write")
    w("The image data alone, read (the kernel's 'Read ... in' seconds):\n")
    table("resume", "read")
    phases = sorted({k for runs in v.runs.values() for r in runs for k in r
                     if k.startswith(("save_", "load_"))})
    if phases:
        w("### Where a hibernation spends its time (kernel counters, median seconds)\n")
        w("| memory | MiB | compressor | mode | " + " | ".join(phases) + " |")
        w("|---|---:|---|---|" + "---:|" * len(phases))
        for mix in v.mixes:
            for mib in v.sizes:
                for comp in v.comps:
                    for mode in v.MODES:
                        if not v.runs[(mix, mode, comp, mib)]:
                            continue
                        cells = [mix, str(mib), comp, mode]
                        for ph in phases:
                            vals = v.values(mix, mode, comp, mib, ph)
                            cells.append(f"{med(vals):.2f}" if vals else "-")
                        w("| " + " | ".join(cells) + " |")
        w("\ncomp (the compressor) and seal add up CPU time over the worker threads; I/O is "
          "the writer's or reader's wait for the disk; save_tpm is the TPM time of the "
          "hibernation itself (the window PCR check), load_tpm all of the boot kernel's TPM "
          "commands up to the load: its window (the new secret sealed, the counter, the test "
          "kernel's self-test, which the production kernel does not run) and the unseal of "
          "the image's key.\n")


def gnuplot(script):
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"bench-report: gnuplot failed: {e}", file=sys.stderr)
        return False


def plot_native(n, plots, work):
    """Sealed/plain-nocrc per thread against threads, one line per construction and
    compressor, save and load side by side, min-max bars."""
    data = os.path.join(work, "native-ratios.dat")
    series = [(c, k) for c in ("ctr-hmac", "gcm") for k in n.comps]
    with open(data, "w") as f:
        for d in ("save", "load"):
            for c, k in series:
                f.write(f"# {d} {c} {k}\n")
                for t in n.threads:
                    r = n.ratios("typical", c, k, d, t, "plain-nocrc")
                    if r:
                        f.write(f"{t} {med(r):.3f} {min(r):.3f} {max(r):.3f}\n")
                f.write("\n\n")
    png = os.path.join(plots, "benchmarks-native.png")
    panels = []
    for di, d in enumerate(("save", "load")):
        plots_ = ", ".join(
            f"'{data}' index {di * len(series) + i} using 1:2:3:4 with yerrorlines "
            f"title '{c} {k}'" for i, (c, k) in enumerate(series))
        panels.append(f"set title '{d}'\nplot {plots_}, 0.9 with lines dt 2 lc 'black' "
                      "title 'goal 0.90', 1 with lines lc 'gray' notitle")
    ok = gnuplot(f"""set terminal png size 1100,480
set output '{png}'
set multiplot layout 1,2 title 'Native, typical memory: sealed / plain-nocrc per thread (median, min-max)'
set xlabel 'worker threads'
set ylabel 'throughput ratio'
set xtics 1
set offsets 0.3, 0.3, 0, 0
set yrange [0:1.3]
set key right bottom
set grid
{panels[0]}
{panels[1]}
unset multiplot
""")
    return png if ok else None


def plot_vm(v, plots, work):
    """Typical memory at the largest size: whole hibernate and resume, seconds, one group per
    compressor and direction, a bar per mode, min-max bars."""
    mix = "typical" if "typical" in v.mixes else (v.mixes[0] if v.mixes else None)
    if mix is None or not v.comps:
        return None
    mib = max(m for m in v.sizes if any(v.runs[(mix, mo, c, m)] for mo in v.MODES
                                        for c in v.comps))
    data = os.path.join(work, "vm.dat")
    with open(data, "w") as f:
        for comp in v.comps:
            for key, name in (("hibernate_total", "hibernate"), ("resume_total", "resume")):
                row = [f'"{comp} {name}"']
                for mode in v.MODES:
                    vals = v.values(mix, mode, comp, mib, key) or [0.0]
                    row += [f"{med(vals):.3f}", f"{min(vals):.3f}", f"{max(vals):.3f}"]
                f.write(" ".join(row) + "\n")
    png = os.path.join(plots, "benchmarks-vm.png")
    cols = ", ".join(
        f"'{data}' using {2 + 3 * i}:{3 + 3 * i}:{4 + 3 * i}{':xtic(1)' if i == 0 else ''} "
        f"title '{mode}'" for i, mode in enumerate(v.MODES))
    ok = gnuplot(f"""set terminal png size 900,520
set output '{png}'
set title 'VM ({v.info.get("accel", "?")}), {mib} MiB of {mix} memory: whole hibernate and resume (median, min-max)'
set ylabel 'seconds'
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.6 border -1
set yrange [0:*]
set key left top
set grid ytics
plot {cols}
""")
    return png if ok else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--native", required=True)
    ap.add_argument("--vm")
    ap.add_argument("--md", required=True)
    ap.add_argument("--plots", required=True)
    ap.add_argument("--title", default="Benchmarks: sealed against plain hibernation")
    a = ap.parse_args()
    n = Native(read_lines(a.native))
    if not n.tput:
        sys.exit("bench-report: no pipeline lines in " + a.native)
    v = Vm(read_lines(a.vm)) if a.vm and os.path.exists(a.vm) else None
    os.makedirs(a.plots, exist_ok=True)
    md_dir = os.path.dirname(os.path.abspath(a.md))
    out = [f"# {a.title}\n",
           "Generated by `make bench` (scripts/bench.sh, scripts/bench-report.py); do not edit "
           "by hand. Nothing here is asserted by a test: these are measurements, on a shared "
           "and noisy machine, which is why every ratio pairs runs made back to back.\n"]
    goals_section(n, out)
    native_section(n, out)
    work = os.path.dirname(os.path.abspath(a.native))
    png = plot_native(n, a.plots, work)
    if png:
        out.append(f"![native throughput]({os.path.relpath(png, md_dir)})\n")
    if v and v.runs:
        vm_section(v, out)
        png = plot_vm(v, a.plots, work)
        if png:
            out.append(f"![VM hibernate and resume]({os.path.relpath(png, md_dir)})\n")
    else:
        out.append("## In the VM\n\nNot measured in this run.\n")
    with open(a.md, "w") as f:
        f.write("\n".join(out))
    print(f"bench-report: {a.md}")


if __name__ == "__main__":
    main()
