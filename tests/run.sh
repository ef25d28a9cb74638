#!/bin/bash
# tests/run.sh [unit | SCENARIO...]: hibseal's test suite. Runs the userspace unit tests, shellcheck, then each VM
# scenario (tests/vm/scenarios/NAME.sh; all of them unless named), and prints TAP: one line per
# test, numbered here, with each failure's reasons as '# ...' lines, then the plan and one line
#   N passed, N failed
# (after a '# N skipped' comment if any test was skipped).
# Exit status 1 if anything failed. A scenario exits 0 (pass), 77 with "SKIP: REASON" as its last
# line of output (skip: tests/vm/lib.sh's skip_scenario) or anything else (fail: an exit 77
# without that line is a command's status, not a decision to skip); one that reports results of
# its own (the lockdown matrix: one per restriction and mode) adds a line of its own only when
# it fails.
set -u
export LC_ALL=C
export WERROR=${WERROR:-1}

top=$(cd "$(dirname "$0")/.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
mkdir -p "$B"
n=0 passed=0 failed=0 skipped=0
full=0 unit_only=0
if [ $# = 0 ]; then
	full=1
	rm -rf "$B/lockdown/results"	# this run's, not an earlier one's
elif [ "$1" = unit ]; then
	unit_only=1
	shift
fi

# Every step of the kernel series built (scripts/bisect-series.sh: a copy of the test kernel's
# tree walked back to the pristine one, and the steps that have HIBERNATION_SEAL with it off),
# from here on, beside the unit tests and checks, with one make job (with two, the step that
# rebuilds drivers/input/serio/libps2.o twice left its .d or .cmd file broken, a race not yet
# understood): one core. While it runs the VM scenarios get the other core only, one at a
# time, and HIBSEAL_JOBS once it has ended (full runs only; reported after the scenarios as
# patches.series.bisectable). Beside two scenarios at the lowest priority it got almost no
# CPU and had not ended when they did (docs/testing.md).
# Started from a subshell, so that it is no child of this shell, whose `wait`s are the
# scenarios'.
bisect_pid=
if [ $full = 1 ]; then
	rm -f "$B/bisect.results"
	bisect_pid=$( (BISECT_JOBS=1 "$top/scripts/bisect-series.sh" "$B/bisect.results" \
		>"$B/bisect.log" 2>&1 </dev/null &
		echo $!) )
fi

# timing PHASE: a comment with the seconds since make check began (its $B/check.start), or
# since this run began: where a full run's time goes, in the CI log.
run_start=$(date +%s)
check_start=$run_start
if [ $full = 1 ] && [ -f "$B/check.start" ] && [ $((run_start - $(cat "$B/check.start"))) -lt 7200 ]; then
	check_start=$(cat "$B/check.start")
	echo "# timing: tests start $((run_start - check_start)) s into make check"
fi
timing() { echo "# timing: $1 done $(($(date +%s) - check_start)) s in"; }

names=()	# every result's name, in order, for the manifest check
result() {	# result ok|not-ok|skip NAME [REASON]
	n=$((n + 1))
	names+=("$2")
	case "$1" in
	ok) passed=$((passed + 1)); echo "ok $n - $2" ;;
	skip) skipped=$((skipped + 1)); echo "ok $n - $2 # SKIP ${3:-}" ;;
	*) failed=$((failed + 1)); echo "not ok $n - $2" ;;
	esac
}

