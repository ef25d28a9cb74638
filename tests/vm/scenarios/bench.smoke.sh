#!/bin/bash
# One iteration of `make bench` (scripts/bench.sh --smoke), so that it does not rot. Nothing
# about timing is asserted; what the run proves is: the native pipeline restored its input
# exactly under each construction and refused a flipped bit (hsbench exits 1 otherwise), and
# in the VM a plain (LZO), a ctr-hmac (LZ4, the test kernel) and a gcm (LZO, the production
# kernel) hibernation of seeded memory came back intact, each written the way it was asked for
# (bench-vm.sh checks the kernel's lines and `hibseal inspect` of the image, and fails
# otherwise); the report was generated from them.
set -eu
top=$(cd "$(dirname "$0")/../../.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
smoke=$B/bench/smoke

fail() { printf '# %s\n' "$*"; exit 1; }

if ! log=$("$top/scripts/bench.sh" --smoke 2>&1); then
	printf '%s\n' "$log" | tail -n 30 | sed 's/^/# /'
	fail "make bench --smoke failed"
fi
cores=$(nproc)
lines=$(grep -c '^pipeline' "$smoke/native.tsv" || true)
[ "$lines" = $((3 * cores * 4 * 2 * 2)) ] ||
	fail "native: $lines pipeline lines, expected 3 mixes x $cores thread counts x 4 constructions (plain, plain-nocrc, ctr-hmac, gcm) x 2 compressors (lzo, lz4) x 2 directions"
for comp in lzo lz4; do
	grep -Eq "^pipeline	typical	ctr-hmac	$comp	save	" "$smoke/native.tsv" ||
		fail "native: no sealed $comp run"
done
for pair in plain:lzo ctr-hmac:lz4 gcm:lzo; do
	grep -Eq "^vm	typical	${pair%:*}	${pair#*:}	32	1	[0-9.]+	[0-9.]+	[0-9]+	save_comp=" "$smoke/vm.tsv" ||
		fail "VM: no ${pair%:*} ${pair#*:} run in $smoke/vm.tsv"
done
grep -q '^| sealed/plain-nocrc >= 0.90 per thread, save |' "$smoke/benchmarks.md" ||
	fail "the report has no goals table"
grep -q '^## In the VM: hibernate and resume' "$smoke/benchmarks.md" ||
	fail "the report has no VM section"
printf '%s\n' "$log" | grep '^# ' || true
exit 0
