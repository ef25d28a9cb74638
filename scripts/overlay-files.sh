#!/bin/bash
# overlay-files.sh: the overlay, one line per file: its path in the kernel tree, a tab, and the
# file in this repository it is copied from. build-kernel.sh and mkseries.sh share this list.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
find kernel drivers include Documentation -type f ! -name README.md 2>/dev/null | sort |
	while read -r f; do printf '%s\t%s\n' "$f" "$f"; done
# Not "Kconfig.hibseal": checkpatch takes a line of kernel/power/Kconfig naming
# "kernel/power/Kconfig.<anything>" for the file naming itself.
[ ! -f Kconfig ] || printf 'kernel/power/hibseal.Kconfig\tKconfig\n'
