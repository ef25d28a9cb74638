#!/bin/bash
# The one table of reasons and fixes (userspace/uswsusp/lib/reasons.def) against what it
# serves: every reason the kernel can give in /sys/power/hibernate_seal has its own entry and
# every entry a kernel reason (unit.reasons.kernel), and the admin guide's list is the one the
# table writes (unit.reasons.admin-guide). hibseal status compiles the table in; its lookups
# are unit.status.fix.*.
top=$(cd "$(dirname "$0")/../.." && pwd)
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
check unit.reasons.kernel python3 "$top/scripts/reasons-doc.py" check-kernel "$top"
check unit.reasons.admin-guide python3 "$top/scripts/reasons-doc.py" check-doc \
	"$top/Documentation/admin-guide/sealed-hibernation.rst"
