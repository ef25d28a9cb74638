# shellcheck shell=dash disable=SC1091,SC2154 # $scenario is /init's
# attack.kexec-read: with its boot secret in memory and sealing ready, the system kexecs the
# signed kernel, as root may: that kernel does not seal, so it does not protect its memory
# from root, and RAM is carried over (kexec-read-child reads it). First it writes an image in
# hibernation mode test_resume and runs on: the snapshot's pages and the writer's buffers held
# copies of memory, hibseal's state with its secret among them, and were freed.
. /scenarios/common.sh
report_platform
kexec_prepare
if mkswap /dev/vdb >/dev/null && swapon /dev/vdb && echo test_resume >/sys/power/disk; then
	if echo disk 2>/dev/null >/sys/power/state; then rc=0; else rc=1; fi
	say "test-resume rc=$rc seal=$(seal_status)"
fi
lockdown-matrix kexec /lib/ldm/bzImage.signed /lib/ldm/initrd.cpio.gz \
	"console=ttyS0 panic=-1 kunit.enable=0 hibseal_vm.scenario=$scenario hibseal_vm.guest=kexec-read-child"