# unit_tap NAME FILE [planned]: the 'ok - unit.*' / 'not ok - unit.*' lines of FILE as results,
# the rest as comments. Every unit result is named unit.*, which no VM scenario is (checked
# below). With 'planned' (a unit binary: tests/unit/tap.h), FILE must end its results with the
# plan 1..N, N the results it reported: a binary that stopped early printed none.
unit_tap() {
	local line cases=0 plan=
	while IFS= read -r line; do
		case "$line" in
		"ok - unit."*) cases=$((cases + 1)); result ok "${line#ok - }" ;;
		"not ok - unit."*) cases=$((cases + 1)); result not-ok "${line#not ok - }" ;;
		"ok - "* | "not ok - "*)
			echo "# $1: a result not named unit.*: $line"
			result not-ok "unit.$1.misnamed" ;;
		1..[0-9]*) plan=${line#1..} ;;
		*) echo "# $line" ;;
		esac
	done <"$2"
	if [ "${3:-}" = planned ] && [ "$plan" != "$cases" ]; then
		echo "# $1: ${plan:+a plan of 1..$plan after }$cases results${plan:-, and no plan: it ended early}"
		result not-ok "unit.$1.plan"
	fi
}

# Unit tests: each binary prints 'ok - NAME' / 'not ok - NAME' lines.
if [ $full = 1 ] || [ $unit_only = 1 ]; then
	if ! make -s -C "$top/tests/unit" OUT="$B/unit" all >"$B/unit-build.log" 2>&1; then
		sed 's/^/# /' "$B/unit-build.log"
		result not-ok unit.build
	else
		for src in "$top"/tests/unit/test_*.c; do
			t=$(basename "$src" .c)
			"$B/unit/$t" >"$B/unit/$t.tap" 2>&1
			trc=$?
			before=$failed
			unit_tap "$t" "$B/unit/$t.tap" planned
			# A crash or a failure that printed no 'not ok' still fails.
			[ $trc = 0 ] || [ $failed != "$before" ] || result not-ok "unit.$t.exit-$trc"
		done
	fi
	# Checks that need no VM: the harness's crash detection; the KUnit test's known answers
	# recomputed without the kernel (Python, the openssl command) and compared; what
	# check-config.sh --distro tells a distribution; the table of reasons and fixes against
	# the kernel's reasons and the admin guide; the programs' command lines; their --json
	# output against the documented schemas.
	for check in "tests/vm/selftest.sh" \
		"tests/kat/chunk-kat.sh --check $top/kernel/power/hibseal/tests/crypto_kunit.c" \
		"tests/unit/check-config.sh" "tests/unit/check-reasons.sh" "tests/unit/check-cli.sh" \
		"tests/unit/check-json.sh"; do
		before=$failed
		mkdir -p "$B/unit"
		# shellcheck disable=SC2086 # the check's arguments
		bash "$top"/$check >"$B/unit/check.tap" 2>&1
		trc=$?
		name=${check%% *}
		name=${name##*/}
		unit_tap "${name%.sh}" "$B/unit/check.tap"
		[ $trc = 0 ] || [ $failed != "$before" ] || result not-ok "unit.${name%.sh}.exit-$trc"
	done
	# The image parser's libFuzzer target: the seed corpus replayed, then a bounded run; the
	# parser's unit test and `hibseal inspect` once more under ASan and UBSan.
	for target in fuzz-replay fuzz-run sanitize; do
		if make -s -C "$top/userspace/uswsusp" OUT="$B/uswsusp" FUZZ_TIME=20 "$target" \
			>"$B/uswsusp-$target.log" 2>&1; then
			grep -E '^(stat::number_of_executed_units|sanitize:)' "$B/uswsusp-$target.log" |
				sed 's/^/# /'
			result ok "unit.uswsusp.$target"
		else
			tail -n 30 "$B/uswsusp-$target.log" | sed 's/^/# /'
			result not-ok "unit.uswsusp.$target"
		fi
	done
fi

[ $full = 0 ] || timing "unit tests"

# Static checks of the project's own shell: the harness is code too.
if [ $full = 1 ]; then
	if make -s -C "$top" lint >"$B/lint.log" 2>&1; then
		result ok lint.shellcheck
	else
		sed 's/^/# /' "$B/lint.log" | head -n 40
		result not-ok lint.shellcheck
	fi
fi

# The hibseal-tools package (make deb): built by dpkg-buildpackage in a Debian 13 chroot, its
# unit tests passing there, lintian without errors. make check builds it beside the kernel
# (deb-tools.rc: its exit status, then the start time of that make check, which make check
# passes here as HIBSEAL_CHECK_START); any other run builds it here, so that no result of an
# earlier run is reported as this one's.
if [ $full = 1 ]; then
	tools_rc='' tools_run=''
	[ ! -f "$B/deb-tools.rc" ] || read -r tools_rc tools_run <"$B/deb-tools.rc"
	if [ -z "${HIBSEAL_CHECK_START:-}" ] || [ "$tools_run" != "$HIBSEAL_CHECK_START" ]; then
		"$top/scripts/mkdeb.sh" tools >"$B/deb-tools.log" 2>&1
		tools_rc=$?
	fi
	if [ "$tools_rc" = 0 ] && ls "$B"/deb/hibseal-tools_*_amd64.deb >/dev/null 2>&1; then
		grep -E '^mkdeb: (unit|lintian|Package)' "$B/deb-tools.log" | sed 's/^/# /'
		result ok deb.tools.build
	else
		tail -n 30 "$B/deb-tools.log" | sed 's/^/# /'
		result not-ok deb.tools.build
	fi
fi

# The kernel side as one series (make patches): it applies to the pristine source, gives the
# very files the build uses, and is checkpatch --strict clean (full runs only: about a minute).
if [ $full = 1 ]; then
	if ! "$top/scripts/check-series.sh" "$B/series-check.results" >"$B/series-check.log" 2>&1; then
		sed 's/^/# /' "$B/series-check.log" | head -n 80
	fi
	for check in applies checkpatch; do
		if grep -qxF "ok $check" "$B/series-check.results" 2>/dev/null; then
			result ok "patches.series.$check"
		else
			result not-ok "patches.series.$check"
		fi
	done
fi

# The 6.1 line's last commit, which the README names (tags do not travel with every clone): it
# exists, main descends from it, it builds from linux-source-6.1, and the first commit after it
# on main's first-parent line builds from 6.12 (so it is the last, not merely a 6.1 commit).
history_61() {
	local c first next
	# shellcheck disable=SC2016 # the backquotes are the README's markdown
	c=$(sed -n 's/.*`linux-source-6\.1` is `\([0-9a-f]\{7,40\}\)`.*/\1/p' "$top/README.md")
	[ -n "$c" ] || { echo "# README.md names no commit for linux-source-6.1"; return 1; }
	if [ "$(git -C "$top" rev-parse --is-shallow-repository 2>/dev/null)" != false ]; then
		result skip history.linux-6.1-final "no full git history in $top"
		return 2
	fi
	git -C "$top" merge-base --is-ancestor "$c" HEAD 2>/dev/null ||
		{ echo "# $c is not a commit main descends from"; return 1; }
	git -C "$top" grep -q 'linux-source-6\.1\.tar' "$c" -- scripts/build-kernel.sh ||
		{ echo "# $c does not build from linux-source-6.1"; return 1; }
	first=$(git -C "$top" rev-parse "$c")
	next=$(git -C "$top" rev-list --first-parent --ancestry-path --reverse "$first..HEAD" | head -n 1)
	if [ -z "$next" ] ||
		! git -C "$top" grep -q 'LINUX_SOURCE=linux-source-6\.12' "$next" -- scripts/linux-source.sh; then
		echo "# the commit after $c on main (${next:-none}) does not build from 6.12"
		return 1
	fi
	# ... and comes right after it: a commit merged in from a side branch is not main's last.
	if [ "$(git -C "$top" rev-parse "$next^1")" != "$first" ]; then
		echo "# $c is not the first parent of $next, the commit that moved main to 6.12"
		return 1
	fi
	if git -C "$top" rev-parse -q --verify refs/tags/linux-6.1-final >/dev/null &&
		[ "$(git -C "$top" rev-parse 'linux-6.1-final^{commit}')" != "$first" ]; then
		echo "# the tag linux-6.1-final is not $c"
		return 1
	fi
	echo "# $c: the last commit on linux-source-6.1; $next moved main to 6.12"
}
if [ $full = 1 ]; then
	history_61
	case $? in
	0) result ok history.linux-6.1-final ;;
	2) ;;
	*) result not-ok history.linux-6.1-final ;;
	esac
