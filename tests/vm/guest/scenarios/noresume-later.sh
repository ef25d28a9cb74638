# shellcheck shell=dash disable=SC1091
# attack.noresume-later, every boot of it (the same command line but for noresume; resume=
# names no device, so nothing resumes at boot). (Sourced by /init: return, never exit.)
#   swap blank (the first boot): name /dev/vdb the resume device through /sys/power/resume,
#                and hibernate to it (hibernate_cycle)
#   an image on it, not resumed at boot: root's later resume. Put the hibernation signature
#                back if the boot discarded the image (noresume), then ask the kernel for a
#                resume from the device through /sys/power/resume
. /scenarios/hibernate.sh

dev=/dev/vdb
if [ "$(swap_signature "$dev")" = none ]; then
	if echo "$dev" 2>/tmp/err >/sys/power/resume; then
		say "resume-device-set rc=0"
	else
		say "resume-device-set error=$(tr '\n' ' ' </tmp/err)"
	fi
	hibernate_cycle "$dev"
	return
fi
report_platform
say "later-boot swap-signature=$(swap_signature "$dev")"
if [ "$(swap_signature "$dev")" != S1SUSPEND ]; then
	dd if="$dev" of=/tmp/page0 bs=4096 count=1 2>/dev/null
	head -c 4086 /tmp/page0 >/tmp/page0.new
	printf 'S1SUSPEND\000' >>/tmp/page0.new
	dd if=/tmp/page0.new of="$dev" bs=4096 count=1 conv=notrunc,fsync 2>/dev/null
	sync
	echo 3 >/proc/sys/vm/drop_caches
fi
say "rearmed swap-signature=$(swap_signature "$dev")"
if echo "$dev" 2>/tmp/err >/sys/power/resume; then
	say "resume-store rc=0"
else
	say "resume-store error=$(tr '\n' ' ' </tmp/err)"
fi
say "after-resume-attempt still-running swap-signature=$(swap_signature "$dev")"
