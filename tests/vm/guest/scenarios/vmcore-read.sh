# shellcheck shell=dash disable=SC1091,SC2154 # $scenario is /init's
# attack.vmcore: root loads the signed kernel as the crash kernel (kexec_file_load -p, its own
# initrd) and crashes the machine (SysRq+c from /proc). The crash kernel (vmcore-read-child)
# then reads the crashed kernel's memory through /proc/vmcore.
. /scenarios/common.sh
report_platform
# Where this kernel's data lies in RAM (root may read /proc/iomem): what an attacker needs.
say "kernel-data=$(grep -E "Kernel data" /proc/iomem | tr -d " ")"
closed=$(tpm2-pcrread /dev/tpmrm0 2>/dev/null | sed -n 's/^pcr-sha256\[14\]=//p')
say "pcr14-now=$closed"
say "crashkernel=$(grep -i 'Crash kernel' /proc/iomem | tr -d ' ')"
lockdown-matrix kexec-crash /lib/ldm/bzImage.signed /lib/ldm/initrd.cpio.gz \
	"console=ttyS0 panic=-1 hibseal_vm.scenario=$scenario hibseal_vm.guest=vmcore-read-child hibseal_vm.closed=$closed" ||
	return 0
say "crashing"
echo c >/proc/sysrq-trigger
