# shellcheck shell=dash disable=SC1091,SC2154 # $scenario is /init's
# kexec under Secure Boot lockdown: an unsigned kernel is refused, the kernel signed with the
# build's key loads, and we reboot into it (lockdown-kexec-child reports from there).
. /scenarios/common.sh
report_platform
lockdown-matrix kexec /lib/ldm/bzImage.unsigned /lib/ldm/initrd.cpio.gz "console=ttyS0"
lockdown-matrix kexec /lib/ldm/bzImage.signed /lib/ldm/initrd.cpio.gz \
	"console=ttyS0 panic=-1 hibseal_vm.scenario=$scenario hibseal_vm.guest=lockdown-kexec-child"