fi

[ $full = 0 ] || timing "lint, package, series checks"

# VM scenarios (none with 'unit').
if [ $full = 1 ]; then
	for f in "$top"/tests/vm/scenarios/*.sh; do
		f=${f##*/}
		case "$f" in
		unit.*) echo "# $f: a VM scenario may not take a unit test's name"
			result not-ok "${f%.sh}.misnamed"
			continue ;;
		esac
		set -- "$@" "${f%.sh}"
	done
fi
# Scenarios run HIBSEAL_JOBS at a time (default 2: each QEMU has one vCPU, under TCG one host
# core), each into $B/scenarios/NAME.*, and are reported in the order given. Scenarios share
# nothing but the build: each has its own work directory, TPM and disks.
R=$B/scenarios
rm -rf "$R"
mkdir -p "$R"
# The VMs' firmware (make setup fetches it; here for a run started by hand on a new build).
if [ $# -gt 0 ] && ! "$top/scripts/ovmf.sh" >"$R/ovmf.log" 2>&1; then
	sed 's/^/# /' "$R/ovmf.log"
fi
run_scenario() {	# NAME: leaves R/NAME.out (its output), .rc, .secs and .tap (its own results)
	local start rc
	start=$(date +%s)
	: >"$R/$1.tap"
	HIBSEAL_TAP=$R/$1.tap bash "$top/tests/vm/scenarios/$1.sh" >"$R/$1.out" 2>&1
	rc=$?
	echo "$(($(date +%s) - start))" >"$R/$1.secs"
	echo "$rc" >"$R/$1.rc"
}
jobs=${HIBSEAL_JOBS:-2}
# The longest scenarios (75 s or more each in the full run of b75718d, longest first) start
# first, so that the run does not end with one of them alone on a core; results are still
# reported in the order given. A name not in this run is skipped.
long_first="eco.grub.chain uswsusp.dracut eco.kernel-update seal.header-fields bench.smoke
seal.roundtrip.threads eco.initramfs.resume eco.systemd.hybrid-sleep uswsusp.initramfs-tools
eco.systemd.suspend-then-hibernate eco.systemd.hibernate eco.tpm-crb eco.swapfile
seal.roundtrip.large eco.deb.install fresh.hybrid-sleep seal.cycles attack.kexec-resumed
eco.systemd.reason fault.poweroff-write-99 seal.other-kernel lockdown.matrix.confidentiality
attack.blob-expired"
order=()
for s in $long_first; do
	for t in "$@"; do [ "$t" != "$s" ] || order+=("$s"); done
done
for s in "$@"; do
	case " ${order[*]} " in *" $s "*) ;; *) order+=("$s") ;; esac
