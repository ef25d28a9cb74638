#!/bin/bash
# bisect-series.sh [RESULTS]: build every step of the series `make patches` mails, as `git
# bisect` would meet them, with the test configuration; and the last step once more with
# HIBERNATION_SEAL off.
#
#   $B/linux (the test kernel, built) --copy--> $B/bisect/linux
#   mkseries.sh --> the series, in order; the copy must be their last step, file for file
#   last step, option off: tinyconfig + configs/*.config + HIBERNATION_SEAL=n, make vmlinux
#   then the test configuration, and for each step from the last to the pristine tree: make
#       vmlinux_o modpost (incremental: Kbuild rebuilds what the step changed), then patch -R
#       --fuzz=0 (each mail must come off exactly: the copy is the last step, not a stale tree);
#       the pristine tree: make vmlinux
#
# A step passes when the build succeeds with no compiler, objtool or modpost warning (section
# mismatches are errors in the test configuration) and
# vmlinux.o (every built-in object and the libraries, linked with ld -r) leaves no symbol
# undefined but those the final link's linker script gives (the ones the two full links,
# the last step's and the pristine tree's, leave in theirs): a step that calls what a later
# step defines fails here as it would at the final link, without that link's 25-80 s of
# kallsyms and BTF at every step. The copy and ccache (CCACHE_NOHASHDIR, as build-kernel.sh)
# keep every step incremental. BISECT_JOBS (default: the online CPUs) sets make -j; make
# check runs it beside the VM scenarios with one job (tests/run.sh). Prints a line a step and
# 'bisect: ok|FAILED'; with RESULTS, writes 'ok bisect' or 'not-ok bisect' there.
set -eu -o pipefail
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
jobs=${BISECT_JOBS:-$(nproc)}

# configure [FRAGMENT...]: the test configuration (as build-kernel.sh makes it), then these.
configure() {
	kmake tinyconfig >/dev/null
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -O . .config \
		"$top"/configs/*.config "$@" >/dev/null)
	kmake olddefconfig >/dev/null
}

# step NAME TARGET...: build TARGETs (vmlinux_o modpost: vmlinux.o linked and checked; or
# vmlinux); fails on an error or any warning. Records the symbols vmlinux.o leaves undefined in
# $work/undef.N (N counts the steps; empty if it did not build).
failed=0 nstep=0
step() {
	local t0=$SECONDS name=$1
	shift
	nstep=$((nstep + 1))
	: >"$work/undef.$nstep"
	if ! kmake -j"$jobs" "$@" >"$work/build.log" 2>&1; then
		msg "$name: does not build ($((SECONDS - t0)) s)"
		grep -m 20 -E 'error|Error' "$work/build.log" || tail -n 20 "$work/build.log"
		failed=1
		return 0
	fi
	nm -u "$tree/vmlinux.o" | awk '{ print $2 }' | sort -u >"$work/undef.$nstep"
	echo "$name" >"$work/name.$nstep"
	if grep -q -E 'warning:|WARNING:' "$work/build.log"; then
		msg "$name: builds with warnings ($((SECONDS - t0)) s)"
		grep -m 20 -E 'warning:|WARNING:' "$work/build.log"
		failed=1
		return 0
	fi
	msg "$name: builds ($((SECONDS - t0)) s)"
}

# The last step, with the option off.
printf 'CONFIG_HIBERNATION_SEAL=n\n' >"$work/off.config"
configure "$work/off.config"
grep -q '^CONFIG_HIBERNATION_SEAL=y' "$tree/.config" && { msg "the option stayed on"; verdict not-ok; }
step "all ${#mails[@]} patches, HIBERNATION_SEAL off" vmlinux
cp "$work/undef.$nstep" "$work/linked.last"

# Every step, last to first, with the test configuration. Going back, options only disappear
# (Kconfig files lose them), and Kbuild's own syncconfig drops them: the test configuration is
# made once.
configure
for ((i = ${#mails[@]}; i >= 0; i--)); do
	if [ "$i" = 0 ]; then
		step "the pristine tree" vmlinux
		cp "$work/undef.$nstep" "$work/linked.first"
		break
	fi
	m=${mails[$((i - 1))]}
	step "$i/${#mails[@]} ${m#"$work/series/"}" vmlinux_o modpost
	if ! patch -d "$tree" -R -p1 --fuzz=0 --batch <"$m" >"$work/patch.log" 2>&1 ||
		grep -q -E 'with fuzz|\(offset -?[0-9]+ lines?\)|FAILED|Reversed' "$work/patch.log"; then
		msg "${m#"$work/series/"} does not come off exactly"
		cat "$work/patch.log"
		verdict not-ok
	fi
done

# What the final link's linker script defines: left undefined by both fully linked trees
# (neither list may be empty: a reference that did not build proves nothing).
if [ ! -s "$work/linked.last" ] || [ ! -s "$work/linked.first" ]; then
	msg "a fully linked reference tree is missing"
	verdict not-ok
fi
sort -u "$work/linked.last" "$work/linked.first" >"$work/linked"
for ((n = 1; n <= nstep; n++)); do
	[ -s "$work/name.$n" ] || continue
	extra=$(comm -23 "$work/undef.$n" "$work/linked")
	if [ -n "$extra" ]; then
		msg "$(cat "$work/name.$n"): would not link, undefined: $(tr '\n' ' ' <<<"$extra")"
		failed=1
	fi
done
msg "$((${#mails[@]} + 2)) builds in $(($(date +%s) - start)) s"
rm -rf "$B/bisect"
if [ $failed = 0 ]; then verdict ok; fi
verdict not-ok
