# shellcheck shell=dash disable=SC1091
# The SysRq lockdown lift. hibseal_vm.sysrq=keyboard: wait for the host to press Alt+SysRq+x on
# the PS/2 keyboard. hibseal_vm.sysrq=software: try every way root has (/proc/sysrq-trigger,
# a uinput keyboard, a write into the real keyboard's evdev node, and Alt+SysRq written there and
# held while the host presses a real x). Either way, report lockdown and what it allows
# afterwards.
. /scenarios/common.sh
report_platform
how=$(sed -n 's/.*hibseal_vm\.sysrq=\([a-z]*\).*/\1/p' /proc/cmdline)
if [ "$how" = keyboard ]; then
	say "sysrq-wait"
	wait_lockdown_lifted
else
	echo x >/proc/sysrq-trigger
	say "after-proc lockdown=$(lockdown_mode)"
	lockdown-matrix sysrq-uinput
	say "after-uinput lockdown=$(lockdown_mode)"
	kbd=''
	for d in /sys/class/input/event*; do
		grep -q "AT Translated Set 2 keyboard" "$d/device/name" 2>/dev/null && kbd=/dev/input/${d##*/}
	done
	if [ -n "$kbd" ]; then
		lockdown-matrix sysrq-evdev "$kbd"
		say "after-evdev lockdown=$(lockdown_mode)"
		# Injected Alt+SysRq held while the host presses a real x.
		lockdown-matrix sysrq-hold "$kbd" 4
		say "after-held lockdown=$(lockdown_mode)"
	else
		say "error: no AT keyboard event device"
	fi
fi
mem=ok
dd if=/dev/mem of=/dev/null bs=16 count=1 2>/dev/null || mem=refused
say "final lockdown=$(lockdown_mode) dev-mem=$mem seal=$(seal_status) state=[$(disk_state)]"
