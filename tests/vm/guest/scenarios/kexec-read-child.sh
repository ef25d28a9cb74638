# shellcheck shell=dash disable=SC1091
# attack.kexec-read, in the kernel started by kexec: root scans all of RAM through /proc/kcore
# for the window PCR's closed value, which hibseal keeps beside its boot secret (right after
# 32 zero bytes: an unused PCR's slot), and reports the 32 bytes after each such match.
. /scenarios/common.sh
say "kexec-child"
report_platform
closed=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')
say "pcr14-now=$closed"
hibseal-memread kcore scan "$closed" 32 32 2>&1 | sed 's/^/HIBSEAL: /'
return 0
