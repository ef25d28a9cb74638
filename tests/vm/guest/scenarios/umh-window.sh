# shellcheck shell=dash disable=SC1091
# attack.umh-window. The command line's resume= names a block major with no driver (8:0), so
# the boot-time resume asks for its module from inside the boot window, and the kernel would
# run /sbin/modprobe (tests/vm/guest/umh-modprobe, root's helper) there. First boot: hibernate
# to vdb (named through /sys/power/resume, as an initramfs would). Second boot, same UKI, so
# PCRs 4 and 7 are those the image's key is sealed to: after the window, ask for the module
# again, so that the same helper runs once the window has closed (the positive control).
. /scenarios/hibernate.sh
if [ "$(swap_signature /dev/vdb)" = none ]; then
	cat /sys/block/vdb/dev >/sys/power/resume
	hibernate_cycle /dev/vdb
	return $?
fi
report_platform
say "pcr14-now=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')"
say "module-request-after-window"
echo 8:0 2>/dev/null >/sys/power/resume
say "attack-done"
return 0
