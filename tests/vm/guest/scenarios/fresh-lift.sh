# shellcheck shell=dash disable=SC1091
# fresh.lift-wipes: on the first boot (no swap yet), wait for the host to lift lockdown with
# SysRq+x on the keyboard, then try to hibernate; later boots report what they find.
. /scenarios/hibernate.sh
if [ "$(swap_signature /dev/vdb)" = none ]; then
	report_platform
	say "sysrq-wait"
	wait_lockdown_lifted
fi
hibernate_cycle /dev/vdb
