# shellcheck shell=dash disable=SC1091
# attack.kexec-read and attack.kexec-snapshot, in the kernel started by kexec: root scans all of
# RAM through /proc/kcore for the window PCR's closed value, which hibseal keeps beside its boot
# secret (right after 32 zero bytes: an unused PCR's slot), and reports the 32 bytes after each
# match; then for the prefix of the line the first kernel planted (kexec_prepare), with the 16
# bytes after it (the prefix is given in hex only, so that this script holds no copy of it).
. /scenarios/common.sh
say "kexec-child"
report_platform
closed=$(tpm2-pcrread /dev/tpmrm0 | sed -n 's/^pcr-sha256\[14\]=//p')
say "pcr14-now=$closed"
hibseal-memread kcore scan "$closed" 32 32 2>&1 | sed 's/^/HIBSEAL: /'
hibseal-memread kcore scan 4849425345414c2d504c414e5445442d 16 2>&1 | sed 's/^/HIBSEAL: planted /'
return 0
