# shellcheck shell=dash disable=SC1091,SC2154 # $scenario is /init's
# attack.kexec-resumed: the first boot hibernates with a sealed image; the next boot's kernel
# verifies and restores it. The restored system then kexecs the signed kernel, whose script
# (kexec-read-child) scans RAM: the pages in which the restoring kernel kept image pages until
# the jump are free memory of the restored kernel now. (Sourced by /init: return, never exit.)
. /scenarios/hibernate.sh
if hibernate_cycle /dev/vdb; then
	kexec_prepare
	lockdown-matrix kexec /lib/ldm/bzImage.signed /lib/ldm/initrd.cpio.gz \
		"console=ttyS0 panic=-1 kunit.enable=0 hibseal_vm.scenario=$scenario hibseal_vm.guest=kexec-read-child"
fi
return 0
