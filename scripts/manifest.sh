#!/bin/bash
# scripts/manifest.sh (make manifest): write tests/manifest.txt, the list of every TAP name a full
# run of tests/run.sh reports (harness.manifest checks each run against it), from the names the
# last full run reported ($B/tap-names.txt). Run it only when tests were added, renamed or removed
# on purpose, and review its diff: a name that leaves the manifest is a test that no longer runs.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
names=$B/tap-names.txt
[ -s "$names" ] || { echo "manifest: no $names: run the full suite (make check) first" >&2; exit 1; }
dups=$(sort "$names" | uniq -d)
[ -z "$dups" ] || { echo "manifest: the run reported names twice:" >&2; echo "$dups" >&2; exit 1; }
{
	echo "# Every TAP name a full run of tests/run.sh reports, one per line (harness.manifest);"
	echo "# written by 'make manifest' (scripts/manifest.sh) from a full run. Do not edit by hand."
	sort "$names"
} >"$top/tests/manifest.txt"
echo "manifest: $(grep -vc '^#' "$top/tests/manifest.txt") names in tests/manifest.txt"
# What harness.manifest will still find: the README's table against the new manifest.
python3 "$top/scripts/manifest-check.py" "$names" "$top/tests/manifest.txt" "$top/README.md" \
	>"$B/manifest.log"
[ ! -s "$B/manifest.log" ] || { sed 's/^/manifest: /' "$B/manifest.log" >&2; exit 1; }
