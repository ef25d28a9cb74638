#!/bin/bash
# bisect-series.sh [RESULTS]: build every step of the series `make patches` mails, as `git
# bisect` would meet them, in the test configuration and with HIBERNATION_SEAL off.
#
#   $B/linux (the test kernel, built and linked) --copy--> $B/bisect/on and $B/bisect/off
#   mkseries.sh --> the series, in order; the copies must be their last step, file for file
#   off: the test configuration + HIBERNATION_SEAL=n; on: the test configuration as built
#   for each step, from the last to the pristine tree, in both trees: build it, then patch -R
#       --fuzz=0 the step's mail (each must come off exactly: the copy is the last step)
#   off is built only at the steps whose Kconfig has the option: before the step that adds it
#   there are no stubs to test, and the two trees differ only by what the option selected
#
# A step is built in one of three ways, by what the mail that follows it changed (the tree
# going back from step i+1 to step i differs by mail i+1 only):
#   full   a Makefile or Kconfig changed (which objects exist, and the configuration), or the
#          last step: make vmlinux_o modpost, Kbuild's own incremental build of every object,
#          vmlinux.o (ld -r, objtool) and modpost;
#   quick  sources and headers only: make of exactly the objects whose dependency lists
#          (Kbuild's .cmd files) name a changed file, among those vmlinux.a links, then
#          vmlinux.a linked with ld -r into a vmlinux.o of our own (without debug info: 20
#          MB, not 340) and modpost on it (objtool's whole-kernel pass runs at the full steps
#          only);
#   same   nothing the build reads changed (Documentation/, MAINTAINERS; with the option
#          off, also kernel/power/hibseal/, which only the option builds): the step builds as
#          the one after it did, and is not built again. The pristine tree is built once, on.
#
# A built step passes when the build succeeds with no compiler, linker or modpost warning
# (section mismatches are errors in the test configuration) and its vmlinux.o leaves no symbol
# undefined but those the test kernel's vmlinux.o leaves, which its final link resolved (the
# linker script's): a step that calls what a later step defines fails here as it would at the
# final link. The copies and ccache (CCACHE_NOHASHDIR, as build-kernel.sh) keep every step
# incremental. BISECT_JOBS (default: the online CPUs) sets make -j; make check runs it beside
# its unit tests and checks, before the VM scenarios (tests/run.sh). Prints a line a step and
# 'bisect: ok|FAILED'; with RESULTS, writes 'ok bisect' or 'not-ok bisect' there.
set -eu -o pipefail
export LC_ALL=C

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
. "$top/scripts/linux-source.sh"
results=${1:-/dev/null}
src=$B/linux
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

if [ ! -f "$src/vmlinux" ] || [ ! -f "$src/vmlinux.o" ]; then
	msg "no built test kernel in $src (make kernel)"
	verdict not-ok
fi
# What the final link's linker script gives: left undefined by the linked kernel's vmlinux.o
# (never empty: an empty list would prove nothing).
nm -u "$src/vmlinux.o" | awk '{ print $2 }' | sort -u >"$work/linked"
[ -s "$work/linked" ] || { msg "no undefined symbols in $src/vmlinux.o"; verdict not-ok; }
"$top/scripts/mkseries.sh" "$work/series" >"$work/mkseries.log" 2>&1 ||
	{ cat "$work/mkseries.log"; verdict not-ok; }
mapfile -t mails < <(sed "s|^|$work/series/|" "$work/series/mails")
N=${#mails[@]}

start=$(date +%s)
rm -rf "$B/bisect"
mkdir -p "$B/bisect"
cp -a "$src" "$B/bisect/on"
cp -a "$src" "$B/bisect/off"

kbuild_env
jobs=${BISECT_JOBS:-$(nproc)}
kmake() {	# kmake TREE ARGS...
	local t=$1
	shift
	make -C "$B/bisect/$t" -s CC="ccache gcc" HOSTCC="ccache gcc" "$@"
}

# The option off in its tree: the test configuration (as build-kernel.sh makes it) and n.
printf 'CONFIG_HIBERNATION_SEAL=n\n' >"$work/off.config"
kmake off tinyconfig >/dev/null
(cd "$B/bisect/off" && scripts/kconfig/merge_config.sh -m -O . .config \
	"$top/configs/vm.config" "$work/off.config" >/dev/null)
kmake off olddefconfig >/dev/null
grep -q '^CONFIG_HIBERNATION_SEAL=y' "$B/bisect/off/.config" &&
	{ msg "the option stayed on"; verdict not-ok; }

# files MAIL: the paths a mail changes (added, removed or modified).
files() {
	sed -n -e 's|^+++ b/||p' -e 's|^--- a/||p' "$1" | sort -u
}

# kind TREE MAIL: how TREE's step before MAIL (MAIL reverted) is built: full, quick or same.
kind() {
	local f k=same
	while read -r f; do
		case $f in
		Documentation/* | MAINTAINERS) continue ;;
		kernel/power/hibseal/*) [ "$1" = on ] || continue ;;
		esac
		case ${f##*/} in
		Makefile | Kbuild | Kconfig* | *.Kconfig | *.lds.S) echo full; return ;;
		esac
		k=quick
	done < <(files "$2")
	echo $k
}

