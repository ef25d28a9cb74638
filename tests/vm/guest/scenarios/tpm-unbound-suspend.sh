# shellcheck shell=dash disable=SC1091
# attack.tpm-unbound-suspend: root unbinds the TPM's driver and suspends to RAM (no chip to
# send TPM2_Shutdown(STATE) nor to check the TPM on wake-up); then, as the control, binds it
# again and suspends once more.
. /scenarios/common.sh

report_platform
dev=$(readlink -f /sys/class/tpm/tpm0/device)
drv=$(readlink -f "$dev/driver")
if echo "${dev##*/}" >"$drv/unbind"; then say "unbound"; else say "unbind-failed"; fi
if echo mem 2>/tmp/err >/sys/power/state; then rc=0; else rc=1; fi
say "s3-unbound rc=$rc error=$(tr '\n ' '__' </tmp/err)"
if echo "${dev##*/}" >"$drv/bind"; then say "bound"; else say "bind-failed"; fi
if echo mem 2>/tmp/err >/sys/power/state; then rc=0; else rc=1; fi
say "s3-bound rc=$rc error=$(tr '\n ' '__' </tmp/err) seal=$(seal_status)"
return 0