done
# slots: how many scenarios may run now: one fewer than HIBSEAL_JOBS (at least one) while the
# series bisect has a core.
slots() {
	if [ -n "$bisect_pid" ] && kill -0 "$bisect_pid" 2>/dev/null && [ "$jobs" -gt 1 ]; then
		echo $((jobs - 1))
	else
		echo "$jobs"
	fi
}
pids=()
for s in "${order[@]}"; do
	[ -f "$top/tests/vm/scenarios/$s.sh" ] || continue
	while :; do
		live=()
		for p in "${pids[@]}"; do ! kill -0 "$p" 2>/dev/null || live+=("$p"); done
		pids=("${live[@]}")
		[ "${#pids[@]}" -ge "$(slots)" ] || break
		sleep 0.3
	done
	run_scenario "$s" &
	pids+=($!)
done
wait
for s in "$@"; do
	if [ ! -f "$top/tests/vm/scenarios/$s.sh" ]; then
		echo "# no such scenario: $s"
		result not-ok "$s"
		continue
	fi
	rc=$(cat "$R/$s.rc" 2>/dev/null || echo 1)
	echo "# $s: $(cat "$R/$s.secs" 2>/dev/null)s"
	# A scenario may report several results of its own (tests/vm/lib.sh: tap).
	own=0
	while IFS=$'\t' read -r verdict name why; do
		own=1
		[ -z "$why" ] || [ "$verdict" = skip ] || echo "# $name: $why"
		result "$verdict" "$name" "$why"
	done <"$R/$s.tap"
	case $rc in
	0) [ $own = 1 ] || result ok "$s" ;;
	77)
		why=$(tail -n 1 "$R/$s.out" | sed -n 's/^SKIP: \(..*\)$/\1/p')
		if [ -n "$why" ]; then
			result skip "$s" "$why"
		else
			sed 's/^\([^#]\)/# \1/' "$R/$s.out"
			echo "# $s: exit status 77 without a 'SKIP: reason' line: a command's status, not a skip"
			result not-ok "$s"
		fi
		;;
	*) sed 's/^\([^#]\)/# \1/' "$R/$s.out"; result not-ok "$s" ;;
	esac
