# shellcheck shell=dash disable=SC1091
# attack.vmcore, in the crash kernel: root scans the crashed kernel's RAM through /proc/vmcore,
# for the window PCR's closed value, which hibseal keeps right before its boot secret, and for
# the kernel's banner (which shows the scan reads the crashed kernel at all).
. /scenarios/common.sh
say "crash-kernel"
closed=$(sed -n 's/.*hibseal_vm.closed=\([0-9a-f]*\).*/\1/p' /proc/cmdline)
banner=$(printf 'Linux version %s' "$(uname -r)" | od -An -tx1 | tr -d ' \n')
hibseal-memread vmcore scan "$banner" 8 2>&1 | grep 'scan done' | sed 's/^/HIBSEAL: banner-/'
[ -z "$closed" ] || hibseal-memread vmcore scan "$closed" 32 2>&1 | sed 's/^/HIBSEAL: /'
return 0
