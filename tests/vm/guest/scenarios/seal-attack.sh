# shellcheck shell=dash disable=SC1091
# Root's attacks on a sealed image. First boot: hibernate (the host then hides the signature,
# so the next boot does not resume). Second boot, as root after the window closed: run
# hibseal-attack MODE (hibseal_vm.attack=unseal|forge) on the image's key blob.
. /scenarios/hibernate.sh
mode=''
read -r cmdline </proc/cmdline
for arg in $cmdline; do
	case "$arg" in hibseal_vm.attack=*) mode=${arg#hibseal_vm.attack=} ;; esac
done
if [ "$(swap_signature /dev/vdb)" = HIDDENSIG ]; then
	report_platform
	hibseal-attack "$mode" /dev/vdb 2>&1 | sed 's/^/HIBSEAL: /'
	say "attack-done"
	return 0
fi
hibernate_cycle /dev/vdb
