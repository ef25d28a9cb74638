# shellcheck shell=dash disable=SC1091
# The boot window is closed by the time /init runs: report the window PCR as userspace sees it.
. /scenarios/common.sh
report_platform
tpm2-pcrread /dev/tpm0 | grep -E '^pcr-sha256\[(4|7|14)\]=' | sed 's/^/HIBSEAL: /'
