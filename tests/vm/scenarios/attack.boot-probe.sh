#!/bin/bash
# Root defines its probe before the key exists. On the kernel command line (which a boot chain
# that seals measures, so root's command line only changes which images that boot opens: its
# own) root puts a kprobe event on sys_sync, kprobe_event=, whose fetch arguments read at
# @_text+N, where System.map and the debug info place linux_banner (a known value) and the
# boot secret; the kernel defines and enables it at boot, before the boot window, when lockdown
# allows kprobes under integrity, and it reads memory whenever it fires without asking again.
# With tp_printk each hit is printed on the console. Such a boot must keep no key: the boot
# window refuses to make one, because lockdown allowed a read of kernel memory before it
# (lockdown_guard_secret() fails, naming it). Controls: the probe does fire and read (the
# banner); the same machine without kprobe_event= seals (nothing else made the window refuse).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init attack.boot-probe
VM_GUEST=boot-probe vm_uki
vm_boot control
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[.*disk.*\] seal=ready$' \
	"sealing ready without the boot-time probe (control)"
expect_not 'was allowed before a secret existed' "lockdown's line without a boot-time probe"
expect '^HIBSEAL: boot-probe absent$' "no probe of root's in the control boot"
at=$(python3 "$top/tests/vm/tools/kernel-layout.py" "$(dirname "$VM_DEFAULT_KERNEL")/linux" \
	linux_banner hibseal:hibseal_state.secret | paste -sd' ') ||
	fail "no layout from the kernel's System.map and debug info"
read -r banner secret <<<"$at"
probe="p:hsboot/leak,__x64_sys_sync,b0=@_text+$banner:x64"
for i in 0 1 2 3; do
	probe="$probe,s$i=@_text+$((secret + i * 8)):x64"
done
VM_GUEST=boot-probe vm_uki "kprobe_event=$probe" tp_printk
vm_boot probe
expect '^HIBSEAL: lockdown=integrity secureboot=1 ' "integrity lockdown"
expect 'leak: \([^)]*\) b0=0x65762078756e694c ' \
	"root's boot-time probe to fire on sync and read linux_banner ('Linux ve') by address"
expect 'Lockdown: use of kprobes was allowed before a secret existed' \
	"lockdown's line naming the read it allowed before the key"
expect 'hibseal: sealed hibernation unavailable: kernel memory could be read before the key existed' \
	"the boot window to refuse to make a key"
expect '^HIBSEAL: lockdown=integrity secureboot=1 state=\[\] seal=unavailable:_kernel_memory_could_be_read_before_the_key_existed' \
	"no 'disk' and sealing unavailable, with the reason"
expect_not '^HIBSEAL: hibernating' "a hibernation in a boot with root's probe"
leak=$(grep -a -m1 ' leak: (' "$VM_LOG" | python3 -c '
import re, sys
f = dict(re.findall(r"(\w+)=(0x[0-9a-f]+)", sys.stdin.read()))
if all("s%d" % i in f for i in range(4)):
    print(b"".join(int(f["s%d" % i], 16).to_bytes(8, "little") for i in range(4)).hex())')
if [ -n "$leak" ] && [ "$leak" != "$(printf '%064d' 0)" ]; then
	leaked_key "$leak"
fi
vm_done
