# shellcheck shell=dash disable=SC1091
# attack.tpm-rebind-reset: root unbinds the TPM's driver and binds it again (a new chip: the
# kernel extends its window PCR as it registers), then suspends to RAM on a platform that resets
# the TPM while asleep (hs_tpm_s3_reset.ko voids the saved state). After the wake-up root reads
# the window PCR through the chip it bound: at its window value (zero), root could replay the
# boot's event log into PCRs 4 and 7 and make blobs that look like a window's.
. /scenarios/common.sh

tpm=tpm0
pcr() {
	tr -d '\n' </sys/class/tpm/"$tpm"/pcr-sha256/"$1" 2>/dev/null || echo absent
}

report_platform
dev=$(readlink -f /sys/class/tpm/tpm0/device)
drv=$(readlink -f "$dev/driver")
say "tpm device=${dev##*/} driver=${drv##*/} pcr14=$(pcr 14)"
if echo "${dev##*/}" >"$drv/unbind" && echo "${dev##*/}" >"$drv/bind"; then
	# The kernel still holds the chip that went away: the new one takes another number.
	for d in /sys/class/tpm/tpm[0-9]*; do tpm=${d##*/}; done
	say "rebound chip=$tpm pcr14=$(pcr 14)"
else
	say "rebind-failed"
fi
if insmod /lib/ldm/hs_tpm_s3_reset.ko; then say "reset-module=loaded"; else say "reset-module=refused"; fi
say "s3-enter pcr0=$(pcr 0) pcr14=$(pcr 14)"
if echo mem 2>/tmp/err >/sys/power/state; then rc=0; else rc=1; fi
say "s3-woke rc=$rc seal=$(seal_status) pcr0=$(pcr 0) pcr14=$(pcr 14)"
return 0
