# shellcheck shell=dash disable=SC1091
# fresh.s3-tpm-reset: suspend to RAM three times (the host wakes the VM). The first time the TPM
# comes back as the kernel left it; before the second and the third, hs_tpm_s3_reset.ko voids
# the TPM's saved state, so the firmware starts it clear on wake-up, as after a reset. Then try
# to hibernate. A later boot (swap made) reports what it finds.
. /scenarios/hibernate.sh

pcr() {
	tr -d '\n' </sys/class/tpm/tpm0/pcr-sha256/"$1" 2>/dev/null || echo absent
}

# busybox_sum: the md5 of /bin/busybox as the page cache holds it: a check that the wake-up left
# memory alone.
busybox_sum() {
	md5sum /bin/busybox | cut -c1-32
}

suspend_once() {
	local n=$1 rc
	say "s3-enter n=$n pcr0=$(pcr 0) pcr14=$(pcr 14) busybox=$(busybox_sum)"
	if echo mem 2>/tmp/err >/sys/power/state; then rc=0; else rc=1; fi
	say "s3-woke n=$n rc=$rc seal=$(seal_status) pcr0=$(pcr 0) pcr14=$(pcr 14) busybox=$(busybox_sum)"
}

if [ "$(swap_signature /dev/vdb)" = none ]; then
	report_platform
	suspend_once 1
	if insmod /lib/ldm/hs_tpm_s3_reset.ko; then say "reset-module=loaded"; else say "reset-module=refused"; fi
	suspend_once 2
	# Sealing is off now; a reset at the next S3 must still be closed again.
	suspend_once 3
fi
hibernate_cycle /dev/vdb
