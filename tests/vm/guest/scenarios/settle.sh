# shellcheck shell=dash disable=SC1091
# The firmware-settling boot (tests/vm/lib.sh, vm_settle_vars): the firmware has done its
# first-boot work by now; power off.
. /scenarios/common.sh
say "settled"
