#!/bin/bash
# Root cannot lift lockdown: SysRq+x through /proc/sysrq-trigger, a uinput keyboard dressed up as
# the AT keyboard, and events written into the real keyboard's evdev node are all refused; so is
# a real x pressed (QEMU sendkey) while root holds an injected Alt+SysRq down.
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lockdown.sh
. "$top/tests/vm/lockdown.sh"

vm_init lockdown.sysrq-lift.proc-refused
VM_GUEST=lockdown-sysrq vm_uki hibseal_vm.sysrq=software
VM_TRIGGER='^LDM-SYSRQ: held' VM_TRIGGER_CMD='vm_sendkey x' vm_boot refused
expect '^HIBSEAL: lockdown=integrity secureboot=1 .* seal=ready$' "Secure Boot lockdown, sealing ready"
for how in proc uinput evdev held; do
	expect "^HIBSEAL: after-$how lockdown=integrity\$" "lockdown still integrity after SysRq+x via $how"
done
expect '^LDM-SYSRQ: uinput typed=yes$' "the uinput keyboard to type"
expect '^LDM-SYSRQ: evdev /dev/input/event[0-9]+ typed=yes$' "the evdev write to go through"
n=$(grep -c 'This sysrq operation needs a key press on a physical keyboard' "$VM_LOG" || true)
[ "$n" = 4 ] || fail "expected four refusals logged by SysRq, saw $n"
expect_not 'Lockdown: lifted' "a lift"
expect '^HIBSEAL: final lockdown=integrity dev-mem=refused seal=ready state=\[[^]]*disk' \
	"still locked down, /dev/mem refused, sealed hibernation ready"
lockdown_record
vm_done
