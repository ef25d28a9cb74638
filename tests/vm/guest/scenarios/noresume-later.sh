# shellcheck shell=dash disable=SC1091
# Root's try at resuming later an image the boot did not resume at boot (attack.noresume-later):
# put the hibernation signature back on the swap device, then ask the kernel for a resume from
# it through /sys/power/resume. (Sourced by /init: return, never exit.)
. /scenarios/common.sh

dev=/dev/vdb
report_platform
say "later-boot swap-signature=$(swap_signature "$dev")"
dd if="$dev" of=/tmp/page0 bs=4096 count=1 2>/dev/null
head -c 4086 /tmp/page0 >/tmp/page0.new
printf 'S1SUSPEND\000' >>/tmp/page0.new
dd if=/tmp/page0.new of="$dev" bs=4096 count=1 conv=notrunc,fsync 2>/dev/null
sync
echo 3 >/proc/sys/vm/drop_caches
say "rearmed swap-signature=$(swap_signature "$dev")"
if echo "$dev" 2>/tmp/err >/sys/power/resume; then
	say "resume-store rc=0"
else
	say "resume-store error=$(tr '\n' ' ' </tmp/err)"
fi
say "after-resume-attempt still-running swap-signature=$(swap_signature "$dev")"