# failure LOG: what a build that failed said (its first errors, or its end).
failure() {
	grep -m 20 -E 'error:|\*\*\* [^[]|No rule' "$1" || tail -n 20 "$1"
	cp "$1" "$B/bisect.failed.log"
	failed=1
}

# check TREE NAME LOG VMLINUX_O T0: a built step's warnings and symbols.
failed=0
check() {
	local t=$1 name=$2 log=$3 vo=$4 t0=$5 extra
	if grep -q -E 'warning:|WARNING:' "$log"; then
		msg "$name: builds with warnings ($((SECONDS - t0)) s)"
		grep -m 20 -E 'warning:|WARNING:' "$log"
		failed=1
		return 0
	fi
	extra=$(nm -u "$vo" | awk '{ print $2 }' | sort -u | comm -23 - "$work/linked")
	if [ -n "$extra" ]; then
		msg "$name: would not link, undefined: $(tr '\n' ' ' <<<"$extra")"
		failed=1
		return 0
	fi
	msg "$name: builds ($((SECONDS - t0)) s)"
}

# full TREE NAME: Kbuild's incremental build of everything vmlinux.o needs, and modpost.
full() {
	local t0=$SECONDS
	if ! kmake "$1" -j"$jobs" vmlinux_o modpost >"$work/build.log" 2>&1; then
		msg "$2: does not build ($((SECONDS - t0)) s)"
		failure "$work/build.log"
		return 0
	fi
	(cd "$B/bisect/$1" && ar t vmlinux.a) >"$work/members.$1"
	check "$1" "$2" "$work/build.log" "$B/bisect/$1/vmlinux.o" "$t0"
}

# quick TREE NAME MAIL: the objects that depend on what MAIL changed, then our own vmlinux.o.
quick() {
	local t=$1 tree=$B/bisect/$1 t0=$SECONDS o objs=() pats=()
	local q=$work/quick.$1
	while read -r o; do pats+=(-e "$o"); done < <(files "$3")
	while read -r o; do
		objs+=("$o")
	done < <(sed 's|\(.*\)/\([^/]*\)$|\1/.\2.cmd|' "$work/members.$t" |
		(cd "$tree" && xargs grep -l -F "${pats[@]}" 2>/dev/null) |
		sed 's|\(.*\)/\.\([^/]*\)\.cmd$|\1/\2|' || true)
	mkdir -p "$q"
	rm -f "$q/vmlinux.o"
	if { [ ${#objs[@]} = 0 ] || kmake "$t" -j"$jobs" "${objs[@]}"; } >"$work/build.log" 2>&1 &&
		(cd "$tree" && ld -m elf_x86_64 -z noexecstack --no-warn-rwx-segments -r -S \
			-o "$q/vmlinux.o" --whole-archive vmlinux.a --no-whole-archive) \
			>>"$work/build.log" 2>&1 &&
		(cd "$q" && "$tree/scripts/mod/modpost" -M -E -o vmlinux.symvers vmlinux.o) \
			>>"$work/build.log" 2>&1; then
		check "$t" "$2 (${#objs[@]} compiled)" "$work/build.log" "$q/vmlinux.o" "$t0"
		return 0
	fi
	msg "$2: does not build ($((SECONDS - t0)) s)"
	failure "$work/build.log"
}

# step TREE KIND NAME MAIL
nbuilt=0
step() {
	case $2 in
	same) msg "$1 $3: as the step after it (nothing it builds changed)"; return 0 ;;
	full) full "$1" "$1 $3" ;;
	quick) quick "$1" "$1 $3" "$4" ;;
	esac
	nbuilt=$((nbuilt + 1))
}

for ((i = N; i >= 0; i--)); do
	name="$i/$N ${mails[$((i - 1))]#"$work/series/"}"
	if [ "$i" = "$N" ]; then
		step on full "$name"
		step off full "$name"
	elif [ "$i" = 0 ]; then
		step on full "the pristine tree"
		msg "off the pristine tree: as on (the option does not exist there)"
	else
		next=${mails[$i]}
		step on "$(kind on "$next")" "$name" "$next"
		if grep -qsx 'config HIBERNATION_SEAL' "$B/bisect/off/kernel/power/"*Kconfig*; then
			step off "$(kind off "$next")" "$name" "$next"
		else
			msg "off $name: as on (the option does not exist at this step)"
		fi
	fi
	[ "$i" -gt 0 ] || break
	m=${mails[$((i - 1))]}
	for t in on off; do
		if ! patch -d "$B/bisect/$t" -R -p1 --fuzz=0 --batch <"$m" >"$work/patch.log" 2>&1 ||
			grep -q -E 'with fuzz|\(offset -?[0-9]+ lines?\)|FAILED|Reversed' "$work/patch.log"; then
			msg "${m#"$work/series/"} does not come off $t exactly"
			cat "$work/patch.log"
			verdict not-ok
		fi
	done
done

msg "$nbuilt builds of $((2 * N + 1)) steps in $(($(date +%s) - start)) s"
rm -rf "$B/bisect"
if [ $failed = 0 ]; then verdict ok; fi
verdict not-ok
