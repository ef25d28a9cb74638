#!/bin/bash
# `systemctl hybrid-sleep` on the Debian VM, both ways it ends. systemd-sleep writes a sealed
# image, then sleeps in RAM. Woken from RAM (the host's system_wakeup), the system runs on: the
# user process answers in the same boot, and the kernel has made the image stale before tasks
# thawed (fresh.hybrid-sleep stages the kernel side). The test service then hybrid-sleeps again,
# and this time the power goes while the machine is in RAM (QEMU killed once the guest enters
# S3, after the image was written): the next boot verifies and restores the second image, and
# the user process answers from memory, in the same boot as before (its second answer: the
# state the second sleep saved).
# shellcheck source=tests/vm/lib.sh
. "$(dirname "$0")/../lib.sh"

vm_init eco.systemd.hybrid-sleep
debian_init
debian_esp hybrid
# The power cut: once the second image is written and QEMU says the guest is suspended (the
# console stops mid-line as the guest enters S3, so QEMU's state, not the log, tells).
# shellcheck disable=SC2034 # read by vm_boot
VM_TRIGGER_IF="[ \"\$(grep -c 'PM: Image saving done' \"\$VM_LOG\")\" -ge 2 ] &&
	vm_monitor 'info status' 2>/dev/null | grep -q suspended" VM_TRIGGER_CMD=vm_kill_qemu \
	VM_WAKE=1 VM_WAKE_MAX=1 vm_boot sleep
expect "^HIBSEAL: boot mode=hybrid lockdown=integrity state=\\[.*disk.*\\] seal=ready systemd=257 " \
	"the Debian VM up under lockdown, sealing ready"
expect '^HIBSEAL: can-hibernate=yes$' "logind to say hibernation is possible"
marker=$(guest_value marker)
boot_id=$(grep -a '^HIBSEAL: hibernating marker=' "$VM_LOG" | grep -o 'boot_id=[^ ]*' | cut -d= -f2)
if [ -z "$marker" ] || [ -z "$boot_id" ]; then fail "no marker or boot id from the guest"; fi
expect '^HIBSEAL: sleep-pre .*disk=.*\[suspend\]' "systemd-sleep to choose hibernation mode suspend"
n=$(grep -c 'PM: hibernation: Wrote [0-9]* kbytes' "$VM_LOG" || true)
[ "$n" = 2 ] || fail "expected two images written, saw $n"
# The first: woken from RAM, running on.
expect '^HIBSEAL: sleep-post op=hybrid-sleep from=ram$' "the first sleep to end in a wake-up from RAM"
expect "^HIBSEAL: resumed user-marker=$marker user-pid=[0-9]+ user-uid=1000 answers=1 boot_id=$boot_id " \
	"the user process to answer after the wake-up, in the same boot"
expect 'hibseal: this boot wrote a sealed image and runs on: anti-replay counter advanced to [0-9]+, that image is stale' \
	"the kernel to make the first image stale"
expect "^HIBSEAL: hybrid-again boot_id=$boot_id\$" "the test service to sleep again from the woken boot"
# The second: the power cut while in RAM.
if [ "$VM_TRIGGERED" != 1 ] || [ "$VM_KILLED" != 1 ]; then fail "QEMU was not killed in the second S3"; fi
expect_not '^HIBSEAL-DONE' "the test to end before the power cut"
[ "$(host_swap_signature)" != SWAPSPACE2 ] || fail "no image signature on the swap disk after the cut"

vm_boot resume 'HIBSEAL-DONE'
expect '^HIBSEAL: sleep-post op=hybrid-sleep from=image$' "the system to come back from the image"
expect "$KLINE_VERIFIED" "the image to be verified"
# The process as the second sleep left it: it had answered once, after the wake-up from RAM.
expect "^HIBSEAL: resumed user-marker=$marker user-pid=[0-9]+ user-uid=1000 answers=2 boot_id=$boot_id file-marker=$marker\$" \
	"the user process to answer a second time from memory, in boot $boot_id"
expect_not 'image refused' "a refusal"
expect_not '^HIBSEAL: boot mode=' "a fresh boot"
vm_done
