# shellcheck shell=dash disable=SC1091,SC2154 # $scenario is /init's
# attack.kexec-snapshot: with sealing ready, root makes a sealed snapshot through /dev/snapshot
# (a copy of all of memory, hibseal's state with its boot secret included), reads none of it,
# and asks for a kexec of the signed kernel while the snapshot is in memory (uswsusp-attack
# kexec). Once that is refused it frees the snapshot, closes /dev/snapshot and kexecs; the
# kernel started so (kexec-read-child) scans RAM.
. /scenarios/common.sh
report_platform
kexec_prepare
child="console=ttyS0 panic=-1 kunit.enable=0 hibseal_vm.scenario=$scenario hibseal_vm.guest=kexec-read-child"
lockdown-matrix kexec-load /lib/ldm/bzImage.signed /lib/ldm/initrd.cpio.gz "$child"
uswsusp-attack kexec
say "kexec-snapshot rc=$?"
lockdown-matrix kexec /lib/ldm/bzImage.signed /lib/ldm/initrd.cpio.gz "$child"
