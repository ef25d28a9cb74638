#!/bin/bash
# check-series.sh [RESULTS]: check the series `make patches` makes, as a reviewer would get it.
#
#   mkseries.sh --> fresh series in a temporary directory, in their order
#   whole tarball --extract--> pristine tree
#   checkpatch: scripts/checkpatch.pl --strict of the pristine tree on every mail: no error,
#               warning or check
#   applies:    every mail applies to that tree with patch -p1, in order, and every file the
#               series or the build touches is then byte for byte what patches/*.patch + the
#               overlay make (built here apart, from the tarball, with patch(1) and
#               scripts/overlay-files.sh)
#
# Prints each check's findings and 'series: NAME: ok|FAILED'; with RESULTS, also writes there
# one line per check, 'ok NAME' or 'not-ok NAME', for tests/run.sh. Exit status 1 if any failed.
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/linux-source.sh"
tarball=$LINUX_TARBALL
results=${1:-/dev/null}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$results"

failed=0
verdict() {	# verdict NAME ok|not-ok
	echo "$2 $1" >>"$results"
	[ "$2" = ok ] || failed=1
	if [ "$2" = ok ]; then echo "series: $1: ok"; else echo "series: $1: FAILED"; fi
}

start=$(date +%s)
"$top/scripts/mkseries.sh" "$work/series" >"$work/mkseries.log" 2>&1 || {
	cat "$work/mkseries.log"
	verdict applies not-ok
	verdict checkpatch not-ok
	exit 1
}
# Every series' patches in order, without the cover letters (mkseries.sh lists them).
mapfile -t mails < <(sed "s|^|$work/series/|" "$work/series/mails")

# The reference, built apart from mkseries.sh: the upstream files patches/ changes, patched,
# and the overlay.
mkdir -p "$work/linux" "$work/ref"
tar -xJf "$tarball" -C "$work/linux" --strip-components=1
mapfile -t upstream < <(sed -n 's|^+++ b/||p; s|^--- a/||p' "$top"/patches/*.patch | sort -u |
	grep -vxF /dev/null)
(cd "$work/linux" && cp --parents -- "${upstream[@]}" "$work/ref/")
for p in "$top"/patches/*.patch; do
	patch -d "$work/ref" -p1 -s --batch --forward <"$p"
done
while IFS=$'\t' read -r f from; do
	mkdir -p "$work/ref/$(dirname "$f")"
	cp "$top/$from" "$work/ref/$f"
done < <("$top/scripts/overlay-files.sh")

# checkpatch, from the pristine tree, as a maintainer runs it. The tree is a tarball with no
# git history, so the commits that Fixes: tags and "commit <id>" references name cannot be
# looked up here (UNKNOWN_COMMIT_ID); their form (12 digits, the subject quoted) is still
# checked, and their ids and subjects were checked against upstream by hand (design.md 2).
ok=ok
for m in "${mails[@]}"; do
	out=$(cd "$work/linux" && perl scripts/checkpatch.pl --strict --ignore UNKNOWN_COMMIT_ID "$m" 2>&1) ||
		true
	total=$(printf '%s\n' "$out" | grep '^total: ' || echo "total: no summary")
	if [ "$total" = "${total#total: 0 errors, 0 warnings, 0 checks}" ]; then
		echo "${m#"$work/series/"}: $total"
		printf '%s\n' "$out" | grep -v '^total: ' | head -n 40
		ok=not-ok
	fi
done
echo "series: checkpatch --strict on ${#mails[@]} mails"
verdict checkpatch $ok

# applies: the mails on the whole pristine tree, in place (checkpatch has run from it).
ok=ok
for m in "${mails[@]}"; do
	if ! patch -d "$work/linux" -p1 -s --batch --forward <"$m" >"$work/patch.log" 2>&1; then
		echo "${m#"$work/series/"} does not apply:"
		cat "$work/patch.log"
		ok=not-ok
		break
	fi
done
if [ $ok = ok ]; then
	{ (cd "$work/ref" && find . -type f | sed 's|^\./||'); sed -n 's|^+++ b/||p' "${mails[@]}"; } |
		sort -u >"$work/touched"
	while read -r f; do
		if ! cmp -s "$work/ref/$f" "$work/linux/$f"; then
			echo "$f: the series gives another file than patches/ and the overlay:"
			diff -u "$work/ref/$f" "$work/linux/$f" 2>&1 | head -n 20 || true
			ok=not-ok
		fi
	done <"$work/touched"
fi
echo "series: ${#mails[@]} mails applied to a pristine tree"
verdict applies $ok

echo "series: $(($(date +%s) - start)) s in all"
[ $failed = 0 ]
