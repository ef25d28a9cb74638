# shellcheck shell=dash disable=SC1091
# fault.io-write: swap made by the host; every write to it fails. Hibernate, and report that the
# system keeps running and its swap stays usable.
. /scenarios/common.sh
report_platform
if ! swapon /dev/vdb; then
	say "error: swapon failed before hibernating"
	return 1
fi
say "hibernating"
if echo disk 2>/tmp/err >/sys/power/state; then
	say "error: hibernation reported success"
	return 1
fi
say "hibernate-refused error=$(tr '\n' ' ' </tmp/err)"
swapoff /dev/vdb
say "after-refusal swap-signature=$(swap_signature /dev/vdb)"
if swapon /dev/vdb; then say "swapon=ok"; else say "swapon=failed"; fi
