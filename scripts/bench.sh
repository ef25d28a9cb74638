#!/bin/bash
# bench.sh [--smoke]: `make bench`. Sealed against plain hibernation, side by side:
#   1. natively: userspace/bench/hsbench, the image pipeline with the kernel's algorithms and
#      chunk framing, 1..N threads, three memory mixes (build/bench/native.tsv);
#   2. in the VM: scripts/bench-vm.sh, hibernate and resume timed by the kernel
#      (build/bench/vm.tsv);
#   3. scripts/bench-report.py: docs/benchmarks.md and docs/benchmarks-*.png.
# --smoke: one small iteration of each, the report written under build/bench/smoke instead
# (make check runs it so that the benchmark does not rot; nothing about timing is asserted).
# BENCH_NATIVE_ARGS and BENCH_VM_* (see bench-vm.sh) tune the runs.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
smoke=${1:-}
out=$B/bench
md=$top/docs/benchmarks.md
plots=$top/docs
native_args=${BENCH_NATIVE_ARGS:-}
if [ "$smoke" = --smoke ]; then
	out=$B/bench/smoke
	md=$out/benchmarks.md
	plots=$out
	native_args="--smoke"
fi
mkdir -p "$out"

make -s -C "$top/userspace/bench" OUT="$B/bench"
echo "bench: native pipeline ($B/bench/hsbench $native_args)"
# shellcheck disable=SC2086
"$B/bench/hsbench" $native_args --out "$out/native.tsv"
echo "bench: VM hibernate and resume"
"$top/scripts/bench-vm.sh" "$out/vm.tsv" "$smoke"
python3 "$top/scripts/bench-report.py" --native "$out/native.tsv" --vm "$out/vm.tsv" \
	--md "$md" --plots "$plots"
