#!/bin/bash
# The one table of reasons and fixes (userspace/uswsusp/lib/reasons.def) against what it
# serves:
#   unit.reasons.kernel        every reason the kernel can give in /sys/power/hibernate_seal,
#                              and every line in /sys/power/hibernate_seal_resume (each image
#                              refusal among them), has its own entry, and every entry
#                              something the kernel gives
#   unit.reasons.admin-guide   the admin guide's lists are the ones the table writes
#   unit.reasons.kernel-doc    and so is the kernel documentation's list of refusals
#   unit.reasons.control.*     the kernel check passes for an unchanged copy of the sources,
#                              and fails, naming what is wrong, for a copy with one refusal
#                              more (a stream refusal, a header check's line), one reason more
#                              where the keys are wiped (pm.c), one outcome more with a reason,
#                              and for a table that lacks an entry or has one no kernel line
#                              reaches
# hibseal status compiles the table in; its lookups are unit.status.fix.*.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
doc=$top/scripts/reasons-doc.py
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

check() {	# NAME COMMAND...
	local name=$1 out
	shift
	if out=$("$@" 2>&1); then
		echo "ok - $name"
	else
		echo "not ok - $name"
	fi
	[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^# //; s/^/# /'
}

# control NAME WANT [TABLE]: check-kernel on $T/src (and TABLE) must fail, and say WANT.
control() {
	local name=$1 want=$2 out
	shift 2
	if out=$(python3 "$doc" check-kernel "$T/src" "$@" 2>&1); then
		echo "not ok - unit.reasons.control.$name"
		echo "# check-kernel passed: $out"
	elif ! grep -qF -- "$want" <<<"$out"; then
		echo "not ok - unit.reasons.control.$name"
		printf '%s\n' "$out" | sed 's/^# //; s/^/# /'
	else
		echo "ok - unit.reasons.control.$name"
	fi
}

# A copy of the kernel's sources, as check-kernel reads them.
fresh_copy() {
	rm -rf "$T/src"
	mkdir -p "$T/src/kernel/power"
	cp -r "$top/kernel/power/hibseal" "$T/src/kernel/power/"
	cp -r "$top/patches" "$T/src/"
}

# add_after FILE LINE NEW: NEW (awk's escapes: \t a tab) after the line LINE of FILE.
add_after() {
	if ! awk -v line="$2" -v new="$3" '{ print } $0 == line { print new; n++ } END { exit !n }' \
		"$1" >"$1.new"; then
		echo "# $1 has no line '$2'"
	fi
	mv "$1.new" "$1"
}

check unit.reasons.kernel python3 "$doc" check-kernel "$top"
check unit.reasons.admin-guide python3 "$doc" check-doc \
	"$top/Documentation/admin-guide/sealed-hibernation.rst"
check unit.reasons.kernel-doc python3 "$doc" check-doc \
	"$top/Documentation/power/sealed-hibernation.rst"

# The copy unchanged passes: the controls below fail for what they change.
fresh_copy
check unit.reasons.control.copy python3 "$doc" check-kernel "$T/src"

hibseal=$T/src/kernel/power/hibseal
fresh_copy
add_after "$hibseal/stream.c" \
	'	[HIBSEAL_REFUSE_HOLES] = { "its pages end before the image does", false, -EBADMSG },' \
	'\t[HIBSEAL_REFUSE_ODD] = { "is odd", true, -EBADMSG },'
control stream-refusal "the kernel's line 'refused: chunk 7 is odd'"

fresh_copy
add_after "$hibseal/image.c" '		hibseal_refused_err("its image MAC does not match");' \
	'\t\thibseal_refused_err("its pages are %u shades of grey", 50);'
control header-refusal "the kernel's line 'refused: its pages are 7 shades of grey'"

fresh_copy
add_after "$hibseal/pm.c" '	wipe_keys("the kernel panicked");' '\twipe_keys("the moon is full");'
control wiped-keys "the kernel's reason 'the moon is full'"

fresh_copy
add_after "$hibseal/pm.c" '	wipe_keys("the system is going down");' \
	'\thibseal_resume_note(HIBSEAL_RESUME_FAILED, "the disk is on fire");'
control resume-note "the kernel's line 'failed: the disk is on fire'"

fresh_copy
awk '/^HS_REFUSAL\("refused: chunk \* does not authenticate"/ { skip = 1 }
	!skip { print }
	skip && /\)$/ { skip = 0 }' "$top/userspace/uswsusp/lib/reasons.def" >"$T/no-entry.def"
control missing-entry "the kernel's line 'refused: chunk 7 does not authenticate'" \
	"$T/no-entry.def"

{
	cat "$top/userspace/uswsusp/lib/reasons.def"
	echo 'HS_REFUSAL("refused: its widget is purple", "EBADMSG", "Paint it.")'
} >"$T/extra-entry.def"
control extra-entry "the entry 'refused: its widget is purple' matches no line" \
	"$T/extra-entry.def"
