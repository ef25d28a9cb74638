# shellcheck shell=dash disable=SC1091
# attack.boot-probe: a kprobe event root put on the kernel command line (kprobe_event=, defined
# and enabled at boot, before the boot window; tp_printk prints each hit on the console) reads
# kernel memory by address whenever sys_sync runs. The guest runs sync once, reads the trace
# buffer if tracefs lets it, and, with the probe in place, hibernates if sealing is ready, so the host can try what the
# probe read as the image's key. (Sourced by /init: return.)
. /scenarios/hibernate.sh
T=/sys/kernel/tracing
report_platform
say "pcr14-now=$(tpm2-pcrread /dev/tpmrm0 2>/dev/null | sed -n 's/^pcr-sha256\[14\]=//p')"
sync
mount -t tracefs tracefs $T 2>/dev/null
if [ -e $T/events/hsboot/leak ]; then
	line=$(sed -n 's/.* leak: ([^)]*) //p' $T/trace 2>/tmp/err | head -n 1)
	say "eprobe fetched ${line:-nothing} $(tr '\n' ' ' </tmp/err)"
else
	say "boot-probe absent"
	return 0
fi
[ "$(seal_status)" = ready ] || return 0
hibernate_cycle /dev/vdb