done

[ $full = 0 ] || timing "scenarios"
if [ -n "$bisect_pid" ]; then
	while kill -0 "$bisect_pid" 2>/dev/null; do sleep 2; done
	[ ! -f "$B/bisect.results" ] ||
		echo "# timing: series bisect done $(($(stat -c %Y "$B/bisect.results") - check_start)) s in"
	if grep -qxF "ok bisect" "$B/bisect.results" 2>/dev/null; then
		grep -E '^bisect: [0-9]+ builds' "$B/bisect.log" | sed 's/^/# /'
		result ok patches.series.bisectable
	else
		grep -v ': builds (' "$B/bisect.log" | sed 's/^/# /' | head -n 80
		result not-ok patches.series.bisectable
	fi
fi

# The committed lockdown conformance table must still be what the kernel does (full runs only:
# it needs every mode's results from this run).
if [ "$full" = 1 ]; then
	if python3 "$top/scripts/lockdown-doc.py" "$B/lockdown/results" --check \
		"$top/docs/lockdown-conformance.md" >"$B/lockdown-doc.log" 2>&1; then
		result ok lockdown.conformance-doc
	else
		sed 's/^/# /' "$B/lockdown-doc.log"
		echo "# regenerate it with 'make lockdown-doc' after a full run, and review the change"
		result not-ok lockdown.conformance-doc
	fi
fi

# Every name a full run reports against the committed manifest (tests/manifest.txt, which
# `make manifest` writes from a full run's names, $B/tap-names.txt) and the README's table of
# tests (scripts/manifest-check.py): a test deleted, renamed or stopped early is missing, an
# unlisted one is new, a name reported twice is duplicated, a test without a README row or a
# row without a test is out of date. Each fails the run until the manifest's diff says it was
# meant.
if [ $full = 1 ]; then
	printf '%s\n' "${names[@]}" harness.manifest >"$B/tap-names.txt"
	if [ ! -f "$top/tests/manifest.txt" ]; then
		echo "no tests/manifest.txt" >"$B/manifest.log"
	else
		python3 "$top/scripts/manifest-check.py" "$B/tap-names.txt" "$top/tests/manifest.txt" \
			"$top/README.md" >"$B/manifest.log" 2>&1 || echo "manifest-check.py failed" >>"$B/manifest.log"
	fi
	if [ -s "$B/manifest.log" ]; then
		sed 's/^/# /' "$B/manifest.log" | head -n 60
		echo "# a test added, renamed or removed on purpose: 'make manifest' after a full run, and review its diff"
		result not-ok harness.manifest
	else
		result ok harness.manifest
	fi
fi

echo "1..$n"
# Skips are neither passed nor failed: their count is a comment, so the last line is always
# exactly 'N passed, N failed'.
[ "$skipped" = 0 ] || echo "# $skipped skipped (not counted as passed; each SKIP line says why)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
