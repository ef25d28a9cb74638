# shellcheck shell=dash disable=SC1091
# uswsusp.status: make swap on /dev/vdb, then report what `hibseal status` says, line by line,
# and its exit status.
. /scenarios/common.sh
report_platform
if ! mkswap /dev/vdb >/dev/null || ! swapon /dev/vdb; then
	say "error: cannot enable swap on /dev/vdb"
	return 1
fi
if hibseal status >/tmp/status 2>&1; then rc=0; else rc=$?; fi
while IFS= read -r line; do
	say "status $line"
done </tmp/status
say "status-exit rc=$rc"
