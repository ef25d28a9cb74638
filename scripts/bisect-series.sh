#!/bin/bash
# bisect-series.sh [RESULTS]: build every step of the series `make patches` mails, as `git
# bisect` would meet them, with the test configuration; and the last step once more with
# HIBERNATION_SEAL off.
#
#   $B/linux (the test kernel, built) --copy--> $B/bisect/linux
#   mkseries.sh --> the series, in order; the copy must be their last step, file for file
#   last step, option off: tinyconfig + configs/*.config + HIBERNATION_SEAL=n, make vmlinux
#   then the test configuration, and for each step from the last to the pristine tree: make
#       vmlinux (incremental: Kbuild rebuilds what the step changed), then patch -R
#
# A step passes when the build succeeds with no compiler or linker warning. The copy and
# ccache (CCACHE_NOHASHDIR, as build-kernel.sh) keep every step incremental. Prints a line a
# step and 'bisect: ok|FAILED'; with RESULTS, writes 'ok bisect' or 'not-ok bisect' there.
set -eu
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
. "$top/scripts/linux-source.sh"
results=${1:-/dev/null}
src=$B/linux
tree=$B/bisect/linux
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$results"

msg() { printf 'bisect: %s\n' "$*"; }
verdict() {	# verdict ok|not-ok: record it and end the run
	echo "$1 bisect" >>"$results"
	if [ "$1" = ok ]; then msg ok; exit 0; fi
	msg FAILED
	exit 1
}

[ -f "$src/vmlinux" ] || { msg "no built test kernel in $src (make kernel)"; verdict not-ok; }
"$top/scripts/mkseries.sh" "$work/series" >"$work/mkseries.log" 2>&1 ||
	{ cat "$work/mkseries.log"; verdict not-ok; }
mapfile -t mails < <(sed "s|^|$work/series/|" "$work/series/mails")

start=$(date +%s)
rm -rf "$B/bisect"
mkdir -p "$B/bisect"
cp -a "$src" "$tree"

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache} CCACHE_NOHASHDIR=1
KBUILD_BUILD_TIMESTAMP=$(date -u -R -d "@$(stat -c %Y "$LINUX_TARBALL")")
export KBUILD_BUILD_TIMESTAMP KBUILD_BUILD_USER=hibseal KBUILD_BUILD_HOST=hibseal
kmake() { make -C "$tree" -s CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

# configure [FRAGMENT...]: the test configuration (as build-kernel.sh makes it), then these.
configure() {
	kmake tinyconfig >/dev/null
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -O . .config \
		"$top"/configs/*.config "$@" >/dev/null)
	kmake olddefconfig >/dev/null
}

# step NAME: build vmlinux; fails on an error or any warning.
failed=0
step() {
	local t0=$SECONDS
	if ! kmake -j"$(nproc)" vmlinux >"$work/build.log" 2>&1; then
		msg "$1: does not build ($((SECONDS - t0)) s)"
		grep -m 20 -E 'error|Error' "$work/build.log" || tail -n 20 "$work/build.log"
		failed=1
		return 0
	fi
	if grep -q -E 'warning:' "$work/build.log"; then
		msg "$1: builds with warnings ($((SECONDS - t0)) s)"
		grep -m 20 'warning:' "$work/build.log"
		failed=1
		return 0
	fi
	msg "$1: builds ($((SECONDS - t0)) s)"
}

# The last step, with the option off.
printf 'CONFIG_HIBERNATION_SEAL=n\n' >"$work/off.config"
configure "$work/off.config"
grep -q '^CONFIG_HIBERNATION_SEAL=y' "$tree/.config" && { msg "the option stayed on"; verdict not-ok; }
step "all ${#mails[@]} patches, HIBERNATION_SEAL off"

# Every step, last to first, with the test configuration. Going back, options only disappear
# (Kconfig files lose them), and Kbuild's own syncconfig drops them: the test configuration is
# made once.
configure
for ((i = ${#mails[@]}; i >= 0; i--)); do
	if [ "$i" = 0 ]; then
		step "the pristine tree"
		break
	fi
	m=${mails[$((i - 1))]}
	step "$i/${#mails[@]} ${m#"$work/series/"}"
	patch -d "$tree" -R -p1 -s --batch <"$m" >"$work/patch.log" 2>&1 ||
		{ msg "${m#"$work/series/"} does not reverse"; cat "$work/patch.log"; verdict not-ok; }
done

msg "$((${#mails[@]} + 2)) builds in $(($(date +%s) - start)) s"
rm -rf "$B/bisect"
if [ $failed = 0 ]; then verdict ok; fi
verdict not-ok
